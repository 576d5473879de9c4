import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute } from "~/services/http.server";
import { leaveGame } from "~/services/rooms.server";

/** POST: leaves a waiting room; the entry comes back (DESIGN.md §5). The game page's form uses the same service. */
async function leave({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await leaveGame(context, request, user, params.id ?? ""));
}

export const loader = apiRoute({ POST: leave });
export const action = loader;
