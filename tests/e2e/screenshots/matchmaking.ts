import { expect, test } from "@playwright/test";
import { createRoom } from "../game-driver";
import { newSignedInPage } from "../helpers";
import { shoot } from "../screenshot";

// Part of `npm run screenshots`: the quick-match screens (the home page's lobby with
// "create a room", the open tables and live counts, the waiting page), phone and desktop.
test.describe.configure({ timeout: 120_000 });

test("home with an open public table, and the quick-match waiting page", async ({ browser }) => {
  const host = await newSignedInPage(browser, "Helena");
  await createRoom(host.page, "ranked:1v1", "public");
  const { page, context } = await newSignedInPage(browser, "Igor");
  await page.goto("/");
  await expect(page.getByTestId("open-table").first()).toBeVisible();
  await shoot(page, "matchmaking-home");
  await page.getByTestId("quick-casual-2v2").click();
  await page.waitForURL(/\/match$/);
  await expect(page.getByTestId("match-searching")).toBeVisible();
  await shoot(page, "matchmaking-waiting", false);
  // Back on the home page while still searching: the banner leads back to the search.
  await page.goto("/leaderboard");
  await expect(page.getByTestId("search-banner")).toBeVisible();
  await shoot(page, "matchmaking-search-banner", false);
  await page.getByRole("link", { name: "Ver busca" }).click();
  await page.waitForURL(/\/match$/);
  await page.getByTestId("match-cancel").click();
  await page.waitForURL((url) => url.pathname === "/");
  await context.close();
  await host.context.close();
});
