import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoA11yViolations } from "./a11y";
import { newSignedInPage, signIn } from "./helpers";
import { ADMIN } from "./fixtures/data";
import { startedTournament } from "./tournament-start";

// The screens outside the table on the narrowest phone: nothing wider than the screen (the page
// never scrolls sideways), the header's menu holds what its row has no room for, and the admin's
// tables turn into cards.

const PHONE_360 = { width: 360, height: 740 };
const PHONE_390 = { width: 390, height: 844 };

/** The page is no wider than the screen: nothing to scroll sideways, nothing cut off at the right. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

test("at 360 px the header's menu opens with Reembolso and Premium, and every page has the header with the balance", async ({
  browser,
}) => {
  const { page, context } = await newSignedInPage(browser, "Celular", { viewport: PHONE_360, hasTouch: true });
  const menu = page.getByTestId("header-menu");
  const toggle = menu.locator("summary");
  await expect(page.getByTestId("premium-button")).toBeHidden();
  await expect(page.getByTestId("menu-refund")).toBeHidden();
  await expectNoSidewaysScroll(page);

  await toggle.click();
  await expect(page.getByTestId("menu-refund")).toBeVisible();
  await expect(page.getByTestId("menu-refund")).toHaveText("Reembolso");
  await expect(page.getByTestId("menu-premium")).toBeVisible();
  await expect(page.getByTestId("menu-premium")).toContainText("Premium");
  await expectNoA11yViolations(page);
  // Its links open their dialogs, and the menu closes behind them.
  await page.getByTestId("menu-refund").click();
  await expect(page.getByRole("dialog", { name: "Solicitar reembolso" })).toBeVisible();
  await expect(menu).not.toHaveAttribute("open");
  await page.goto("/");

  // The keyboard: Enter opens it, Escape closes it and puts the focus back on its button.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("menu-premium")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("menu-premium")).toBeHidden();
  await expect(toggle).toBeFocused();

  for (const path of ["/tournaments", "/leaderboard", "/friends", "/profile"]) {
    await page.goto(path);
    await expect(page.getByTestId("header-coins")).toBeVisible();
    await expect(page.getByTestId("header-coins")).toContainText("1.000");
    await expectNoSidewaysScroll(page);
  }
  // Away from home, the menu's dialogs open on home.
  await page.getByTestId("header-menu").locator("summary").click();
  await page.getByTestId("menu-premium").click();
  await expect(page.getByRole("dialog", { name: "Loja" })).toBeVisible();
  await expect(page).toHaveURL(/\/\?dialog=premium$/);
  await context.close();
});

test("the admin's tables are cards at 390 px and tables on a desktop", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.setViewportSize(PHONE_390);
  for (const [tab, table] of [
    ["users", "admin-users"],
    ["tournaments", "admin-tournaments"],
  ] as const) {
    await page.goto(`/admin?tab=${tab}`);
    const row = page.getByTestId(table).locator("tbody > tr").first();
    await expect(row).toBeVisible();
    expect(await row.evaluate((tr) => getComputedStyle(tr).display), tab).toBe("block");
    // Each cell says which column it is.
    expect(
      await row
        .locator("td")
        .first()
        .evaluate((td) => getComputedStyle(td, "::before").content),
    ).not.toBe("none");
    await expectNoSidewaysScroll(page);
  }
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(
    await page
      .getByTestId("admin-tournaments")
      .locator("tbody > tr")
      .first()
      .evaluate((tr) => getComputedStyle(tr).display),
  ).toBe("table-row");
});

test("at 360 px a tournament's page and its game-ready dialog fit the screen; the bracket scrolls in its own box", async ({ browser }) => {
  // A tournament's start and four browsers on a shared machine: a large budget, not a timing assertion.
  test.setTimeout(300_000);
  const tournament = await startedTournament(browser, { viewport: PHONE_360, hasTouch: true });
  const { page } = tournament.players[0];
  await tournament.ready(page);
  const dialog = page.getByTestId("tournament-game-prompt");
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE_360.width);
  await expect(dialog.getByTestId("tournament-game-link")).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);

  // Behind it, the drawn bracket is wider than the phone: it scrolls inside its box, the page does not.
  await dialog.getByRole("button", { name: "Fechar" }).click();
  const bracket = page.getByTestId("bracket");
  await expect(bracket.getByTestId("bracket-match")).toHaveCount(3);
  const { scrollWidth, clientWidth } = await bracket.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  await expectNoSidewaysScroll(page);
  await tournament.close();
});
