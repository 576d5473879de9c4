import type { Browser } from "@playwright/test";
import { FakeRoom, currentUserId, type FakeRoomOptions } from "./fake-room";
import { newSignedInPage } from "./helpers";

// The scripted room's table (tests/e2e/fake-room.ts) as the browser tests and the screenshots open
// it: a new player, signed in; a FakeRoom with them at it; the game page open on it.

export type Me = { id: string; nickname: string };

export async function scriptedTable(
  browser: Browser,
  options: (me: Me) => Omit<FakeRoomOptions, "me">,
  setup: { name?: string; viewport?: { width: number; height: number } } = {},
) {
  const { page, context } = await newSignedInPage(browser, setup.name);
  if (setup.viewport) await page.setViewportSize(setup.viewport);
  const me = await currentUserId(page);
  const room = new FakeRoom({ me: me.id, ...options(me) });
  await room.install(page);
  await room.open(page);
  return { page, context, room, me };
}

/** A 1v1 table: the player and a computer player. */
export const duo = (me: Me) => [
  { id: me.id, nickname: me.nickname },
  { id: "bot-1", nickname: "Tia Bot", bot: true },
];

/** A 2v2 table: the player, a partner and two rivals, all computer players but the player. */
export const quartet = (me: Me) => [
  { id: me.id, nickname: me.nickname },
  { id: "bot-1", nickname: "Rival Um", bot: true },
  { id: "bot-2", nickname: "Parceira", bot: true },
  { id: "bot-3", nickname: "Rival Dois", bot: true },
];

/**
 * The 1v1 first deal most table tests play (hands in seat order): the player holds the 7 of Copas,
 * the King of Paus and the 4 of Ouros; the vira is the 6 of Ouros, so 7s are the manilhas.
 */
export const DUO_DEAL = {
  hands: [
    ["7h", "Kc", "4d"],
    ["3s", "5h", "Qc"],
  ],
  vira: "6d",
};

/** `GET /api/games/history` of a player with a ranked win and a casual 2v2 loss, newest first. */
export const PLAYED_GAMES = [
  {
    id: "g1",
    game_type: "1v1",
    game_mode: "ranked",
    truco_variant: "paulista",
    bot_level: null,
    result: "win",
    coins_change: 100,
    rating_change: 16,
    team1_score: 12,
    team2_score: 7,
    team: "team1",
    completed_at: "2026-03-04T12:00:00Z",
    created_at: "2026-03-04T11:40:00Z",
  },
  {
    id: "g2",
    game_type: "2v2",
    game_mode: "casual",
    truco_variant: "argentino",
    bot_level: null,
    result: "loss",
    coins_change: -50,
    rating_change: 0,
    team1_score: 30,
    team2_score: 21,
    team: "team2",
    completed_at: "2026-03-03T12:00:00Z",
    created_at: "2026-03-03T11:40:00Z",
  },
];
