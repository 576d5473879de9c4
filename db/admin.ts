import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "./client";
import { rankingAdjustmentStatements } from "./leaderboard";
import { adminKey, balanceTargetStatements } from "./ledger";
import { adminActions, bannedSessions, sessions, users, type AdminActionType } from "./schema";

// The statements of the admin's moderation actions. Each action is its audit row plus
// its effect, in ONE db.batch: the audit row is inserted only when the effect's
// condition holds at that instant, so the first statement's `changes` says whether anything
// happened, and a batch that fails writes neither.

export interface AuditRow {
  id: string;
  adminId: string;
  type: AdminActionType;
  targetUserId: string | null;
  targetGameId?: string | null;
  targetTournamentId?: string | null;
  reason: string;
  value?: number | null;
  /** The value before, read inside the statement (coins or points of the target). */
  previous?: SQL | null;
}

/**
 * The audit row, inserted only if `condition` holds (it reads the users table, on the target's
 * row, or on the admin's for an action without a target user).
 */
export function auditStatement(db: Database, row: AuditRow, condition?: SQL) {
  const on = row.targetUserId ?? row.adminId;
  return db.insert(adminActions).select(
    db
      .select({
        id: sql<string>`${row.id}`.as("id"),
        admin_id: sql<string>`${row.adminId}`.as("admin_id"),
        action_type: sql<string>`${row.type}`.as("action_type"),
        target_user_id: sql<string | null>`${row.targetUserId}`.as("target_user_id"),
        target_game_id: sql<string | null>`${row.targetGameId ?? null}`.as("target_game_id"),
        target_tournament_id: sql<string | null>`${row.targetTournamentId ?? null}`.as("target_tournament_id"),
        reason: sql<string>`${row.reason}`.as("reason"),
        value: sql<number | null>`${row.value ?? null}`.as("value"),
        previous_value: (row.previous ?? sql<number | null>`NULL`).as("previous_value"),
        created_at: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
      })
      .from(users)
      .where(condition ? and(eq(users.id, on), condition) : eq(users.id, on)),
  );
}

/**
 * A ban: the audit row, the user marked banned with the reason, and every session revoked at once
 * (their hashes kept in banned_sessions, so a browser holding one learns why it was signed out).
 */
export function banStatements(db: Database, row: AuditRow & { targetUserId: string }) {
  const target = row.targetUserId;
  return [
    auditStatement(db, row, isNull(users.banned_at)),
    db
      .update(users)
      .set({ banned_at: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`, ban_reason: row.reason })
      .where(and(eq(users.id, target), isNull(users.banned_at))),
    db
      .insert(bannedSessions)
      .select(
        db
          .select({
            id: sessions.id,
            user_id: sessions.user_id,
            revoked_at: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("revoked_at"),
          })
          .from(sessions)
          .where(eq(sessions.user_id, target)),
      )
      .onConflictDoNothing(),
    db.delete(sessions).where(eq(sessions.user_id, target)),
  ] as const;
}

/** An unban: the audit row and the user able to sign in again (the old sessions stay revoked). */
export function unbanStatements(db: Database, row: AuditRow & { targetUserId: string }) {
  return [
    auditStatement(db, row, isNotNull(users.banned_at)),
    db
      .update(users)
      .set({ banned_at: null, ban_reason: null })
      .where(and(eq(users.id, row.targetUserId), isNotNull(users.banned_at))),
    db.delete(bannedSessions).where(eq(bannedSessions.user_id, row.targetUserId)),
  ] as const;
}

/** A coin reset: the audit row and one ledger row of the difference, key `admin:{action_id}` (invariant L1). */
export function resetCoinsStatements(db: Database, row: AuditRow & { targetUserId: string; value: number }) {
  return [
    auditStatement(db, { ...row, previous: sql<number>`${users.virtual_coins}` }),
    ...balanceTargetStatements(db, {
      userId: row.targetUserId,
      balance: row.value,
      type: "admin_adjustment",
      description: row.reason ? `Ajuste administrativo: ${row.reason}` : "Ajuste administrativo",
      ref: adminKey(row.id),
      key: adminKey(row.id),
    }),
  ] as const;
}

/** A ranking adjustment: the audit row (with the points before) and the new points. */
export function adjustRankingStatements(db: Database, row: AuditRow & { targetUserId: string; value: number }, at: Date) {
  return [
    auditStatement(db, { ...row, previous: sql<number>`${users.ranking_points}` }),
    ...rankingAdjustmentStatements(db, { userId: row.targetUserId, points: row.value, at }),
  ] as const;
}

/** The audit row of a game cancelled by an admin (the room's cancel writes the game and the entries). */
export function cancelGameAudit(db: Database, row: Omit<AuditRow, "targetUserId"> & { targetGameId: string }) {
  return auditStatement(db, { ...row, targetUserId: null });
}
