import { batchOf, type Database, type Statement } from "./client";
import { movementStatements, welcomeBonus } from "./ledger";
import { orderedPair } from "../game/friends";
import { friendRequests, friendships, users } from "./schema";

// The demo data of a local database (DESIGN.md §2), applied by `npm start`
// after the migrations (db/seed.ts, all sections in one batch). It is a list
// of sections whose statements change nothing when their rows already exist,
// so a second run is a no-op. Coins move only through the ledger's own
// statements (invariant L1). Later sections (demo tournaments, friendships,
// ranked history) go at the end of SEED_SECTIONS.

export interface SeedSection {
  /** What the section adds, as the seed prints it. */
  name: string;
  statements(db: Database): Statement[];
}

export interface DemoPlayer {
  id: `demo-${string}`;
  nickname: string;
  ranking_points: number;
  games_played: number;
  games_won: number;
  games_lost: number;
}

/** The demo players: the leaderboard and player lists have someone to show. None of them can sign in. */
export const DEMO_PLAYERS: readonly DemoPlayer[] = [
  { id: "demo-lucas", nickname: "Lucas Tigrão", ranking_points: 1184, games_played: 42, games_won: 27, games_lost: 15 },
  { id: "demo-bia", nickname: "Bia do Zap", ranking_points: 1121, games_played: 35, games_won: 21, games_lost: 14 },
  { id: "demo-matias", nickname: "Matías Ancho", ranking_points: 1096, games_played: 51, games_won: 28, games_lost: 23 },
  { id: "demo-carmen", nickname: "Carmen Envido", ranking_points: 1043, games_played: 23, games_won: 13, games_lost: 10 },
  { id: "demo-joao", nickname: "João Manilha", ranking_points: 1012, games_played: 18, games_won: 9, games_lost: 9 },
  { id: "demo-sofia", nickname: "Sofía Retruco", ranking_points: 987, games_played: 29, games_won: 13, games_lost: 16 },
  { id: "demo-pedro", nickname: "Pedrão Seis", ranking_points: 958, games_played: 40, games_won: 17, games_lost: 23 },
  { id: "demo-ana", nickname: "Ana Pica-Fumo", ranking_points: 931, games_played: 12, games_won: 4, games_lost: 8 },
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
    .values({ ...player, email: demoEmail(player), created_at: DEMO_SINCE })
    .onConflictDoNothing();
  const [welcome, balance] = movementStatements(db, welcomeBonus(player.id, DEMO_SINCE));
  // A second run meets the welcome key already in the ledger: skip the row, keep the batch.
  return [user, welcome.onConflictDoNothing(), balance];
}

/** Who among the demo players are friends (issue 11), and one request still waiting for an answer. */
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

export const SEED_SECTIONS: readonly SeedSection[] = [demoPlayers, demoFriends];

/** Every section's statements, in order, as one batch (db/seed.ts applies them so). */
export function seedStatements(db: Database) {
  return batchOf(SEED_SECTIONS.flatMap((section) => section.statements(db)));
}
