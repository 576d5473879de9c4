import { expect, test } from "./fixtures";
import { newSignedInPage, tapChoice } from "./helpers";
import type { Locator } from "@playwright/test";
import path from "node:path";
import { SCREENSHOT_DIR, VIEWPORTS, shoot } from "./screenshot";

// A table's house rules in the browser (docs/decisions/137-table-house-rules.md): the create card
// offers the chosen variant's options, and the table's rules show in its waiting room and in the
// open tables of another player's home.

/** The part of the page that matters, at a phone's and a desktop's size. */
async function shootPart(part: Locator, name: string) {
  for (const viewport of VIEWPORTS) {
    await part.page().setViewportSize(viewport);
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${viewport.name}.png`),
      style: '[data-testid="install-banner"] { display: none !important; }',
    });
  }
}

test("an Argentino table to 15 without flor: chosen in the create card, shown in the waiting room and the open tables", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ana = await newSignedInPage(browser, "Ana");
  await ana.page.goto("/");
  await tapChoice(ana.page.getByTestId("variant-argentino"));
  const rules = ana.page.getByTestId("table-rules");
  await expect(rules).toContainText("Regras da mesa");
  await tapChoice(ana.page.getByTestId("rule-targetPoints-15"));
  await expect(ana.page.getByTestId("rule-flor-false")).toBeChecked();
  await ana.page.getByTestId("create-room-table").selectOption("casual:1v1");
  await tapChoice(ana.page.getByTestId("create-room-public"));
  await shootPart(ana.page.getByTestId("create-room-card"), "house-rules-create");

  // A ranked table keeps the standard rules: the choices are disabled and say why.
  await ana.page.getByTestId("create-room-table").selectOption("ranked:1v1");
  await expect(ana.page.getByTestId("table-rules-ranked")).toBeVisible();
  await expect(ana.page.getByTestId("rule-targetPoints-15")).toBeDisabled();
  await ana.page.getByTestId("create-room-table").selectOption("casual:1v1");
  await expect(ana.page.getByTestId("rule-targetPoints-15")).toBeEnabled();

  await ana.page.getByTestId("create-room").click();
  await ana.page.waitForURL(/\/game\//);
  const gameId = new URL(ana.page.url()).pathname.split("/").pop()!;
  await expect(ana.page.getByTestId("waiting-rules")).toHaveText("Regras da mesa: Argentino · a 15 · sem flor");
  await shoot(ana.page, "house-rules-waiting-room");

  const beto = await newSignedInPage(browser, "Beto");
  await beto.page.goto("/");
  const table = beto.page.locator(`[data-testid="open-table"][data-game-id="${gameId}"]`);
  // The lobby publishes every 5 s and each isolate shares a snapshot for 2.5 s.
  await expect(table.getByTestId("open-table-rules")).toHaveText("a 15 · sem flor", { timeout: 15_000 });
  await shootPart(beto.page.getByTestId("open-tables"), "house-rules-open-tables");
  await ana.context.close();
  await beto.context.close();
});
