import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { newSignedInPage, signIn } from "./helpers";
import { ADMIN } from "./fixtures/data";

/**
 * A four-player tournament that starts by itself half a minute from now: the admin API creates
 * it, four players register through the API and wait on its page, where the "your game is ready"
 * dialog finds them when the server draws the bracket and creates the semi-finals.
 */
export async function startedTournament(browser: Browser, options: BrowserContextOptions = {}) {
  const players: Awaited<ReturnType<typeof newSignedInPage>>[] = [];
  for (const name of ["Ana", "Bia", "Caio", "Duda"]) players.push(await newSignedInPage(browser, name, options));
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  const origin = new URL(admin.url()).origin;
  const created = await admin.request.post("/api/admin/tournaments", {
    headers: { Origin: origin },
    data: {
      name: `Copa Celular ${Date.now().toString(36)}`,
      game_type: "1v1",
      truco_variant: "paulista",
      entry_cost: 0,
      guaranteed_prize: 100,
      max_participants: 4,
      min_participants: 4,
      // Long enough for four players to register.
      start_time: new Date(Date.now() + 30_000).toISOString(),
      reason: "teste e2e",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const { page } of players) {
    const registered = await page.request.post(`/api/tournaments/${id}/register`, { headers: { Origin: origin } });
    expect(registered.ok()).toBe(true);
    await page.goto(`/tournaments/${id}`);
  }
  await adminContext.close();
  return {
    id,
    players,
    /** Waits for the ready dialog on a player's page (the server starts the tournament at its time). */
    async ready(page: Page) {
      await expect(page.getByTestId("tournament-game-prompt")).toBeVisible({ timeout: 120_000 });
    },
    async close() {
      for (const { context } of players) await context.close();
    },
  };
}
