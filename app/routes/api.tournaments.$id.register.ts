import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute } from "~/services/http.server";
import { registerFor, unregisterFrom } from "~/services/tournaments.server";

/**
 * POST → 200 { tournament }: registered, the fee debited through the ledger
 * (`tournament:{id}:entry:{user}`). DELETE → 200 { tournament }: left while registration is open,
 * the fee returned. A refusal is a 4xx { error } and writes nothing.
 */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await registerFor(request, context, user, params.id ?? ""));
}

async function remove({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await unregisterFrom(request, context, user, params.id ?? ""));
}

export const loader = apiRoute({ POST: post, DELETE: remove });
export const action = loader;
