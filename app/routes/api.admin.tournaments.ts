import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AdminTournamentSchema } from "~/schemas/tournaments";
import { adminApi } from "~/services/admin-api.server";
import { createTournament } from "~/services/admin-tournaments.server";
import { jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { listTournaments } from "~/services/tournaments.server";

/**
 * GET → { tournaments }: every tournament as the list shows it. POST { name, description,
 * game_type, truco_variant, entry_cost, guaranteed_prize, max_participants, min_participants,
 * start_time, reason } → 201 { id }: a new tournament in registration, audited.
 */
function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return adminApi(request, context, {
    GET: async () => jsonOk({ tournaments: await listTournaments(context, null) }),
    POST: async (admin) => {
      const input = await parseJsonBody(request, AdminTournamentSchema);
      await enforceRateLimit({ request, context }, "admin_action", admin);
      const outcome = await createTournament(context, admin, input);
      return outcome.ok ? jsonOk({ id: outcome.id }, { status: 201 }) : jsonError(outcome.status, outcome.error);
    },
  });
}

export const loader = handle;
export const action = handle;
