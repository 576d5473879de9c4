import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { AdminTournamentCancelSchema, AdminTournamentSchema } from "~/schemas/tournaments";
import { adminApi } from "~/services/admin-api.server";
import { cancelTournament, createTournament, editTournament } from "~/services/admin-tournaments.server";
import { answerOf, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { listTournaments } from "~/services/tournaments.server";

const BodySchema = z.looseObject({
  action: z.enum(["create", "edit", "cancel"]).default("create"),
  tournament_id: z.string().min(1).max(100).optional(),
});

/**
 * GET → { tournaments }: every tournament as the list shows it. POST, audited in admin_actions:
 * - { action: "create" (default), name, description, game_type, truco_variant, entry_cost,
 *   guaranteed_prize, max_participants, min_participants, start_time, reason } → 201 { id };
 * - { action: "edit", tournament_id, …the same fields } → 200 { id }, only before its start;
 * - { action: "cancel", tournament_id, reason } → 200 { id }: cancelled, every fee returned.
 */
function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return adminApi(request, context, {
    GET: async () => jsonOk({ tournaments: await listTournaments(context, null) }),
    POST: async (admin) => {
      const body = await parseJsonBody(request, BodySchema);
      const invalid = async () => jsonError(400, (await serverT(request))("errors:invalidBody"));
      const target = body.tournament_id ?? "";
      if (body.action !== "create" && !target) return invalid();
      if (body.action === "cancel") {
        const input = AdminTournamentCancelSchema.safeParse(body);
        if (!input.success) return invalid();
        const outcome = await cancelTournament(context, request, admin, target, input.data.reason);
        return outcome.ok ? jsonOk({ id: outcome.id }) : answerOf(outcome);
      }
      const input = AdminTournamentSchema.safeParse(body);
      if (!input.success) return invalid();
      const outcome =
        body.action === "edit"
          ? await editTournament(context, request, admin, target, input.data)
          : await createTournament(context, request, admin, input.data);
      if (!outcome.ok) return answerOf(outcome);
      return jsonOk({ id: outcome.id }, { status: body.action === "edit" ? 200 : 201 });
    },
  });
}

export const loader = handle;
export const action = handle;
