import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { adjustRankingStatements, banStatements, resetCoinsStatements, unbanStatements } from "../../db/admin";
import { changes } from "../../db/ledger";
import {
  adminActions,
  bannedSessions,
  coinTransactions,
  gamePlayers,
  games,
  payments,
  refundRequests,
  sessions,
  users,
  type User,
} from "../../db/schema";
import { ADMIN_PAGE_SIZE, type AdminActionInput, type AdminGamesQuery, type AdminTransactionsQuery } from "~/schemas/admin";
import { getUser, newSession, primaryUser } from "./auth.server";
import { readsMayLag } from "./replica.server";
import { jsonError, type Refusal } from "./http.server";
import { rateLimited } from "./rate-limit.server";
import { serverT } from "./i18n.server";
import { channel } from "./channels.server";
import { room } from "./rooms.server";
import { readGameRecord } from "../../db/game-records";
import { replayHand } from "../../game/room/record";
import { seedCommitment } from "../../game/truco/index";
import { spectatorRelays } from "./sockets.server";

// The admin area: who may use it, what it reads and what it does. Every admin loader,
// action and API route starts with requireAdmin (ADR 060); nothing here trusts the client.

type Kind = "api" | "page";

/**
 * The signed-in admin, or the refusal: on the API a visitor gets 401 and a player 403, each with
 * `error`; a page sends both to `/`. The role comes from the users row, which sign-in sets from
 * ADMIN_EMAILS on every sign-in (users.server.ts), so removing an address demotes at next sign-in.
 */
export async function requireAdmin(request: Request, context: AppLoadContext, kind: Kind): Promise<User> {
  const session = await getUser(request, context);
  // An action's session row may be a replica's: the role that lets it act is the primary's.
  const user = session && !readsMayLag(request) ? await primaryUser(context, session) : session;
  if (user?.role === "admin") return user;
  if (kind === "page") throw redirect("/");
  const t = await serverT(request);
  throw user ? jsonError(403, t("errors:adminOnly")) : jsonError(401, t("errors:unauthenticated"));
}

// ------------------------------------------------------------------ overview

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A player is active on a day when they signed in, took a seat or moved coins that day: the
 * product keeps no page-view log, and these three are what a player does.
 */
function activitySince(since: string) {
  return sql`SELECT ${sessions.user_id} AS user_id, ${sessions.created_at} AS at FROM ${sessions} WHERE ${sessions.created_at} >= ${since}
    UNION ALL SELECT ${gamePlayers.user_id}, ${gamePlayers.joined_at} FROM ${gamePlayers} WHERE ${gamePlayers.user_id} IS NOT NULL AND ${gamePlayers.joined_at} >= ${since}
    UNION ALL SELECT ${coinTransactions.user_id}, ${coinTransactions.created_at} FROM ${coinTransactions} WHERE ${coinTransactions.created_at} >= ${since}`;
}

export interface AdminStats {
  total_users: number;
  daily_active_users: number;
  total_games: number;
  active_games: number;
  /** Dollars from paid checkouts. */
  total_revenue: number;
}

export async function adminStats(db: Database, now = new Date()): Promise<AdminStats> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  // A raw query cannot join a drizzle batch: it runs beside it.
  const [[usersRow, gamesRow, revenueRow], dauRow] = await Promise.all([
    db.batch([
      db.select({ n: count() }).from(users),
      db.select({ total: count(), active: sql<number>`COALESCE(SUM(${games.status} = 'active'), 0)` }).from(games),
      db
        .select({ cents: sql<number>`COALESCE(SUM(${payments.amount_cents}), 0)` })
        .from(payments)
        .where(eq(payments.status, "paid")),
    ]),
    db.all<{ n: number }>(sql`SELECT COUNT(DISTINCT user_id) AS n FROM (${activitySince(since)})`),
  ]);
  return {
    total_users: usersRow[0]?.n ?? 0,
    daily_active_users: Number(dauRow[0]?.n ?? 0),
    total_games: gamesRow[0]?.total ?? 0,
    active_games: Number(gamesRow[0]?.active ?? 0),
    total_revenue: Math.round(Number(revenueRow[0]?.cents ?? 0)) / 100,
  };
}

export interface DailyPoint {
  day: string;
  players: number;
  games: number;
  /** Dollars. */
  revenue: number;
}

/** The last `days` UTC days, oldest first, every day present (zeros included) for the charts. */
export async function dailySeries(db: Database, now = new Date(), days = 30): Promise<DailyPoint[]> {
  const first = new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const [players, [gameRows, revenue]] = await Promise.all([
    db.all<{ day: string; n: number }>(
      sql`SELECT substr(at, 1, 10) AS day, COUNT(DISTINCT user_id) AS n FROM (${activitySince(first)}) GROUP BY day`,
    ),
    db.batch([
      db
        .select({ day: sql<string>`substr(${games.created_at}, 1, 10)`, n: count() })
        .from(games)
        .where(gte(games.created_at, first))
        .groupBy(sql`substr(${games.created_at}, 1, 10)`),
      db
        .select({ day: sql<string>`substr(${payments.completed_at}, 1, 10)`, cents: sql<number>`SUM(${payments.amount_cents})` })
        .from(payments)
        .where(and(eq(payments.status, "paid"), gte(payments.completed_at, first)))
        .groupBy(sql`substr(${payments.completed_at}, 1, 10)`),
    ]),
  ]);
  const byDay = (rows: { day: string; n?: number; cents?: number }[], field: "n" | "cents") =>
    new Map(rows.map((row) => [row.day, Number(row[field] ?? 0)]));
  const p = byDay(players, "n");
  const g = byDay(gameRows, "n");
  const r = byDay(revenue, "cents");
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(Date.parse(`${first}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
    return { day, players: p.get(day) ?? 0, games: g.get(day) ?? 0, revenue: (r.get(day) ?? 0) / 100 };
  });
}

// ------------------------------------------------------------------ lists

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}

function offsetOf(page: number) {
  return (page - 1) * ADMIN_PAGE_SIZE;
}

/** A LIKE pattern matching the text anywhere, with the wildcards in it taken literally. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function likeCi(column: SQL | typeof users.nickname, text: string) {
  return sql`lower(${column}) LIKE lower(${containing(text)}) ESCAPE '\\'`;
}

export async function listUsers(db: Database, query: { q: string; page: number }) {
  const where = query.q ? or(likeCi(users.nickname, query.q), likeCi(sql`COALESCE(${users.email}, '')`, query.q)) : undefined;
  const [rows, totals] = await db.batch([
    db
      .select({
        id: users.id,
        nickname: users.nickname,
        email: users.email,
        virtual_coins: users.virtual_coins,
        games_played: users.games_played,
        games_won: users.games_won,
        ranking_points: users.ranking_points,
        role: users.role,
        banned_at: users.banned_at,
        ban_reason: users.ban_reason,
        created_at: users.created_at,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.created_at), users.id)
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(({ banned_at, ...row }) => ({ ...row, banned: banned_at !== null, banned_at })),
    total: totals[0]?.n ?? 0,
    page: query.page,
    page_size: ADMIN_PAGE_SIZE,
  };
}
export type AdminUserRow = Awaited<ReturnType<typeof listUsers>>["users"][number];

const admins = alias(users, "admins");
const targets = alias(users, "targets");

export async function listActions(db: Database, query: { page: number }) {
  const [rows, totals] = await db.batch([
    db
      .select({
        id: adminActions.id,
        action_type: adminActions.action_type,
        target_user_id: adminActions.target_user_id,
        // Named apart: D1 batch rows are keyed by column name, and both aliases have a nickname.
        target_nickname: sql<string | null>`${targets.nickname}`.as("target_nickname"),
        target_game_id: adminActions.target_game_id,
        reason: adminActions.reason,
        value: adminActions.value,
        previous_value: adminActions.previous_value,
        created_at: adminActions.created_at,
        admin_id: adminActions.admin_id,
        admin_nickname: sql<string>`${admins.nickname}`.as("admin_nickname"),
      })
      .from(adminActions)
      .innerJoin(admins, eq(admins.id, adminActions.admin_id))
      .leftJoin(targets, eq(targets.id, adminActions.target_user_id))
      .orderBy(desc(adminActions.created_at), desc(adminActions.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db.select({ n: count() }).from(adminActions),
  ]);
  return {
    actions: rows.map(({ admin_id, admin_nickname, ...row }) => ({ ...row, admin: { id: admin_id, nickname: admin_nickname } })),
    total: totals[0]?.n ?? 0,
    page: query.page,
    page_size: ADMIN_PAGE_SIZE,
  };
}
export type AdminActionRow = Awaited<ReturnType<typeof listActions>>["actions"][number];

/** The technical refund requests, granted and refused, newest first (for review). */
export async function listRefundRequests(db: Database, limit = 50) {
  return db
    .select({
      id: refundRequests.id,
      user_id: refundRequests.user_id,
      nickname: users.nickname,
      game_id: refundRequests.game_id,
      reason: refundRequests.reason,
      status: refundRequests.status,
      refund_amount: refundRequests.refund_amount,
      decision: refundRequests.decision,
      created_at: refundRequests.created_at,
    })
    .from(refundRequests)
    .innerJoin(users, eq(users.id, refundRequests.user_id))
    .orderBy(desc(refundRequests.created_at), desc(refundRequests.id))
    .limit(limit);
}

export async function listGames(db: Database, query: AdminGamesQuery) {
  const where = query.status ? eq(games.status, query.status) : undefined;
  const [rows, totals] = await db.batch([
    db
      .select({
        id: games.id,
        game_code: games.game_code,
        status: games.status,
        game_type: games.game_type,
        game_mode: games.game_mode,
        truco_variant: games.truco_variant,
        entry_cost: games.entry_cost,
        bot_level: games.bot_level,
        created_at: games.created_at,
        started_at: games.started_at,
        completed_at: games.completed_at,
        end_reason: games.end_reason,
      })
      .from(games)
      .where(where)
      .orderBy(desc(games.created_at), games.id)
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db.select({ n: count() }).from(games).where(where),
  ]);
  const ids = rows.map((g) => g.id);
  const seats = ids.length
    ? await db
        .select({ game_id: gamePlayers.game_id, nickname: gamePlayers.nickname, team: gamePlayers.team, bot: gamePlayers.bot_level })
        .from(gamePlayers)
        .where(and(inArray(gamePlayers.game_id, ids), isNull(gamePlayers.left_at)))
        .orderBy(gamePlayers.seat)
    : [];
  return {
    games: rows.map((g) => ({ ...g, players: seats.filter((s) => s.game_id === g.id).map(({ game_id: _, ...s }) => s) })),
    total: totals[0]?.n ?? 0,
    page: query.page,
    page_size: ADMIN_PAGE_SIZE,
  };
}
export type AdminGameRow = Awaited<ReturnType<typeof listGames>>["games"][number];

export async function listLedger(db: Database, query: AdminTransactionsQuery) {
  const conditions: SQL[] = [];
  if (query.player) {
    conditions.push(or(likeCi(users.nickname, query.player), likeCi(sql`COALESCE(${users.email}, '')`, query.player))!);
  }
  if (query.type) conditions.push(eq(coinTransactions.transaction_type, query.type));
  if (query.from) conditions.push(gte(coinTransactions.created_at, query.from));
  if (query.to) conditions.push(lte(coinTransactions.created_at, `${query.to}T23:59:59.999Z`));
  const where = conditions.length ? and(...conditions) : undefined;
  const paymentConditions: SQL[] = [];
  if (query.player) {
    paymentConditions.push(or(likeCi(users.nickname, query.player), likeCi(sql`COALESCE(${users.email}, '')`, query.player))!);
  }
  if (query.from) paymentConditions.push(gte(payments.created_at, query.from));
  if (query.to) paymentConditions.push(lte(payments.created_at, `${query.to}T23:59:59.999Z`));
  const paymentWhere = paymentConditions.length ? and(...paymentConditions) : undefined;
  const [rows, totals, paymentRows, paymentTotals] = await db.batch([
    db
      .select({
        id: coinTransactions.id,
        user_id: coinTransactions.user_id,
        nickname: users.nickname,
        amount: coinTransactions.amount,
        transaction_type: coinTransactions.transaction_type,
        description: coinTransactions.description,
        created_at: coinTransactions.created_at,
      })
      .from(coinTransactions)
      .innerJoin(users, eq(users.id, coinTransactions.user_id))
      .where(where)
      .orderBy(desc(coinTransactions.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db
      .select({
        n: count(),
        credits: sql<number>`COALESCE(SUM(CASE WHEN ${coinTransactions.amount} > 0 THEN ${coinTransactions.amount} END), 0)`,
        debits: sql<number>`COALESCE(SUM(CASE WHEN ${coinTransactions.amount} < 0 THEN ${coinTransactions.amount} END), 0)`,
      })
      .from(coinTransactions)
      .innerJoin(users, eq(users.id, coinTransactions.user_id))
      .where(where),
    db
      .select({
        id: payments.id,
        nickname: users.nickname,
        kind: payments.kind,
        amount_cents: payments.amount_cents,
        coins: payments.coins,
        status: payments.status,
        created_at: payments.created_at,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.user_id))
      .where(paymentWhere)
      .orderBy(desc(payments.created_at))
      .limit(ADMIN_PAGE_SIZE),
    db
      .select({
        n: count(),
        paid_cents: sql<number>`COALESCE(SUM(CASE WHEN ${payments.status} = 'paid' THEN ${payments.amount_cents} END), 0)`,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.user_id))
      .where(paymentWhere),
  ]);
  return {
    transactions: rows,
    total: totals[0]?.n ?? 0,
    credits: Number(totals[0]?.credits ?? 0),
    debits: Number(totals[0]?.debits ?? 0),
    payments: paymentRows,
    payments_total: paymentTotals[0]?.n ?? 0,
    revenue: Number(paymentTotals[0]?.paid_cents ?? 0) / 100,
    page: query.page,
    page_size: ADMIN_PAGE_SIZE,
  };
}

// ------------------------------------------------------------------ actions

export type ActionOutcome = { ok: true; id: string } | Refusal;

/**
 * Performs one moderation action: its audit row and its effect in one batch (db/admin.ts), then,
 * for a ban, the player is put out of every open table (their sockets close). An unknown target,
 * an admin acting on themselves or an action with nothing to do is refused and writes nothing.
 * Counts `admin_action` (the API route and the dashboard's form share it).
 */
export async function performAction(
  request: Request,
  context: AppLoadContext,
  admin: User,
  input: AdminActionInput,
): Promise<ActionOutcome> {
  const limited = await rateLimited(context, request, "admin_action", admin);
  if (limited) return limited;
  const t = await serverT(request);
  const { db } = context;
  const id = crypto.randomUUID();
  const refuse = (status: number, key: string): ActionOutcome => ({ ok: false, status, error: t(key) });

  if (input.action_type === "cancel_game") {
    const game = await db.select({ id: games.id, status: games.status }).from(games).where(eq(games.id, input.target_game_id)).get();
    if (!game) return refuse(404, "errors:gameNotFound");
    if (game.status !== "waiting" && game.status !== "active") return refuse(409, "errors:adminNotCancellable");
    const result = await room(context, game.id).adminCancel({ id, adminId: admin.id, reason: input.reason });
    if (!result.ok) return refuse(409, "errors:adminNotCancellable");
    return { ok: true, id };
  }

  const target = await db.select().from(users).where(eq(users.id, input.target_user_id)).get();
  if (!target) return refuse(404, "errors:adminUserNotFound");
  if (target.id === admin.id) return refuse(400, "errors:adminSelf");
  const row = { id, adminId: admin.id, type: input.action_type, targetUserId: target.id, reason: input.reason };

  let batch;
  switch (input.action_type) {
    case "ban":
      if (target.banned_at) return refuse(409, "errors:adminAlreadyBanned");
      batch = banStatements(db, row);
      break;
    case "unban":
      if (!target.banned_at) return refuse(409, "errors:adminNotBanned");
      batch = unbanStatements(db, row);
      break;
    case "reset_coins":
      batch = resetCoinsStatements(db, { ...row, value: input.value });
      break;
    case "adjust_ranking":
      batch = adjustRankingStatements(db, { ...row, value: input.value }, new Date());
      break;
  }
  const [audit] = await db.batch(batch as never as Parameters<Database["batch"]>[0]);
  // The audit row is conditional on the effect's precondition: none means another admin got there first.
  if (changes(audit) !== 1) return refuse(409, input.action_type === "ban" ? "errors:adminAlreadyBanned" : "errors:adminNotBanned");
  if (input.action_type === "ban") await expelEverywhere(context, target.id, input.reason);
  return { ok: true, id };
}

/**
 * Closes a banned player's sockets: their live channel first (every open page hears the ban with
 * its reason and goes to `/banned`; code 4003, no reconnect), then every game room they hold a
 * seat in (the room releases or hands over the seat), and their spectator sockets.
 */
async function expelEverywhere(context: AppLoadContext, userId: string, reason: string): Promise<void> {
  // The ban deleted every session on the primary; a replica may show them a moment longer, so the
  // channel refuses them to actions and sockets from now on (auth.server's actionLookup).
  const told = channel(context, userId)
    .revokeSession(null)
    .then(() => channel(context, userId).closeAll("banned", reason))
    .catch((error: unknown) => console.error("closing the live channel failed", error));
  const open = await context.db
    .select({ id: games.id })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.game_id))
    .where(and(eq(gamePlayers.user_id, userId), inArray(games.status, ["waiting", "active"])));
  const results = await Promise.allSettled([
    ...open.map((g) => room(context, g.id).expel(userId)),
    // Games they watch: their spectator sockets close too.
    spectatorRelays(context, userId, null),
  ]);
  for (const result of results) if (result.status === "rejected") console.error("expel failed", result.reason);
  await told;
}

// ------------------------------------------------------------------ the banned page

/**
 * Why this browser was signed out, if a ban revoked its session: the banned_sessions row of the
 * cookie's session (auth.server's hash) and the user's reason, while the ban stands.
 */
export async function banOfSession(db: Database, sessionId: string | null) {
  if (!sessionId) return null;
  const row = await db
    .select({ nickname: users.nickname, reason: users.ban_reason, banned_at: users.banned_at })
    .from(bannedSessions)
    .innerJoin(users, eq(users.id, bannedSessions.user_id))
    .where(eq(bannedSessions.id, sessionId))
    .get();
  return row?.banned_at ? { nickname: row.nickname, reason: row.reason ?? "", banned_at: row.banned_at } : null;
}

/** For a banned player's refused sign-in: a cookie naming a session that exists only as revoked. */
export async function bannedSessionCookie(context: AppLoadContext, userId: string): Promise<string> {
  const { row, setCookie } = await newSession(context.env, userId);
  await context.db.insert(bannedSessions).values({ id: row.id, user_id: userId });
  return setCookie;
}

/** One hand of a game's record as the admin's game view shows it: the fairness evidence and whether it holds. */
export interface AdminHandRow {
  hand: number;
  commitment: string;
  seed: string | null;
  actions: number;
  result: string;
  /** "replayed": the seed hashes to the commitment and the actions replay to the result; "seed matches": the hash only (a migrated hand); else what failed. */
  check: string;
}

/**
 * A finished game's record from R2, for the Games tab: every hand's commitment and seed,
 * checked (SHA-256 and a replay through the engine), and the chat's length. Null when the game has
 * no record (under way, or ended before records were kept and not migrated).
 */
export async function gameRecordView(context: AppLoadContext, gameId: string) {
  const record = await readGameRecord(context.cloudflare.env.GAME_RECORDS, gameId);
  if (!record) return null;
  const hands: AdminHandRow[] = record.hands.map((hand) => {
    const matches = hand.seed !== null && seedCommitment(hand.seed) === hand.commitment;
    const replay = matches && hand.dealer !== null ? replayHand(record, hand) : null;
    return {
      hand: hand.hand,
      commitment: hand.commitment,
      seed: hand.seed,
      actions: hand.actions.length,
      result: hand.result ? `${hand.result.winnerTeam ?? "none"} +${hand.result.points}` : "unfinished",
      check: !matches
        ? hand.seed === null
          ? "no seed"
          : "seed does not match"
        : replay === null
          ? "seed matches"
          : replay.ok
            ? "replayed"
            : replay.error,
    };
  });
  return {
    gameId,
    code: record.game.game_code,
    endReason: record.endReason,
    endedAt: record.endedAt,
    migrated: Boolean(record.migrated),
    messages: record.chat.length,
    hands,
  };
}
