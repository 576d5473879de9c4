import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AdminTournamentCancelSchema } from "~/schemas/tournaments";
import { adminApi } from "~/services/admin-api.server";
import { cancelTournament } from "~/services/admin-tournaments.server";
import { jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/** POST { reason } → 200 { id }: the tournament cancelled, every fee returned, audited. */
function handle({ request, context, params }: LoaderFunctionArgs | ActionFunctionArgs) {
  return adminApi(request, context, {
    POST: async (admin) => {
      const input = await parseJsonBody(request, AdminTournamentCancelSchema);
      await enforceRateLimit({ request, context }, "admin_action", admin);
      const outcome = await cancelTournament(context, admin, params.id ?? "", input.reason);
      return outcome.ok ? jsonOk({ id: outcome.id }) : jsonError(outcome.status, outcome.error);
    },
  });
}

export const loader = handle;
export const action = handle;
