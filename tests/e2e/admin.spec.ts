import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createRoom, FAST, gameCodeOf, joinByCode, playToTheEnd } from "./game-driver";
import { chooseLanguageCookie, newSignedInPage, signIn } from "./helpers";
import { ADMIN } from "./fixtures/data";

// The admin dashboard, as an operator and the players they act on use it. The admin
// is the address in wrangler.toml's ADMIN_EMAILS, signed in through the sign-in emulator.

async function figure(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`stat-${key}`).locator("span").nth(1).innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

/** The finished games, as the Game Management tab's "Completed" list counts them ("N total"). */
async function finishedGames(page: Page): Promise<number> {
  await page.goto("/admin?tab=games");
  await page.getByRole("navigation", { name: "Game status" }).getByRole("link", { name: "Completed", exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Game status" }).getByRole("link", { name: "Completed" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const text = await page.getByRole("navigation", { name: "Pages" }).locator("span").first().innerText();
  return Number(text.split(" total")[0].replace(/[^\d]/g, ""));
}

/** Opens the confirmation modal of a user row's action, fills it and confirms; ends on the success notice. */
async function act(page: Page, nickname: string, action: string, reason: string, value?: number) {
  await page.goto("/admin?tab=users");
  await page.getByLabel("Search by nickname or e-mail").fill(nickname);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId("admin-users").locator("tr", { hasText: nickname });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: action, exact: true }).click();
  const modal = page.getByRole("dialog");
  await expect(modal).toBeVisible();
  await modal.getByLabel("Reason").fill(reason);
  if (value !== undefined) await modal.getByRole("spinbutton").fill(String(value));
  await modal.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Action completed successfully")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

test("a player who opens /admin lands on the home page; the API refuses them", async ({ browser }) => {
  const { context, page } = await newSignedInPage(browser, "Curioso");
  await page.goto("/admin");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByTestId("header-nickname")).toBeVisible();
  expect((await page.request.get("/api/admin/stats")).status()).toBe(403);
  await context.close();
});

test("the admin watches the figures, bans a player on another browser and resets coins", async ({ browser }) => {
  // Four browsers sign in and two play a match on a shared machine: a larger budget, not a timing assertion.
  test.setTimeout(360_000);
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  // The dashboard in English, whose texts are the spec's.
  await chooseLanguageCookie(admin, "en");
  await admin.goto("/admin");
  await expect(admin.getByTestId("admin-banner")).toHaveText("ADMIN ACCESS");
  for (const tab of ["Overview", "User Management", "Game Management", "Transactions", "Admin Actions"]) {
    await expect(admin.getByRole("link", { name: tab, exact: true })).toBeVisible();
  }
  const gamesBefore = await figure(admin, "total_games");
  await expect(admin.getByTestId("stat-total_revenue")).toContainText("$");
  const finishedBefore = await finishedGames(admin);

  // A player opens a table and another joins it: the overview counts the game.
  const { context: playerContext, page: player } = await newSignedInPage(browser, "Banido");
  const { context: rivalContext, page: rival } = await newSignedInPage(browser, "Rival");
  await createRoom(player, "casual:1v1");
  const code = await gameCodeOf(player);
  await joinByCode(rival, code);
  await admin.goto("/admin?tab=overview");
  // Games of earlier tests go on meanwhile (a computer plays a seat that was left, an alarm
  // forfeits a game), so the figures grow by at least this game; its own row shows it counted.
  await expect.poll(() => figure(admin, "total_games")).toBeGreaterThanOrEqual(gamesBefore + 1);
  expect(await figure(admin, "active_games")).toBeGreaterThanOrEqual(0);
  // They play it to the end (both raise every call, so a hand or two decides it): the finished
  // games' figure counts it, and its row says how it ended.
  await playToTheEnd(
    [
      { page: player, policy: FAST },
      { page: rival, policy: FAST },
    ],
    150_000,
  );
  await expect.poll(() => finishedGames(admin)).toBeGreaterThanOrEqual(finishedBefore + 1);
  await expect(admin.getByTestId("admin-games").locator("tr", { hasText: code })).toContainText("completed");

  // The player is on the home page in their own browser while the admin bans them.
  await player.goto("/");
  await expect(player.getByTestId("header-nickname")).toBeVisible();
  const nickname = (await player.getByTestId("header-nickname").innerText()).trim();
  await act(admin, nickname, "Ban", "Insulting other players");
  // Their open page hears the ban on its channel and says why, without a reload.
  await expect(player).toHaveURL((url) => url.pathname === "/banned");
  await expect(player.getByTestId("ban-reason")).toContainText("Insulting other players");
  // A coin reset of another player, seen as its ledger row in the Transactions tab.
  const { context: otherContext, page: other } = await newSignedInPage(browser, "Rico");
  const richNickname = (await other.getByTestId("header-nickname").innerText()).trim();
  await act(admin, richNickname, "Reset coins", "Chargeback", 123);
  await admin.getByRole("link", { name: "Transactions", exact: true }).click();
  await admin.getByLabel("Player").fill(richNickname);
  await admin.getByLabel("Type").selectOption("admin_adjustment");
  await admin.getByRole("button", { name: "Filter" }).click();
  const ledger = admin.getByTestId("admin-ledger");
  await expect(ledger.locator("tbody tr")).toHaveCount(1);
  await expect(ledger.locator("tbody tr")).toContainText("admin_adjustment");
  await expect(ledger.locator("tbody tr")).toContainText("-877");

  // The audit log has both.
  await admin.getByRole("link", { name: "Admin Actions", exact: true }).click();
  const log = admin.getByTestId("admin-actions");
  await expect(log).toContainText("Insulting other players");
  await expect(log).toContainText("Chargeback");

  await Promise.all([adminContext.close(), playerContext.close(), rivalContext.close(), otherContext.close()]);
});
