import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminApi } from "~/services/admin-api.server";
import { adminStats } from "~/services/admin.server";
import { jsonOk } from "~/services/http.server";

/** GET → { total_users, daily_active_users, total_games, active_games, total_revenue } (spec §7; revenue in dollars). */
function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return adminApi(request, context, { GET: async () => jsonOk(await adminStats(context.db)) });
}

export const loader = handle;
export const action = handle;
