import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, exists, gt, inArray, sql } from "drizzle-orm";
import { auditStatement } from "../../db/admin";
import { changes } from "../../db/ledger";
import { tournaments, type User } from "../../db/schema";
import { findTournament, participantCount } from "../../db/tournaments";
import { redirect } from "@remix-run/cloudflare";
import { AdminTournamentCancelSchema, AdminTournamentSchema, type AdminTournamentInput } from "~/schemas/tournaments";
import type { Refusal } from "./http.server";
import { rateLimited } from "./rate-limit.server";
import { tournamentRpc } from "./tournaments.server";

// The admin's tournament actions: create, edit before the start, cancel with refunds.
// Each is audited in admin_actions in the same batch as its effect; a cancel goes
// through the tournament's object, which returns every fee in that batch. Each counts
// `admin_action`, from the API and from the dashboard's forms alike.

export type AdminTournamentOutcome = { ok: true; id: string } | Refusal;

export async function createTournament(
  context: AppLoadContext,
  request: Request,
  admin: User,
  input: AdminTournamentInput,
): Promise<AdminTournamentOutcome> {
  const limited = await rateLimited(context, request, "admin_action", admin);
  if (limited) return limited;
  if (Date.parse(input.start_time) <= Date.now()) return { ok: false, status: 400, error: "The start time must be in the future" };
  const id = crypto.randomUUID();
  const { reason, ...fields } = input;
  await context.db.batch([
    context.db.insert(tournaments).values({ id, ...fields, status: "registration", created_by: admin.id }),
    auditStatement(context.db, {
      id: crypto.randomUUID(),
      adminId: admin.id,
      type: "create_tournament",
      targetUserId: null,
      targetTournamentId: id,
      reason,
    }),
  ]);
  // Its object sets the alarm of the start now.
  await tournamentRpc(context, id).tick(id);
  return { ok: true, id };
}

/**
 * Edits a tournament that has not started (status upcoming or registration, start in the future).
 * With players registered the fee cannot change (they paid the old one) and the maximum cannot go
 * below their count. The update holds the same conditions, so a start racing it wins cleanly.
 */
export async function editTournament(
  context: AppLoadContext,
  request: Request,
  admin: User,
  tournamentId: string,
  input: AdminTournamentInput,
): Promise<AdminTournamentOutcome> {
  const limited = await rateLimited(context, request, "admin_action", admin);
  if (limited) return limited;
  const t = await findTournament(context.db, tournamentId);
  if (!t) return { ok: false, status: 404, error: "Tournament not found" };
  const now = new Date().toISOString();
  if ((t.status !== "upcoming" && t.status !== "registration") || t.start_time <= now) {
    return { ok: false, status: 409, error: "Only a tournament that has not started can be edited" };
  }
  if (input.start_time <= now) return { ok: false, status: 400, error: "The start time must be in the future" };
  const registered = await participantCount(context.db, t.id);
  if (registered > 0 && input.entry_cost !== t.entry_cost) {
    return { ok: false, status: 409, error: "Players have registered: the entry fee cannot change" };
  }
  if (input.max_participants < registered) return { ok: false, status: 409, error: `${registered} players are registered already` };
  const { reason, ...fields } = input;
  // The audit row and the update hold the same condition: a start that raced the edit leaves both undone.
  const editable = and(
    eq(tournaments.id, t.id),
    inArray(tournaments.status, ["upcoming", "registration"]),
    gt(tournaments.start_time, now),
  );
  const [, updated] = await context.db.batch([
    auditStatement(
      context.db,
      { id: crypto.randomUUID(), adminId: admin.id, type: "edit_tournament", targetUserId: null, targetTournamentId: t.id, reason },
      exists(
        context.db
          .select({ one: sql`1` })
          .from(tournaments)
          .where(editable),
      ),
    ),
    context.db
      .update(tournaments)
      .set({ ...fields, status: t.status === "upcoming" ? "registration" : t.status })
      .where(editable),
  ]);
  if (changes(updated) !== 1) return { ok: false, status: 409, error: "Only a tournament that has not started can be edited" };
  await tournamentRpc(context, t.id).tick(t.id);
  return { ok: true, id: t.id };
}

export async function cancelTournament(
  context: AppLoadContext,
  request: Request,
  admin: User,
  tournamentId: string,
  reason: string,
): Promise<AdminTournamentOutcome> {
  const limited = await rateLimited(context, request, "admin_action", admin);
  if (limited) return limited;
  const t = await findTournament(context.db, tournamentId);
  if (!t) return { ok: false, status: 404, error: "Tournament not found" };
  const id = crypto.randomUUID();
  const result = await tournamentRpc(context, t.id).cancel(t.id, { id, adminId: admin.id, reason });
  if (!result.ok) return { ok: false, status: 409, error: "Only a tournament that has not completed can be cancelled" };
  return { ok: true, id };
}

/** The dashboard's tournament forms: back to the tab with `done=1`, or with the refusal in `error`. */
export async function adminTournamentFormAction(
  context: AppLoadContext,
  request: Request,
  admin: User,
  form: Record<string, unknown>,
): Promise<Response> {
  const back = (outcome: AdminTournamentOutcome) =>
    redirect(outcome.ok ? "/admin?tab=tournaments&done=1" : `/admin?tab=tournaments&error=${encodeURIComponent(outcome.error)}`);
  const id = String(form.tournament_id ?? "");
  if (form.intent === "tournament_cancel") {
    const input = AdminTournamentCancelSchema.safeParse(form);
    return back(await cancelTournament(context, request, admin, id, input.success ? input.data.reason : ""));
  }
  const input = AdminTournamentSchema.safeParse(form);
  if (!input.success)
    return back({ ok: false, status: 400, error: `Invalid tournament: ${input.error.issues.map((i) => i.path.join(".")).join(", ")}` });
  if (form.intent === "tournament_edit") return back(await editTournament(context, request, admin, id, input.data));
  return back(await createTournament(context, request, admin, input.data));
}
