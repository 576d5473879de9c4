import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { refundEligibleGames } from "~/services/refunds.server";

/** GET → the player's cancelled games of the last 7 days whose entry a request would refund. */
async function readEligible({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(await refundEligibleGames(context.db, user.id));
}

export const loader = apiRoute({ GET: readEligible });
export const action = loader;
