import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// Every screen passes axe with no serious or critical violation. Use it on your screens:
//   await expectNoA11yViolations(page);
// `include` narrows the check to a part of the page (a dialog), `exclude` leaves parts out.

export async function expectNoA11yViolations(page: Page, options: { include?: string; exclude?: string[] } = {}) {
  // The screen as a person sees it once it has settled: axe reads colours mid-transition otherwise
  // (a tab fading to its selected colours measured 1.28:1 halfway through).
  // Endless ones (a pulsing badge) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    }));
  expect(serious, `axe: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
