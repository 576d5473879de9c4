import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { chooseVariant, createRoom, FAST, gameCodeOf, joinByCode, playToTheEnd } from "./game-driver";
import { newSignedInPage } from "./helpers";

// The leaderboard in real Chromium against the real server: two players play a ranked
// 1v1 to its end through the UI, the room's settlement writes their leaderboard rows, and both
// find each other on the boards with the new points: one reads it in pt-BR, the other in English.
// The demo players of `npm start`'s seed are on every board too, so each board has a podium.

/** A row of the full list, by the player's nickname. */
const rowOf = (page: Page, nickname: string) => page.getByTestId("board-list").getByTestId("board-row").filter({ hasText: nickname });

test("two players play a ranked 1v1, then find each other on every board with their new points", async ({ browser }) => {
  test.setTimeout(420_000);
  const ana = await newSignedInPage(browser, "Ana");
  const bruno = await newSignedInPage(browser, "Bruno");
  const nicknameOf = async (page: Page) => ((await page.getByTestId("header-nickname").textContent()) ?? "").trim();
  const names = new Map([
    [ana, await nicknameOf(ana.page)],
    [bruno, await nicknameOf(bruno.page)],
  ]);

  // Before any ranked game: no position yet, an invitation to play one.
  await ana.page.getByTestId("header-leaderboard").click();
  await ana.page.waitForURL("/leaderboard");
  await expect(ana.page.getByRole("heading", { level: 1 })).toHaveText("Ranking");
  await expect(ana.page.getByTestId("own-position")).toHaveAttribute("data-ranked", "false");
  await expect(ana.page.getByTestId("own-position")).toContainText("Você ainda não jogou partidas ranqueadas neste período.");

  await ana.page.goto("/");
  await chooseVariant(ana.page, "paulista");
  await createRoom(ana.page, "ranked:1v1");
  await expect(ana.page.getByTestId("info-entry")).toContainText("100 moedas");
  await joinByCode(bruno.page, await gameCodeOf(ana.page));
  await playToTheEnd(
    [
      { page: ana.page, policy: FAST },
      { page: bruno.page, policy: FAST },
    ],
    // A whole match to 12; generous for a loaded machine.
    360_000,
  );
  const titles = await Promise.all([ana, bruno].map(({ page }) => page.getByTestId("match-result-title").textContent()));
  const winner = titles[0] === "Vitória!" ? ana : bruno;
  const loser = winner === ana ? bruno : ana;

  // The loser reads the board in English: the language cookie, as the header's switcher writes it.
  await loser.page.evaluate(() => (document.cookie = "lng=en; Path=/; SameSite=Lax"));

  // Both open the board from the home header: Geral (All time) by default.
  for (const { page } of [winner, loser]) {
    await page.goto("/");
    await page.getByTestId("header-leaderboard").click();
    await page.waitForURL("/leaderboard");
  }
  const w = winner.page;
  const l = loser.page;
  await expect(l.getByRole("heading", { level: 1 })).toHaveText("Leaderboard");
  await expect(w.getByTestId("period-all")).toHaveAttribute("aria-current", "page");
  await expect(l.getByTestId("period-all")).toHaveText("All time");

  // Each sees the other with the new points (Elo, 1,000 each, K = 32: ±16), and their own row highlighted.
  await expect(rowOf(w, names.get(loser)!).getByTestId("row-points")).toHaveText("984");
  await expect(rowOf(l, names.get(winner)!).getByTestId("row-points")).toHaveText("1,016");
  await expect(rowOf(w, names.get(winner)!)).toHaveAttribute("data-current", "true");
  await expect(rowOf(w, names.get(winner)!)).toContainText("(você)");
  await expect(rowOf(l, names.get(loser)!)).toHaveAttribute("data-current", "true");
  await expect(rowOf(l, names.get(loser)!)).toContainText("(you)");
  await expect(rowOf(w, names.get(loser)!)).not.toHaveAttribute("data-current", "true");
  await expect(w.getByTestId("own-points")).toHaveText("1.016");
  await expect(l.getByTestId("own-points")).toHaveText("984");
  // The change since yesterday: the game was today.
  await expect(rowOf(w, names.get(winner)!).getByTestId("change")).toHaveAttribute("data-change", "16");
  await expect(rowOf(l, names.get(loser)!).getByTestId("change")).toHaveAttribute("data-change", "-16");
  // The demo players make three or more: the podium shows.
  await expect(w.getByTestId("podium")).toBeVisible();
  for (const place of [1, 2, 3]) await expect(l.getByTestId(`podium-${place}`)).toBeVisible();
  // The list's ranks follow the points.
  const points = await w.getByTestId("board-list").getByTestId("row-points").allTextContents();
  const values = points.map((text) => Number(text.replace(/\D/g, "")));
  expect(values).toEqual([...values].sort((a, b) => b - a));

  // The week and the month count the points gained: +16 and −16, for both of them.
  await w.getByTestId("period-weekly").click();
  await w.waitForURL("/leaderboard?period=weekly");
  await expect(w.getByTestId("period-weekly")).toHaveAttribute("aria-current", "page");
  await expect(rowOf(w, names.get(winner)!).getByTestId("row-points")).toHaveText("+16");
  await expect(rowOf(w, names.get(loser)!).getByTestId("row-points")).toHaveText("−16");
  await expect(w.getByTestId("podium")).toBeVisible();
  await l.getByTestId("period-monthly").click();
  await l.waitForURL("/leaderboard?period=monthly");
  await expect(l.getByTestId("period-monthly")).toHaveText("Monthly");
  await expect(rowOf(l, names.get(winner)!).getByTestId("row-points")).toHaveText("+16");
  await expect(rowOf(l, names.get(loser)!)).toHaveAttribute("data-current", "true");
  await expect(l.getByTestId("own-points")).toHaveText("−16");

  // A tap on the other's row opens their public card: points, games, win rate; nothing private.
  await rowOf(l, names.get(winner)!).click();
  const card = l.getByTestId("player-card");
  await expect(card).toBeVisible();
  await expect(card).toContainText(names.get(winner)!);
  await expect(card.getByTestId("card-points")).toHaveText("1,016");
  await expect(card.getByTestId("card-games")).toHaveText("1");
  await expect(card.getByTestId("card-win-rate")).toHaveText("100.0%");
  await expect(card).not.toContainText("@example.test");

  await ana.context.close();
  await bruno.context.close();
});
