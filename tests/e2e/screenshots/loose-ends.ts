import { expect, test } from "@playwright/test";
import { ADMIN } from "../fixtures/data";
import { chooseVariant } from "../game-driver";
import { chooseLanguageCookie, newSignedInPage, signIn } from "../helpers";
import { shoot } from "../screenshot";

// Part of `npm run screenshots`: a lone ranked search with its estimate and both offers, the
// landing page's counts, and the admin dashboard in Spanish reached from the header's link.
test.describe.configure({ timeout: 180_000 });

test("a lone ranked search: the estimate, then the wider search and the computer", async ({ browser }) => {
  const { page, context } = await newSignedInPage(browser, "Rita");
  await page.clock.install();
  await page.reload();
  await chooseVariant(page, "paulista");
  await page.getByTestId("quick-ranked-1v1").click();
  await page.waitForURL(/\/match$/);
  await expect(page.getByTestId("match-estimate")).toBeVisible();
  await shoot(page, "matchmaking-ranked-estimate", false);
  await page.clock.fastForward("00:31");
  await expect(page.getByTestId("match-widen-offer")).toBeVisible();
  await shoot(page, "matchmaking-ranked-widen", false);
  await page.getByTestId("match-widen").click();
  await expect(page.getByTestId("match-widened")).toBeVisible();
  await page.clock.fastForward("01:01");
  await expect(page.getByTestId("match-bots-offer")).toBeVisible();
  await shoot(page, "matchmaking-ranked-bots", false);
  await page.getByTestId("match-cancel").click();
  await page.waitForURL((url) => url.pathname === "/");

  const visitor = await browser.newContext({ locale: "pt-BR" });
  const landing = await visitor.newPage();
  await landing.goto("/");
  await expect(landing.getByTestId("count-online")).toBeVisible();
  await shoot(landing, "landing-counts", false);
  await visitor.close();
  await context.close();
});

test("the admin's header link and the dashboard in Spanish", async ({ page }) => {
  await signIn(page, ADMIN);
  await chooseLanguageCookie(page, "es");
  await page.reload();
  await expect(page.getByTestId("header-admin")).toBeVisible();
  await shoot(page, "admin-header-link", false);
  for (const tab of ["overview", "users", "games", "transactions", "actions"]) {
    await page.goto(`/admin?tab=${tab}`);
    await shoot(page, `admin-es-${tab}`, false);
  }
});
