import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getUser } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { tournamentDetail } from "~/services/tournaments.server";

/** GET → { tournament }: the tournament with its participants, bracket (games and results), standings and prizes. */
async function get({ request, context, params }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const tournament = await tournamentDetail(context, params.id ?? "", user);
  if (!tournament) return jsonError(404, (await serverT(request))("tournaments:errors.notFound"));
  return jsonOk({ tournament });
}

export const loader = apiRoute({ GET: get });
export const action = loader;
