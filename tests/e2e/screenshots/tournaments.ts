import { test } from "@playwright/test";
import { newSignedInPage, signIn } from "../helpers";
import { shoot } from "../screenshot";
import { ADMIN } from "../fixtures/data";
import { startedTournament } from "../tournament-start";

// Part of `npm run screenshots`, not a test: the /tournaments tabs, a tournament's page and the
// admin's Tournaments tab, phone and desktop, into .tmp/screenshots.
test("tournament screens", async ({ page, browser }) => {
  test.setTimeout(400_000);
  const { context, page: player } = await newSignedInPage(browser, "Torcedora");
  for (const tab of ["upcoming", "active", "completed"]) {
    await player.goto(`/tournaments?tab=${tab}`);
    await shoot(player, `tournaments-${tab}`);
  }
  await player.goto("/tournaments");
  await player.getByTestId("tournament-card").first().getByRole("link", { name: "Ver torneio" }).click();
  await player.waitForURL(/\/tournaments\/.+/);
  await shoot(player, "tournament-page");
  await signIn(page, ADMIN);
  await page.goto("/admin?tab=tournaments");
  await shoot(page, "admin-tournaments");
  await context.close();
});

test("a started tournament: its bracket and the game-ready dialog", async ({ browser }) => {
  test.setTimeout(300_000);
  const tournament = await startedTournament(browser);
  const { page } = tournament.players[0];
  await tournament.ready(page);
  await shoot(page, "tournament-game-ready", false);
  await page.getByTestId("tournament-game-prompt").getByRole("button", { name: "Fechar" }).click();
  await page.getByTestId("bracket").waitFor();
  await shoot(page, "tournament-bracket");
  await tournament.close();
});
