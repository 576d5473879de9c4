import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RefundRequestSchema } from "~/schemas/payments";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute, parseJsonBody } from "~/services/http.server";
import { refundRefusal, refundRequestFor } from "~/services/refunds.server";

/** POST {game_session_id, reason} → {refund_amount}; every request is stored, granted or not. */
async function requestRefundFor({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, RefundRequestSchema, { refusal: refundRefusal });
  return answerOf(await refundRequestFor(context, request, user.id, body));
}

export const loader = apiRoute({ POST: requestRefundFor });
export const action = loader;
