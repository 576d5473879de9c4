import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { historyOf } from "~/services/games.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { replicaContext } from "~/services/replica.server";

/** GET → the player's finished games, newest first (spec §3 game history entries). */
async function readHistory({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(await historyOf(replicaContext(context), user.id));
}

export const loader = apiRoute({ GET: readHistory });
export const action = loader;
