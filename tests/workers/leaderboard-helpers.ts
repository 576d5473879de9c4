import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { gamePlayers, games } from "../../db/schema";
import { calendarDate } from "../../game/calendar";
import { boardsAt } from "../../game/leaderboard";
import { settle, teamOfSeat, type SeatOutcome } from "../../game/room/settlement";
import { summaryOf } from "~/services/games.server";
import { ratingsOf, settleGame } from "../../workers/game-room/src/records";
import { testContext } from "./helpers";

// The leaderboard's test tools: ranked games settled through the room's own settlement batch
// (records.settleGame, with its Elo from game/room/settlement.ts) at chosen instants, and the boards
// recomputed from game_players, the oracle the score table must always equal.

let gamesMade = 0;

/**
 * A ranked game of `winners` against `losers` (1v1 or 2v2; winners sit as team1), settled at
 * `at` by the room's settlement batch with the players' current points. Free (entry 0): the
 * boards only count results. `bot`: a computer player takes the last loser's seat.
 */
export async function settleRanked(
  winners: { id: string }[],
  losers: ({ id: string } | null)[],
  at: Date,
  { ranked = true }: { ranked?: boolean } = {},
): Promise<SeatOutcome[]> {
  const { db } = testContext();
  gamesMade += 1;
  const id = crypto.randomUUID();
  const seats = winners.flatMap((winner, i) => [winner, losers[i] ?? null]);
  await db.insert(games).values({
    id,
    game_code: `T${String(gamesMade).padStart(5, "0")}`.slice(-6),
    status: "active",
    game_type: seats.length === 2 ? "1v1" : "2v2",
    game_mode: ranked ? "ranked" : "casual",
    truco_variant: "paulista",
    entry_cost: 0,
    created_by: winners[0].id,
    started_at: at.toISOString(),
  });
  await db.insert(gamePlayers).values(
    seats.map((player, seat) => ({
      game_id: id,
      user_id: player?.id ?? null,
      seat,
      team: teamOfSeat(seat),
      nickname: player ? `P${seat}` : "Computador",
      bot_level: player ? null : ("normal" as const),
      is_ready: true,
    })),
  );
  const humans = seats.flatMap((player) => (player ? [player.id] : []));
  const ratings = await ratingsOf(db, humans);
  const outcome = settle(
    seats.map((player, seat) => ({
      userId: player?.id ?? null,
      team: teamOfSeat(seat),
      entryPaid: 0,
      rating: ratings.get(player?.id ?? "") ?? 1000,
    })),
    "team1",
    ranked,
  );
  const game = (await db.select().from(games).where(eq(games.id, id)).get())!;
  const result = await settleGame(db, summaryOf(game), { winner: "team1", scores: [12, 6], seats: outcome, countStats: true, ranked }, at);
  expect(result).toBe("settled");
  return outcome;
}

export interface ScoreLine {
  board: string;
  user_id: string;
  points: number;
  games: number;
  wins: number;
  day: string;
  day_points: number;
  nickname: string;
  avatar_url: string | null;
  user_created_at: string;
  hidden: number;
}

const byKey = (a: ScoreLine, b: ScoreLine) => `${a.board} ${a.user_id}`.localeCompare(`${b.board} ${b.user_id}`);

/** The score table as stored. */
export async function storedBoards(): Promise<ScoreLine[]> {
  const { results } = await env.DB.prepare(
    `SELECT board, user_id, points, games, wins, day, day_points, nickname, avatar_url, user_created_at, hidden FROM leaderboard_scores`,
  ).all<ScoreLine>();
  return results.sort(byKey);
}

/**
 * The score table recomputed from scratch: every settled ranked result in game_players, on the
 * boards of its settlement instant (game/leaderboard.ts), summed; `all` takes the player's points
 * from users; the mirrored fields come from users.
 */
export async function recomputedBoards(): Promise<ScoreLine[]> {
  const { results } = await env.DB.prepare(
    `SELECT gp.user_id, gp.rating_change, gp.result, g.completed_at,
            u.ranking_points, u.nickname, u.avatar_url, u.created_at, u.banned_at
     FROM game_players gp JOIN games g ON g.id = gp.game_id JOIN users u ON u.id = gp.user_id
     WHERE g.game_mode = 'ranked' AND g.bot_level IS NULL AND g.settled_at IS NOT NULL AND gp.result IS NOT NULL`,
  ).all<{
    user_id: string;
    rating_change: number;
    result: string;
    completed_at: string;
    ranking_points: number;
    nickname: string;
    avatar_url: string | null;
    created_at: string;
    banned_at: string | null;
  }>();
  const lines = new Map<string, ScoreLine & { changes: { day: string; change: number }[] }>();
  for (const r of results) {
    const at = new Date(r.completed_at);
    for (const board of boardsAt(at).keys) {
      const key = `${board} ${r.user_id}`;
      const line = lines.get(key) ?? {
        board,
        user_id: r.user_id,
        points: 0,
        games: 0,
        wins: 0,
        day: "",
        day_points: 0,
        nickname: r.nickname,
        avatar_url: r.avatar_url,
        user_created_at: r.created_at,
        hidden: r.banned_at ? 1 : 0,
        changes: [],
      };
      line.points = board === "all" ? r.ranking_points : line.points + r.rating_change;
      line.games += 1;
      line.wins += r.result === "win" ? 1 : 0;
      line.changes.push({ day: calendarDate(at), change: r.rating_change });
      lines.set(key, line);
    }
  }
  return [...lines.values()]
    .map(({ changes, ...line }) => {
      const day = changes.reduce((last, c) => (c.day > last ? c.day : last), "");
      return { ...line, day, day_points: changes.filter((c) => c.day === day).reduce((sum, c) => sum + c.change, 0) };
    })
    .sort(byKey);
}

export async function expectBoardsMatchGames() {
  expect(await storedBoards()).toEqual(await recomputedBoards());
}
