import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getUser } from "~/services/auth.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { ensureSchedule, listTournaments } from "~/services/tournaments.server";

/**
 * GET → { tournaments }: every open tournament and the recent finished ones, with spec §3 fields,
 * the real participant count and `is_registered` for a signed-in caller. Reading it also keeps the
 * recurring schedule going.
 */
async function get({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  await ensureSchedule(context);
  return jsonOk({ tournaments: await listTournaments(context, user) });
}

export const loader = apiRoute({ GET: get });
export const action = loader;
