import { test, type Page } from "@playwright/test";
import path from "node:path";
import { signIn, uniquePlayer } from "../helpers";
import type { Me } from "../fixtures/data";
import { scriptedTable } from "../scripted-table";
import { SCREENSHOT_DIR } from "../screenshot";

// Part of `npm run screenshots`: home (with the way back to a table) and a 2v2 board with
// long nicknames on the two phone sizes the issue names, 360×740 and 390×844.
const PHONES = [
  { name: "360", width: 360, height: 740 },
  { name: "390", width: 390, height: 844 },
] as const;

async function shootPhones(page: Page, name: string) {
  for (const viewport of PHONES) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${viewport.name}.png`), fullPage: false });
  }
}

/** A 2v2 deal at a table of long nicknames (the viewer's own too). */
const longNames = (me: Me) => ({
  seats: [
    { id: me.id, nickname: "Maximiliano Bartolomeu Ferreira" },
    { id: "bot-1", nickname: "Vera Conceição Albuquerque", bot: true },
    { id: "bot-2", nickname: "Josefina Aparecida Santos", bot: true },
    { id: "bot-3", nickname: "Bernardo Cavalcanti Neto", bot: true },
  ],
  match: {
    dealerIndex: 0,
    deal: {
      hands: [
        ["7h", "Kc", "4d"],
        ["3s", "5h", "Qc"],
        ["As", "2c", "Jd"],
        ["6h", "7c", "Ks"],
      ],
      vira: "6d",
    },
  },
});

test("play flow on phones", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const player = uniquePlayer("Vera");
  await signIn(page, { ...player, name: "Vera Conceição Albuquerque" });
  // A waiting table of their own: home shows the way back to it.
  await page.request.post("/api/games", {
    data: { game_type: "2v2", game_mode: "casual", truco_variant: "paulista" },
    headers: { Origin: baseURL! },
  });
  await page.goto("/");
  await page.getByTestId("resume-banner").waitFor();
  await shootPhones(page, "polish-home");

  const { page: board, context, room } = await scriptedTable(browser, longNames, { name: "Maximiliano" });
  await board.getByTestId("hand-card").first().waitFor();
  // The three others play: the viewer's turn, with the trick full of cards.
  for (const bot of ["bot-1", "bot-2", "bot-3"]) await room.playAny(bot);
  await board.getByTestId("action-bar").waitFor();
  await shootPhones(board, "polish-board-2v2");
  room.stop();
  await context.close();
});
