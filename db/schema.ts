import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

// Timestamps are ISO-8601 UTC strings: they sort, compare and serialise as the
// API answers them, and D1 has no native date type.
const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    nickname: text("nickname").notNull(),
    email: text("email"),
    avatar_url: text("avatar_url"),
    virtual_coins: integer("virtual_coins").notNull().default(0),
    ranking_points: integer("ranking_points").notNull().default(1000),
    games_played: integer("games_played").notNull().default(0),
    games_won: integer("games_won").notNull().default(0),
    games_lost: integer("games_lost").notNull().default(0),
    role: text("role", { enum: ["player", "admin"] }).notNull().default("player"),
    language: text("language"),
    premium_until: text("premium_until"),
    last_daily_reward_at: text("last_daily_reward_at"),
    daily_streak: integer("daily_streak").notNull().default(0),
    banned_at: text("banned_at"),
    last_seen_at: text("last_seen_at"),
    created_at: text("created_at").notNull().default(NOW),
  },
  (t) => [
    uniqueIndex("users_nickname_unique").on(sql`lower(${t.nickname})`),
    index("users_ranking_idx").on(t.ranking_points),
    check("users_coins_non_negative", sql`${t.virtual_coins} >= 0`),
  ],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    created_at: text("created_at").notNull().default(NOW),
  },
  (t) => [uniqueIndex("oauth_accounts_provider_subject").on(t.provider, t.subject)],
);

// Server-side sessions: the cookie holds a random token; only its SHA-256
// hash is stored, so a database leak does not leak usable sessions.
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires_at: text("expires_at").notNull(),
    created_at: text("created_at").notNull().default(NOW),
  },
  (t) => [index("sessions_user_idx").on(t.user_id)],
);

// The ledger: append-only, one row per coin movement, named by its cause.
export const coinTransactions = sqliteTable(
  "coin_transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id),
    amount: integer("amount").notNull(),
    transaction_type: text("transaction_type").notNull(),
    description: text("description"),
    ref: text("ref"),
    idempotency_key: text("idempotency_key").notNull(),
    created_at: text("created_at").notNull().default(NOW),
  },
  (t) => [
    uniqueIndex("coin_transactions_idempotency_key").on(t.idempotency_key),
    index("coin_transactions_user_idx").on(t.user_id, t.created_at),
  ],
);

export type User = typeof users.$inferSelect;
export type CoinTransaction = typeof coinTransactions.$inferSelect;
