import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { VARIANTS } from "../game/truco/variant-list";
import type { TableRules } from "../game/truco/table-options";
import { ADMIN_ACTION_TYPES, type AdminActionType } from "./admin-action-types";

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
    role: text("role", { enum: ["player", "admin"] })
      .notNull()
      .default("player"),
    language: text("language"),
    premium_until: text("premium_until"),
    last_daily_reward_at: text("last_daily_reward_at"),
    daily_streak: integer("daily_streak").notNull().default(0),
    banned_at: text("banned_at"),
    /** Why the player was banned (shown to them on the banned page); null unless banned. */
    ban_reason: text("ban_reason"),
    last_seen_at: text("last_seen_at"),
    /** "Appear offline": friends see this player offline whatever their real presence. */
    appear_offline: integer("appear_offline", { mode: "boolean" }).notNull().default(false),
    /** "Private games": only this player's tables and admins may open the replays of games they played. */
    games_private: integer("games_private", { mode: "boolean" }).notNull().default(false),
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
    // A player's ledger, newest first by id (the transactions list pages by id): entries in rowid
    // order, so a page reads its own rows and no sort; the balance audit sums by it too.
    index("coin_transactions_user_id_idx").on(t.user_id),
    // The ledger audit's "changed since the last run" (db/ledger-audit.ts).
    index("coin_transactions_created_idx").on(t.created_at),
  ],
);

export const GAME_STATUSES = ["waiting", "active", "completed", "cancelled"] as const;
export const GAME_TYPES = ["1v1", "2v2"] as const;
export const GAME_MODES = ["casual", "ranked", "tournament"] as const;
/** The game's own list (game/truco/variant-list.ts): a new variant is a new allowed value here too. */
export const TRUCO_VARIANTS = VARIANTS;
export const BOT_LEVELS = ["easy", "normal", "hard"] as const;

export const games = sqliteTable(
  "games",
  {
    id: text("id").primaryKey(),
    game_code: text("game_code").notNull(),
    status: text("status", { enum: GAME_STATUSES }).notNull().default("waiting"),
    game_type: text("game_type", { enum: GAME_TYPES }).notNull(),
    game_mode: text("game_mode", { enum: GAME_MODES }).notNull(),
    truco_variant: text("truco_variant", { enum: TRUCO_VARIANTS }).notNull(),
    entry_cost: integer("entry_cost").notNull(),
    /** Set for a practice game against the computer (free, unranked). */
    bot_level: text("bot_level", { enum: BOT_LEVELS }),
    /** A premium member's exclusive table: only premium members may take a seat. */
    premium_only: integer("premium_only", { mode: "boolean" }).notNull().default(false),
    /** Listed on the home page's open tables; a private table is reached by its code only. */
    is_public: integer("is_public", { mode: "boolean" }).notNull().default(false),
    created_by: text("created_by")
      .notNull()
      .references(() => users.id),
    winner_team: text("winner_team", { enum: ["team1", "team2"] }),
    team1_score: integer("team1_score").notNull().default(0),
    team2_score: integer("team2_score").notNull().default(0),
    /** Why a game ended without a winner (idle, abandoned, fault). */
    end_reason: text("end_reason"),
    created_at: text("created_at").notNull().default(NOW),
    started_at: text("started_at"),
    completed_at: text("completed_at"),
    /** Set once, by the settlement batch: a second settlement finds it and does nothing. */
    settled_at: text("settled_at"),
    /** Set for a tournament game: the room reports its end to that tournament. */
    tournament_id: text("tournament_id"),
    /** The house rules the table was opened with (game/truco/table-options.ts); null: the variant's defaults. */
    house_rules: text("house_rules", { mode: "json" }).$type<TableRules>(),
  },
  (t) => [
    // A code is unique among the games that can still be joined or played.
    uniqueIndex("games_open_code_unique")
      .on(t.game_code)
      .where(sql`${t.status} IN ('waiting', 'active')`),
    index("games_status_idx").on(t.status, t.created_at),
    index("games_completed_idx").on(t.completed_at),
  ],
);

export const gamePlayers = sqliteTable(
  "game_players",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    game_id: text("game_id")
      .notNull()
      .references(() => games.id),
    /** Null for a computer player. */
    user_id: text("user_id").references(() => users.id),
    seat: integer("seat").notNull(),
    team: text("team", { enum: ["team1", "team2"] }).notNull(),
    nickname: text("nickname").notNull(),
    bot_level: text("bot_level", { enum: BOT_LEVELS }),
    is_ready: integer("is_ready", { mode: "boolean" }).notNull().default(false),
    /** Coins escrowed when the seat was taken (0 for free games and bots). */
    entry_paid: integer("entry_paid").notNull().default(0),
    result: text("result", { enum: ["win", "loss"] }),
    coins_change: integer("coins_change").notNull().default(0),
    rating_change: integer("rating_change").notNull().default(0),
    joined_at: text("joined_at").notNull().default(NOW),
    left_at: text("left_at"),
    /**
     * True while the seat's game is waiting or active: kept so by the triggers of migration 0015
     * from games.status, whatever writes it, so a player's held seats are read through the partial
     * index below (a row per held seat) instead of through their whole history.
     */
    held: integer("held", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    uniqueIndex("game_players_seat_unique").on(t.game_id, t.seat),
    // One seat per player and game, led by the player: the same index serves a player's seats
    // (history, held seats) and a seat by game and player, so no second index on user_id is kept.
    uniqueIndex("game_players_user_game_unique")
      .on(t.user_id, t.game_id)
      .where(sql`${t.user_id} IS NOT NULL`),
    index("game_players_held_idx")
      .on(t.user_id)
      .where(sql`${t.held} = 1`),
  ],
);

// A game's hands (seed commitments, seeds, actions) and its chat are not in D1: its room keeps them
// while it is played and writes them as one record to R2 when it ends (db/game-records.ts, ADR
// 119). The tables that held them before, `game_hands` and `chat_messages`, are no longer read or
// written; db/contract/ holds the migration that drops them, for the release after this one.

/** Checkout sessions and what became of them. */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["coins", "premium"] }).notNull(),
    pack_id: integer("pack_id"),
    plan_type: text("plan_type", { enum: ["monthly", "yearly"] }),
    amount_cents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    /** Coins credited when paid (pack coins plus bonus); 0 for premium. */
    coins: integer("coins").notNull().default(0),
    status: text("status", { enum: ["pending", "paid", "expired", "failed"] })
      .notNull()
      .default("pending"),
    stripe_session_id: text("stripe_session_id").notNull(),
    stripe_subscription_id: text("stripe_subscription_id"),
    created_at: text("created_at").notNull().default(NOW),
    completed_at: text("completed_at"),
  },
  (t) => [uniqueIndex("payments_session_unique").on(t.stripe_session_id), index("payments_user_idx").on(t.user_id, t.created_at)],
);

/** Stripe events already processed, by id: a redelivery is recognised and skipped. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  created: integer("created").notNull(),
  processed_at: text("processed_at").notNull().default(NOW),
});

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id),
    plan_type: text("plan_type", { enum: ["monthly", "yearly"] }).notNull(),
    status: text("status").notNull(),
    current_period_end: text("current_period_end"),
    cancel_at_period_end: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** `created` of the newest Stripe event applied, so an older one never overwrites it. */
    last_event_at: integer("last_event_at").notNull().default(0),
    updated_at: text("updated_at").notNull().default(NOW),
  },
  (t) => [index("subscriptions_user_idx").on(t.user_id)],
);

/** Every technical refund request, granted or not, for admin review. */
export const refundRequests = sqliteTable(
  "refund_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id),
    game_id: text("game_id").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["approved", "rejected"] }).notNull(),
    refund_amount: integer("refund_amount").notNull().default(0),
    decision: text("decision"),
    created_at: text("created_at").notNull().default(NOW),
  },
  (t) => [index("refund_requests_user_idx").on(t.user_id, t.created_at)],
);

/**
 * The leaderboard: one row per player and board, `all`, `month:YYYY-MM` or
 * `week:YYYY-MM-DD` (game/leaderboard.ts), written in the batch that settles a ranked game
 * (db/leaderboard.ts). A row holds everything a line of the board shows, so a page of the board
 * reads one row per line through the rank index, and a player's rank is a count over it:
 * - points: on `all` the player's current ranking points, on a month or week the points gained
 *   in it by ranked games; games and wins: the ranked games the board counts;
 * - nickname, avatar_url, user_created_at (the last tie-break) and hidden (banned) mirror users,
 *   kept so by the triggers of migration 0005 whatever writes users;
 * - day, day_points: the São Paulo date of the row's last change and its net change that day
 *   (the change since yesterday).
 */
/**
 * leaderboard_scores.rank_key: 1e9 − points and 1e9 − wins as ten digits (points stay well inside
 * ±1e9), then the account's creation and the id, each followed by char(1), below any character they hold.
 */
const RANK_KEY = sql`printf('%010d', 1000000000 - points) || printf('%010d', 1000000000 - wins) || user_created_at || char(1) || user_id`;

export const leaderboardScores = sqliteTable(
  "leaderboard_scores",
  {
    board: text("board").notNull(),
    // Derived data: it goes with its user.
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    points: integer("points").notNull(),
    games: integer("games").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    nickname: text("nickname").notNull(),
    avatar_url: text("avatar_url"),
    user_created_at: text("user_created_at").notNull(),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    day: text("day").notNull(),
    day_points: integer("day_points").notNull().default(0),
    updated_at: text("updated_at").notNull().default(NOW),
    /**
     * The board's order as one text (computed, not stored): points and wins as fixed-width
     * descending numbers, the account's creation, the id; ordering by it is ordering by points
     * DESC, wins DESC, user_created_at, user_id. A rank's count reads one index range of it.
     */
    rank_key: text("rank_key").generatedAlwaysAs(RANK_KEY, { mode: "virtual" }),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.user_id] }),
    // The board's order (DESIGN.md §5: points, more wins, the earlier account), listed rows only.
    index("leaderboard_scores_rank").on(t.board, t.hidden, sql`${t.points} DESC`, sql`${t.wins} DESC`, t.user_created_at, t.user_id),
    index("leaderboard_scores_rank_key").on(t.board, t.hidden, t.rank_key),
    index("leaderboard_scores_user_idx").on(t.user_id),
  ],
);

/**
 * A board cut into blocks of 100 lines down to line 10,000, and one block for the lines below, as
 * the scheduled job last measured it: each block's first line's rank key and how many listed lines
 * it holds now. Triggers on leaderboard_scores keep `lines` exact between measurements: a line
 * belongs to the last block whose first key is at or before its own (to block 0 above them all).
 * Own rank sums the blocks above the player's and counts the lines in their block above them.
 */
export const leaderboardBlocks = sqliteTable(
  "leaderboard_blocks",
  {
    board: text("board").notNull(),
    block: integer("block").notNull(),
    rank_key: text("rank_key").notNull(),
    lines: integer("lines").notNull(),
  },
  (t) => [primaryKey({ columns: [t.board, t.block] }), index("leaderboard_blocks_key").on(t.board, t.rank_key)],
);

/**
 * Where a board's percentiles fall (db/leaderboard.ts), as the scheduled job last measured them:
 * for each percentile p the last line within the top p% (place floor(size × p / 100)), with that
 * line's own percentile, and the line at place 10,000, the last one whose rank a player reads
 * exactly. A player beyond that line is told their percentile from these rows (at most 101 per
 * board), never counted down to.
 */
export const leaderboardCuts = sqliteTable(
  "leaderboard_cuts",
  {
    board: text("board").notNull(),
    /** The cut line's rank on the board. */
    place: integer("place").notNull(),
    /** The line's own percentile: ceil(place × 100 / size). */
    percentile: integer("percentile").notNull(),
    points: integer("points").notNull(),
    wins: integer("wins").notNull(),
    user_created_at: text("user_created_at").notNull(),
    user_id: text("user_id").notNull(),
    /** The board's listed lines when measured. */
    size: integer("size").notNull(),
    measured_at: text("measured_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.board, t.place] })],
);

/**
 * A player's finished practice games against the computer and their wins, counted in the batch
 * that settles each one (db/game-results.ts): the home's practice line reads one row.
 */
export const practiceStats = sqliteTable("practice_stats", {
  // Derived data: it goes with its user.
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  games: integer("games").notNull().default(0),
  wins: integer("wins").notNull().default(0),
});

export const FRIEND_REQUEST_STATUSES = ["pending", "accepted", "declined"] as const;

/**
 * Friend requests (spec §3, §4): sent, then accepted or declined. At most one pending request per
 * pair of players, whichever direction: the partial unique index on the unordered pair makes a
 * second one (or two crossing at the same moment) fail in D1 itself.
 */
export const friendRequests = sqliteTable(
  "friend_requests",
  {
    id: text("id").primaryKey(),
    sender_id: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiver_id: text("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: FRIEND_REQUEST_STATUSES }).notNull().default("pending"),
    created_at: text("created_at").notNull().default(NOW),
    responded_at: text("responded_at"),
  },
  (t) => [
    uniqueIndex("friend_requests_pending_pair")
      .on(
        sql`(CASE WHEN ${t.sender_id} < ${t.receiver_id} THEN ${t.sender_id} || ' ' || ${t.receiver_id} ELSE ${t.receiver_id} || ' ' || ${t.sender_id} END)`,
      )
      .where(sql`${t.status} = 'pending'`),
    index("friend_requests_receiver_idx").on(t.receiver_id, t.status, t.created_at),
    index("friend_requests_sender_idx").on(t.sender_id, t.status),
    check("friend_requests_not_self", sql`${t.sender_id} <> ${t.receiver_id}`),
  ],
);

/**
 * One row per friendship, the pair in order (user_a_id < user_b_id): the primary key on the
 * ordered pair makes a duplicate friendship impossible, whoever accepted and however often.
 */
export const friendships = sqliteTable(
  "friendships",
  {
    user_a_id: text("user_a_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    user_b_id: text("user_b_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: text("created_at").notNull().default(NOW),
  },
  (t) => [
    primaryKey({ columns: [t.user_a_id, t.user_b_id] }),
    index("friendships_user_b_idx").on(t.user_b_id),
    check("friendships_ordered_pair", sql`${t.user_a_id} < ${t.user_b_id}`),
  ],
);

export const PRESENCE_STATUSES = ["offline", "online", "playing"] as const;

/**
 * Each player's live presence as their PlayerChannel last published it: the friends
 * list reads it in one query instead of asking every friend's Durable Object. The real status;
 * what friends see also honours users.appear_offline.
 */
export const presences = sqliteTable(
  "presences",
  {
    user_id: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: PRESENCE_STATUSES }).notNull().default("offline"),
    /** The game the player is seated in while 'playing'. */
    game_id: text("game_id"),
    /** Epoch ms of the transition (the channel makes them strictly increasing): orders updates. */
    changed_at: integer("changed_at").notNull(),
  },
  (t) => [index("presences_status_idx").on(t.status)],
);

export { ADMIN_ACTION_TYPES, type AdminActionType };

/**
 * The audit log: one row per admin action, written in the same db.batch as its effect,
 * so there is never an effect without its row nor a row without its effect.
 */
export const adminActions = sqliteTable(
  "admin_actions",
  {
    /** A UUID; a coin reset's ledger key is `admin:{id}`. */
    id: text("id").primaryKey(),
    admin_id: text("admin_id")
      .notNull()
      .references(() => users.id),
    action_type: text("action_type", { enum: ADMIN_ACTION_TYPES }).notNull(),
    target_user_id: text("target_user_id").references(() => users.id),
    target_game_id: text("target_game_id"),
    /** The tournament an admin created, edited or cancelled. */
    target_tournament_id: text("target_tournament_id"),
    reason: text("reason").notNull().default(""),
    /** The new balance (reset_coins) or ranking points (adjust_ranking). */
    value: integer("value"),
    /** What it was before, read inside the same batch. */
    previous_value: integer("previous_value"),
    created_at: text("created_at").notNull().default(NOW),
  },
  (t) => [index("admin_actions_created_idx").on(t.created_at), index("admin_actions_target_idx").on(t.target_user_id, t.created_at)],
);

/**
 * Sessions revoked by a ban, by the same hash as `sessions.id`: a browser still holding such a
 * cookie is told why it was signed out (the banned page), and nothing else.
 */
export const bannedSessions = sqliteTable(
  "banned_sessions",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id),
    revoked_at: text("revoked_at").notNull().default(NOW),
  },
  (t) => [index("banned_sessions_user_idx").on(t.user_id)],
);

/**
 * One table at a time under concurrency: a short lease a player's join or creation of a
 * binding table takes before it checks the seats the player holds, and gives back once the room
 * has written the seat. The player is the key, so two of them at once cannot both hold it; a lease
 * left behind (a crashed request) lapses at `expires_at`.
 */
export const seatClaims = sqliteTable("seat_claims", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Which request holds it: the target game's id, or a creation's own token. */
  claim: text("claim").notNull(),
  expires_at: text("expires_at").notNull(),
});

/**
 * Quick match: who is waiting in which queue. The player is the key, so a
 * player is in at most one queue; a Matchmaker claims a match's players by setting `game_id` on
 * rows still waiting in its queue, in one statement, so two matchmakers never seat one player.
 */
export const matchmakingQueue = sqliteTable(
  "matchmaking_queue",
  {
    user_id: text("user_id")
      .primaryKey()
      .references(() => users.id),
    /** `variant:type:mode` (game/matchmaking/pairing.ts queueKey). */
    queue_key: text("queue_key").notNull(),
    rating: integer("rating").notNull(),
    /** Epoch ms: when the player entered this queue. */
    joined_at: integer("joined_at").notNull(),
    /** Epoch ms: the last time the waiting page called (a closed tab stops calling). */
    seen_at: integer("seen_at").notNull(),
    /** Set when a matchmaker claimed the player for a game; the row is gone once the player is there. */
    game_id: text("game_id"),
  },
  (t) => [index("matchmaking_queue_key_idx").on(t.queue_key, t.game_id)],
);

export const TOURNAMENT_STATUSES = ["upcoming", "registration", "active", "completed", "cancelled"] as const;
export const TOURNAMENT_TYPES = ["single_elimination"] as const;

/**
 * Tournaments: the spec §3 fields, plus what runs them. The row is the truth;
 * its Tournament Durable Object is the only writer once it exists (it serialises registration,
 * the draw, results and prizes) and keeps the alarms. `bracket` is the pure bracket
 * (game/tournament/bracket.ts) as JSON, null until the draw. A `cancelled` tournament (too few
 * players, an admin) returned every fee; the list shows it among the completed ones.
 */
export const tournaments = sqliteTable(
  "tournaments",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    tournament_type: text("tournament_type", { enum: TOURNAMENT_TYPES }).notNull().default("single_elimination"),
    game_type: text("game_type", { enum: GAME_TYPES }).notNull(),
    truco_variant: text("truco_variant", { enum: TRUCO_VARIANTS }).notNull(),
    status: text("status", { enum: TOURNAMENT_STATUSES }).notNull().default("registration"),
    entry_cost: integer("entry_cost").notNull().default(0),
    /** Coins the house adds to the fees (the prize pool is fees + this). */
    guaranteed_prize: integer("guaranteed_prize").notNull().default(0),
    max_participants: integer("max_participants").notNull(),
    min_participants: integer("min_participants").notNull().default(4),
    /** When registration opens (before it the status reads 'upcoming'); null: at once. */
    registration_opens_at: text("registration_opens_at"),
    start_time: text("start_time").notNull(),
    end_time: text("end_time"),
    /** The recurring schedule's series this tournament belongs to (game/tournament/schedule.ts); null for an admin's. */
    series: text("series"),
    bracket: text("bracket"),
    /** Why a tournament was cancelled, or how an unfinished one ended. */
    end_reason: text("end_reason"),
    created_by: text("created_by").references(() => users.id),
    created_at: text("created_at").notNull().default(NOW),
  },
  (t) => [index("tournaments_status_idx").on(t.status, t.start_time)],
);

/** One row per registered player; the fee went through the ledger (`tournament:{id}:entry:{user}`). */
export const tournamentRegistrations = sqliteTable(
  "tournament_registrations",
  {
    tournament_id: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id),
    entry_paid: integer("entry_paid").notNull().default(0),
    /** Final place once the tournament completed (1 = champion). */
    place: integer("place"),
    prize: integer("prize").notNull().default(0),
    registered_at: text("registered_at").notNull().default(NOW),
  },
  (t) => [primaryKey({ columns: [t.tournament_id, t.user_id] }), index("tournament_registrations_user_idx").on(t.user_id)],
);

/**
 * The admin's statistics, one row per São Paulo calendar day, written by the daily scheduled job
 * (db/daily-summary.ts) once the day is over; written again, the row is replaced, so a rerun is
 * harmless. Kept for good (one row a day).
 */
export const dailySummaries = sqliteTable("daily_summaries", {
  /** YYYY-MM-DD in America/Sao_Paulo. */
  day: text("day").primaryKey(),
  new_users: integer("new_users").notNull(),
  active_players: integer("active_players").notNull(),
  games_started: integer("games_started").notNull(),
  games_completed: integer("games_completed").notNull(),
  coins_purchased: integer("coins_purchased").notNull(),
  revenue_cents: integer("revenue_cents").notNull(),
  created_at: text("created_at").notNull().default(NOW),
});

/**
 * A player whose balance differs from the sum of their ledger (invariant L1), as the hourly ledger
 * audit (db/ledger-audit.ts) found them; shown to admins until one marks it resolved. One row per
 * player and audit that found it.
 */
export const ledgerAuditFindings = sqliteTable(
  "ledger_audit_findings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id),
    balance: integer("balance").notNull(),
    ledger_sum: integer("ledger_sum").notNull(),
    found_at: text("found_at").notNull(),
    resolved_at: text("resolved_at"),
  },
  (t) => [index("ledger_audit_findings_open_idx").on(t.resolved_at, t.found_at)],
);

/** Each scheduled job's last run (workers/game-room/src/scheduled.ts): the ledger audit reads from where it stopped. */
export const scheduledRuns = sqliteTable("scheduled_runs", {
  job: text("job").primaryKey(),
  /** The clock of the last run that finished: the next audit looks at ledger rows after it. */
  last_run_at: text("last_run_at").notNull(),
  /** What it did, as JSON (counts per rule, players checked, mismatches). */
  detail: text("detail").notNull().default("{}"),
});

/**
 * Game and money events per hour, in development and tests only: the stand-in for the Analytics
 * Engine dataset (db/analytics.ts), so the admin's "Operações" tab charts local data. In production
 * the events go to Analytics Engine and this table stays empty. One row per hour and event.
 */
export const analyticsHourly = sqliteTable(
  "analytics_hourly",
  {
    /** The hour's start, ISO-8601 UTC (`2026-11-27T13:00:00.000Z`). */
    hour: text("hour").notNull(),
    event: text("event").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.event] })],
);

export type User = typeof users.$inferSelect;
export type CoinTransaction = typeof coinTransactions.$inferSelect;
export type Game = typeof games.$inferSelect;
export type GamePlayer = typeof gamePlayers.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type LeaderboardScore = typeof leaderboardScores.$inferSelect;
export type FriendRequest = typeof friendRequests.$inferSelect;
export type Friendship = typeof friendships.$inferSelect;
export type AdminAction = typeof adminActions.$inferSelect;
export type QueueRow = typeof matchmakingQueue.$inferSelect;
export type Tournament = typeof tournaments.$inferSelect;
export type TournamentRegistration = typeof tournamentRegistrations.$inferSelect;
