import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { lobbyLiveFor } from "~/services/lobby-live.server";

/** GET → {online, playing, open_tables}: the home page's live parts, asked every few seconds. */
async function live({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(await lobbyLiveFor(context, user));
}

export const loader = apiRoute({ GET: live });
export const action = loader;
