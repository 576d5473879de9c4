import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { coinTransactions, gamePlayers, games, refundRequests, type Game } from "../../db/schema";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { REFUND_REASON_MAX, REFUND_WINDOW_DAYS } from "~/utils/refunds";
import { refusal, type JsonBodyOptions, type Outcome } from "./http.server";
import { rateLimited } from "./rate-limit.server";
import { serverT } from "./i18n.server";
import type { Database } from "../../db/client";
import { entryKey, gameRef, isUniqueViolation, keyForms, movementStatements, refundKey, returnKey } from "../../db/ledger";

// Technical refunds (DESIGN.md §5). A player gets an entry back when
// they paid it, the game was cancelled, the entry was not already returned
// automatically, it ended at most 7 days ago, and it was not refunded before.
// Every request is stored, granted or not, for admin review.

/** Why a request was refused; stored as the decision and mapped to a clear message. */
export type RefundRejection = "not_found" | "not_participant" | "already_refunded" | "not_cancelled" | "entry_returned" | "window_expired";

export type RefundOutcome = { status: "approved"; refund_amount: number } | { status: "rejected"; reason: RefundRejection };

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a game ended, for the 7-day window: its completion, or its creation if it never completed. */
function endedAt(game: Pick<Game, "completed_at" | "created_at">): string {
  return game.completed_at ?? game.created_at;
}

function windowStart(now: Date): string {
  return new Date(now.getTime() - REFUND_WINDOW_DAYS * DAY_MS).toISOString();
}

/** The ledger's amounts by key, whichever form each row stores its key in (db/ledger.ts, storedKey). */
async function ledgerAmounts(db: Database, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const keyOf = new Map(keys.flatMap((key) => keyForms(key).map((form) => [form, key] as const)));
  const rows = await db
    .select({ key: coinTransactions.idempotency_key, amount: coinTransactions.amount })
    .from(coinTransactions)
    .where(inArray(coinTransactions.idempotency_key, [...keyOf.keys()]));
  return new Map(rows.map((row) => [keyOf.get(row.key) ?? row.key, row.amount]));
}

/** The decision for one game, from the game row and the player's ledger rows about it. */
function decide(
  game: Pick<Game, "status" | "completed_at" | "created_at"> | null,
  ledger: { entry?: number; returned: boolean; refunded: boolean },
  now: Date,
): RefundOutcome {
  if (!game) return { status: "rejected", reason: "not_found" };
  if (ledger.entry === undefined || ledger.entry >= 0) return { status: "rejected", reason: "not_participant" };
  if (ledger.refunded) return { status: "rejected", reason: "already_refunded" };
  if (game.status !== "cancelled") return { status: "rejected", reason: "not_cancelled" };
  if (ledger.returned) return { status: "rejected", reason: "entry_returned" };
  if (endedAt(game) < windowStart(now)) return { status: "rejected", reason: "window_expired" };
  return { status: "approved", refund_amount: -ledger.entry };
}

export interface EligibleGame {
  game_id: string;
  game_code: string;
  game_type: Game["game_type"];
  game_mode: Game["game_mode"];
  entry_paid: number;
  ended_at: string;
  end_reason: string | null;
}

/** The player's cancelled games of the last 7 days that a request would refund now, newest first. */
export async function refundEligibleGames(db: Database, userId: string, now: Date = new Date()): Promise<EligibleGame[]> {
  const candidates = await db
    .select({
      id: games.id,
      game_code: games.game_code,
      game_type: games.game_type,
      game_mode: games.game_mode,
      status: games.status,
      completed_at: games.completed_at,
      created_at: games.created_at,
      end_reason: games.end_reason,
    })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.game_id))
    .where(
      and(
        eq(gamePlayers.user_id, userId),
        eq(games.status, "cancelled"),
        sql`COALESCE(${games.completed_at}, ${games.created_at}) >= ${windowStart(now)}`,
      ),
    )
    .orderBy(desc(sql`COALESCE(${games.completed_at}, ${games.created_at})`))
    .limit(50);
  const keys = candidates.flatMap((game) => [entryKey(game.id, userId), returnKey(game.id, userId), refundKey(game.id, userId)]);
  const ledger = await ledgerAmounts(db, keys);
  const eligible: EligibleGame[] = [];
  for (const game of candidates) {
    const decision = decide(
      game,
      {
        entry: ledger.get(entryKey(game.id, userId)),
        returned: ledger.has(returnKey(game.id, userId)),
        refunded: ledger.has(refundKey(game.id, userId)),
      },
      now,
    );
    if (decision.status === "approved") {
      eligible.push({
        game_id: game.id,
        game_code: game.game_code,
        game_type: game.game_type,
        game_mode: game.game_mode,
        entry_paid: decision.refund_amount,
        ended_at: endedAt(game),
        end_reason: game.end_reason,
      });
    }
  }
  return eligible;
}

/**
 * Decides and stores a request. An approved one is a single batch: the refund
 * movement (keyed `refund:{game}:{user}`) and the stored request, so a
 * concurrent second request cannot pay twice: its batch fails on the key and
 * it is stored as rejected instead.
 */
export async function requestRefund(
  db: Database,
  userId: string,
  gameId: string,
  reason: string,
  now: Date = new Date(),
): Promise<RefundOutcome> {
  const game = await db
    .select({ status: games.status, completed_at: games.completed_at, created_at: games.created_at })
    .from(games)
    .where(eq(games.id, gameId))
    .get();
  const ledger = game
    ? await ledgerAmounts(db, [entryKey(gameId, userId), returnKey(gameId, userId), refundKey(gameId, userId)])
    : new Map<string, number>();
  const decision = decide(
    game ?? null,
    {
      entry: ledger.get(entryKey(gameId, userId)),
      returned: ledger.has(returnKey(gameId, userId)),
      refunded: ledger.has(refundKey(gameId, userId)),
    },
    now,
  );
  const store = (outcome: RefundOutcome) =>
    db.insert(refundRequests).values({
      user_id: userId,
      game_id: gameId,
      reason,
      status: outcome.status,
      refund_amount: outcome.status === "approved" ? outcome.refund_amount : 0,
      decision: outcome.status === "approved" ? "approved" : outcome.reason,
      created_at: now.toISOString(),
    });

  if (decision.status === "rejected") {
    await store(decision);
    return decision;
  }
  try {
    await db.batch([
      ...movementStatements(db, {
        userId,
        amount: decision.refund_amount,
        type: "refund",
        description: "Reembolso técnico de entrada",
        ref: gameRef(gameId),
        key: refundKey(gameId, userId),
      }),
      store(decision),
    ] as unknown as [BatchItem<"sqlite">]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const rejected: RefundOutcome = { status: "rejected", reason: "already_refunded" };
    await store(rejected);
    return rejected;
  }
  return decision;
}

const REJECTIONS: Record<RefundRejection, { status: number; key: string }> = {
  not_found: { status: 404, key: "payments:refundNotFound" },
  not_participant: { status: 403, key: "payments:refundNotParticipant" },
  already_refunded: { status: 409, key: "payments:refundAlreadyRefunded" },
  not_cancelled: { status: 409, key: "payments:refundNotCancelled" },
  entry_returned: { status: 409, key: "payments:refundEntryReturned" },
  window_expired: { status: 409, key: "payments:refundWindowExpired" },
};

/** The refund form's own words for a missing game or a reason of the wrong length (JSON body or form). */
export const refundRefusal: NonNullable<JsonBodyOptions["refusal"]> = (error, raw, t) => {
  const field = error.issues[0]?.path[0];
  if (field === "reason") {
    const reason = (raw as { reason?: unknown }).reason;
    const long = typeof reason === "string" && reason.trim().length > REFUND_REASON_MAX;
    return t(long ? "payments:refundReasonTooLong" : "payments:refundReasonTooShort");
  }
  if (field === "game_session_id") return t("payments:refundChooseGame");
  return undefined;
};

/**
 * A refund request as `POST /api/users/refund-request` and the refund modal's form both answer it:
 * {refund_amount}, or the rejection in the player's language with its code. Counts `refund_request`.
 */
export async function refundRequestFor(
  context: AppLoadContext,
  request: Request,
  userId: string,
  body: { game_session_id: string; reason: string },
): Promise<Outcome<{ refund_amount: number }>> {
  const limited = await rateLimited(context, request, "refund_request", { id: userId });
  if (limited) return limited;
  const outcome = await requestRefund(context.db, userId, body.game_session_id, body.reason);
  if (outcome.status === "approved") return { ok: true, data: { refund_amount: outcome.refund_amount } };
  const t = await serverT(request);
  const rejection = REJECTIONS[outcome.reason];
  return refusal(rejection.status, t(rejection.key), outcome.reason);
}
