import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { FAST, playToTheEnd } from "./game-driver";
import { newSignedInPage, signIn } from "./helpers";
import { ADMIN } from "./fixtures/data";

// Tournaments in real Chromium against the real server: an admin schedules a
// tournament, four players register on its page, the Tournament object starts it at its time, the
// live channel takes each player to their game, the semi-finals and the final are played through
// the UI, and the champion finds the prize among their transactions.

/** The "your game is ready" prompt on whatever page the player is: its link opens the game. */
async function goToGame(page: Page, timeout: number): Promise<string> {
  const link = page.getByTestId("tournament-game-link");
  await expect(link).toBeVisible({ timeout });
  const before = new URL(page.url()).pathname;
  await link.click();
  // A finalist is still on their semi-final's page: wait for the new game's.
  await page.waitForURL((url) => url.pathname.startsWith("/game/") && url.pathname !== before);
  return new URL(page.url()).pathname;
}

test("four players register, the tournament starts by itself, they play to the final and the champion is paid", async ({ browser }) => {
  // Five browsers and three matches on a shared machine: a large budget, not a timing assertion.
  test.setTimeout(720_000);
  const players: Awaited<ReturnType<typeof newSignedInPage>>[] = [];
  for (const name of ["Ana", "Bia", "Caio", "Duda"]) players.push(await newSignedInPage(browser, name));
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);

  // The dashboard lists the tournaments; the admin API creates one starting shortly.
  await admin.goto("/admin?tab=tournaments");
  await expect(admin.getByTestId("tournament-form")).toBeVisible();
  const name = `Copa E2E ${Date.now().toString(36)}`;
  const created = await admin.request.post("/api/admin/tournaments", {
    headers: { Origin: new URL(admin.url()).origin },
    data: {
      name,
      description: "Final no mesmo dia",
      game_type: "1v1",
      truco_variant: "paulista",
      entry_cost: 50,
      guaranteed_prize: 100,
      max_participants: 4,
      min_participants: 4,
      // Long enough for four players to register with one tap each.
      start_time: new Date(Date.now() + 45_000).toISOString(),
      reason: "teste e2e",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The list shows it with the real count; each player registers on the tournament's page.
  const first = players[0].page;
  await first.goto("/tournaments");
  const card = first.getByTestId("tournament-card").filter({ hasText: name });
  await expect(card.getByTestId("participants")).toHaveText("0/4");
  for (const { page } of players) {
    await page.goto(`/tournaments/${id}`);
    await page.getByTestId("register").click();
    await expect(page.getByTestId("form-notice")).toContainText("Registrado com sucesso no torneio!");
    await expect(page.getByTestId("unregister")).toBeVisible();
  }
  await first.goto("/tournaments");
  await expect(first.getByTestId("tournament-card").filter({ hasText: name }).getByTestId("participants")).toHaveText("4/4");
  for (const { page } of players) await page.goto(`/tournaments/${id}`);

  // At the start the server draws the bracket and creates both semi-finals: everyone is invited.
  const paths: string[] = [];
  for (const { page } of players) paths.push(await goToGame(page, 120_000));
  const semis = [...new Set(paths)];
  expect(semis).toHaveLength(2);
  for (const path of semis) {
    const pages = players.filter((_, i) => paths[i] === path).map(({ page }) => ({ page }));
    expect(pages).toHaveLength(2);
  }
  await Promise.all(
    semis.map((path) =>
      playToTheEnd(
        players.filter((_, i) => paths[i] === path).map(({ page }) => ({ page, policy: FAST })),
        240_000,
      ),
    ),
  );

  // The winners are invited to the final at once, on the page they are on.
  const winners: typeof players = [];
  for (const player of players) {
    if ((await player.page.getByTestId("match-result-title").textContent()) === "Vitória!") winners.push(player);
  }
  expect(winners).toHaveLength(2);
  const finalPaths = await Promise.all(winners.map(({ page }) => goToGame(page, 60_000)));
  expect(finalPaths[0]).toBe(finalPaths[1]);
  await playToTheEnd(
    winners.map(({ page }) => ({ page, policy: FAST })),
    240_000,
  );
  const champion = (await winners[0].page.getByTestId("match-result-title").textContent()) === "Vitória!" ? winners[0] : winners[1];

  // The bracket shows the champion; the prize (60% of 4×50 + 100 = 180) is in their transactions.
  await champion.page.goto(`/tournaments/${id}`);
  await expect(champion.page.getByTestId("players").locator("li").first()).toContainText("1º");
  await champion.page.goto("/profile?tab=transactions");
  const list = champion.page.getByTestId("transactions-list");
  await expect(list.locator("li", { hasText: "Prêmio de torneio" })).toContainText("180");
  await expect(list.locator("li", { hasText: "Prêmio de torneio" })).toContainText(name);

  for (const { context } of players) await context.close();
  await adminContext.close();
});
