import { and, eq, exists, isNull } from "drizzle-orm";
import { calendarDate, previousDate } from "../game/calendar";
import { settle } from "../game/room/settlement";
import { batchOf, type Database, type Statement } from "./client";
import { playerResultStatements } from "./game-results";
import { movementStatements, welcomeBonus } from "./ledger";
import { orderedPair } from "../game/channel/friends";
import { friendRequests, friendships, gamePlayers, games, users } from "./schema";
import { scheduleStatements } from "./tournaments";

// The demo data of a local database (DESIGN.md §2), applied by `npm start`
// after the migrations (db/seed.ts, all sections in one batch). It is a list
// of sections whose statements change nothing when their rows already exist,
// so a second run is a no-op. Coins move only through the ledger's own
// statements (invariant L1). Later sections (demo tournaments, friendships,
// ranked history) go at the end of SEED_SECTIONS.

export interface SeedSection {
  /** What the section adds, as the seed prints it. */
  name: string;
  /** `now`: when the seed runs (a section may date its rows from it, like the recent ranked history). */
  statements(db: Database, now: Date): Statement[];
}

export interface DemoPlayer {
  id: `demo-${string}`;
  nickname: string;
  /** How strong they play in the demo history (an Elo-like rating that decides who wins its games). */
  skill: number;
}

/** The demo players: the leaderboard and player lists have someone to show. None of them can sign in. */
export const DEMO_PLAYERS: readonly DemoPlayer[] = [
  { id: "demo-lucas", nickname: "Lucas Tigrão", skill: 1250 },
  { id: "demo-bia", nickname: "Bia do Zap", skill: 1180 },
  { id: "demo-matias", nickname: "Matías Ancho", skill: 1120 },
  { id: "demo-carmen", nickname: "Carmen Envido", skill: 1060 },
  { id: "demo-joao", nickname: "João Manilha", skill: 1000 },
  { id: "demo-sofia", nickname: "Sofía Retruco", skill: 960 },
  { id: "demo-pedro", nickname: "Pedrão Seis", skill: 910 },
  { id: "demo-ana", nickname: "Ana Pica-Fumo", skill: 850 },
];

/** When the demo accounts were made (fixed, so the demo history is the same on every machine). */
export const DEMO_SINCE = "2026-10-01T12:00:00.000Z";

export const demoEmail = (player: DemoPlayer) => `${player.id}@demo.truco.local`;

const demoPlayers: SeedSection = {
  name: `${DEMO_PLAYERS.length} demo players with their welcome bonus`,
  statements: (db) => DEMO_PLAYERS.flatMap((player) => playerStatements(db, player)),
};

function playerStatements(db: Database, player: DemoPlayer): Statement[] {
  const user = db
    .insert(users)
    .values({ id: player.id, nickname: player.nickname, email: demoEmail(player), created_at: DEMO_SINCE })
    .onConflictDoNothing();
  const [welcome] = movementStatements(db, welcomeBonus(player.id, DEMO_SINCE));
  // A second run meets the welcome key already in the ledger: skip the row (and so the balance), keep the batch.
  return [user, welcome.onConflictDoNothing()];
}

/** Days of ranked history before the seed's day (one game a day), and games on the seed's day itself. */
export const DEMO_HISTORY_DAYS = 14;
export const DEMO_GAMES_TODAY = 6;

export interface DemoGame {
  id: string;
  at: Date;
  players: [DemoPlayer, DemoPlayer];
  /** Seat 0's player won. */
  firstWins: boolean;
}

/** A number in [0, 1) from a text, the same on every machine (FNV-1a): the history is deterministic. */
function unit(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash / 2 ** 32;
}

/**
 * The demo players' ranked 1v1 games up to `now`: one a day over the last DEMO_HISTORY_DAYS days
 * (from the accounts' creation on) at a time of day picked from the date, and DEMO_GAMES_TODAY in
 * the seconds before `now`, in which every demo player plays, so the week, the month (even on
 * its first day) and today's change always have a podium to show. Who plays on a past day and who
 * wins follow from the date (the stronger wins more often). A game's id names its day, so a later
 * start adds the days since and a second start on the same day adds nothing.
 */
export function demoGames(now: Date): DemoGame[] {
  const today = calendarDate(now);
  const first = calendarDate(new Date(DEMO_SINCE));
  const days: string[] = [];
  for (let day = previousDate(today); days.length < DEMO_HISTORY_DAYS && day >= first; day = previousDate(day)) days.unshift(day);
  const pick = (key: string): [DemoPlayer, DemoPlayer] => {
    const a = Math.floor(unit(`${key}:a`) * DEMO_PLAYERS.length);
    const b = (a + 1 + Math.floor(unit(`${key}:b`) * (DEMO_PLAYERS.length - 1))) % DEMO_PLAYERS.length;
    return [DEMO_PLAYERS[a], DEMO_PLAYERS[b]];
  };
  const game = (key: string, at: Date, players = pick(key)): DemoGame => {
    const expected = 1 / (1 + 10 ** ((players[1].skill - players[0].skill) / 400));
    return { id: `demo-ranked-${key}`, at, players, firstWins: unit(`${key}:w`) < expected };
  };
  return [
    // Noon in São Paulo (15:00 UTC; no daylight saving there since 2019), give or take five hours.
    ...days.map((day) => game(day, new Date(Date.parse(`${day}T15:00:00.000Z`) + Math.round((unit(`${day}:t`) - 0.5) * 10 * 3600_000)))),
    ...Array.from({ length: DEMO_GAMES_TODAY }, (_, i) =>
      game(`${today}-${i + 1}`, new Date(now.getTime() - (DEMO_GAMES_TODAY - i) * 1000)),
    ),
  ].filter((g) => g.at.getTime() < now.getTime());
}

/**
 * The demo history through the settlement's own statements (db/game-results.ts): each game
 * completed, its two seats, then each player's result, stats, ranking points and leaderboard
 * rows, guarded by "not settled yet", and last settled_at. Elo follows the players' points as the
 * history goes (game/room/settlement.ts). No coins move: these are results only, entry 0.
 */
function historyStatements(db: Database, now: Date): Statement[] {
  const points = new Map<string, number>(DEMO_PLAYERS.map((player) => [player.id, 1000]));
  return demoGames(now).flatMap((demo) => {
    const completed = demo.at.toISOString();
    const outcome = settle(
      demo.players.map((player, seat) => ({
        userId: player.id,
        team: seat === 0 ? "team1" : "team2",
        entryPaid: 0,
        rating: points.get(player.id)!,
      })),
      demo.firstWins ? "team1" : "team2",
      true,
    );
    for (const seat of outcome) points.set(seat.userId, Math.max(0, points.get(seat.userId)! + seat.ratingChange));
    const unsettled = isNull(games.settled_at);
    const onlyIf = and(unsettled, eq(games.id, demo.id));
    return [
      db
        .insert(games)
        .values({
          id: demo.id,
          game_code: demo.id.slice(-6).toUpperCase(),
          status: "completed",
          game_type: "1v1",
          game_mode: "ranked",
          truco_variant: "paulista",
          entry_cost: 0,
          created_by: demo.players[0].id,
          winner_team: demo.firstWins ? "team1" : "team2",
          team1_score: demo.firstWins ? 12 : 7,
          team2_score: demo.firstWins ? 9 : 12,
          created_at: completed,
          started_at: completed,
          completed_at: completed,
        })
        .onConflictDoNothing(),
      db
        .insert(gamePlayers)
        .values(
          demo.players.map((player, seat) => ({
            game_id: demo.id,
            user_id: player.id,
            seat,
            team: seat === 0 ? ("team1" as const) : ("team2" as const),
            nickname: player.nickname,
            is_ready: true,
            joined_at: completed,
          })),
        )
        .onConflictDoNothing(),
      ...outcome.flatMap((seat) =>
        playerResultStatements(db, demo.id, seat, {
          countStats: true,
          ranked: true,
          at: demo.at,
          onlyIf: sqlExists(db, onlyIf),
        }),
      ),
      db
        .update(games)
        .set({ settled_at: completed })
        .where(and(eq(games.id, demo.id), unsettled)),
    ];
  });
}

/** `EXISTS (SELECT 1 FROM games WHERE …)`: a guard any statement can carry, whatever table it writes. */
function sqlExists(db: Database, where: ReturnType<typeof and>) {
  return exists(db.select({ one: games.id }).from(games).where(where));
}

const rankedHistory: SeedSection = {
  name: `the demo players' ranked games of the last ${DEMO_HISTORY_DAYS} days and today (every leaderboard has a podium)`,
  statements: historyStatements,
};

/** Who among the demo players are friends, and one request still waiting for an answer. */
export const DEMO_FRIENDSHIPS: readonly (readonly [DemoPlayer["id"], DemoPlayer["id"]])[] = [
  ["demo-lucas", "demo-bia"],
  ["demo-lucas", "demo-matias"],
  ["demo-bia", "demo-carmen"],
  ["demo-joao", "demo-sofia"],
  ["demo-pedro", "demo-ana"],
  ["demo-carmen", "demo-sofia"],
];
export const DEMO_PENDING_REQUEST = { id: "demo-request-ana-lucas", sender_id: "demo-ana", receiver_id: "demo-lucas" } as const;

const demoFriends: SeedSection = {
  name: `${DEMO_FRIENDSHIPS.length} demo friendships and a pending friend request`,
  statements: (db) => [
    ...DEMO_FRIENDSHIPS.map(([one, other]) => {
      const [a, b] = orderedPair(one, other);
      return db.insert(friendships).values({ user_a_id: a, user_b_id: b, created_at: DEMO_SINCE }).onConflictDoNothing();
    }),
    db
      .insert(friendRequests)
      .values({ ...DEMO_PENDING_REQUEST, status: "pending", created_at: DEMO_SINCE })
      .onConflictDoNothing(),
  ],
};

/**
 * The recurring tournament schedule: the series' next tournaments, so a fresh
 * `npm start` always has one in registration (a free "Torneio Relâmpago" every 15 minutes, a daily
 * paid cup per variant, a 2v2 one). The list's loader keeps the schedule going from there.
 */
const tournamentSchedule: SeedSection = {
  name: "tournament schedule",
  statements: (db, now) => scheduleStatements(db, now),
};

export const SEED_SECTIONS: readonly SeedSection[] = [demoPlayers, rankedHistory, demoFriends, tournamentSchedule];

/** Every section's statements, in order, as one batch (db/seed.ts applies them so). */
export function seedStatements(db: Database, now = new Date()) {
  return batchOf(SEED_SECTIONS.flatMap((section) => section.statements(db, now)));
}
