import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AdminTournamentSchema } from "~/schemas/tournaments";
import { adminApi } from "~/services/admin-api.server";
import { editTournament } from "~/services/admin-tournaments.server";
import { jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { tournamentDetail } from "~/services/tournaments.server";

/** GET → { tournament } (with bracket and players). POST (the whole tournament's fields) → 200 { id }: edited before its start, audited. */
function handle({ request, context, params }: LoaderFunctionArgs | ActionFunctionArgs) {
  const id = params.id ?? "";
  return adminApi(request, context, {
    GET: async () => {
      const tournament = await tournamentDetail(context, id, null);
      return tournament ? jsonOk({ tournament }) : jsonError(404, "Tournament not found");
    },
    POST: async (admin) => {
      const input = await parseJsonBody(request, AdminTournamentSchema);
      await enforceRateLimit({ request, context }, "admin_action", admin);
      const outcome = await editTournament(context, admin, id, input);
      return outcome.ok ? jsonOk({ id: outcome.id }) : jsonError(outcome.status, outcome.error);
    },
  });
}

export const loader = handle;
export const action = handle;
