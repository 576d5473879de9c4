import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RefundRequestSchema } from "~/schemas/payments";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk, parseJsonBody, type JsonBodyOptions } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { requestRefund, type RefundRejection } from "~/services/refunds.server";
import { REFUND_REASON_MAX } from "~/utils/refunds";

const REJECTIONS: Record<RefundRejection, { status: number; key: string }> = {
  not_found: { status: 404, key: "payments:refundNotFound" },
  not_participant: { status: 403, key: "payments:refundNotParticipant" },
  already_refunded: { status: 409, key: "payments:refundAlreadyRefunded" },
  not_cancelled: { status: 409, key: "payments:refundNotCancelled" },
  entry_returned: { status: 409, key: "payments:refundEntryReturned" },
  window_expired: { status: 409, key: "payments:refundWindowExpired" },
};

/** The form's own words for a missing game or a reason of the wrong length. */
const refundRefusal: NonNullable<JsonBodyOptions["refusal"]> = (error, raw, t) => {
  const field = error.issues[0]?.path[0];
  if (field === "reason") {
    const reason = (raw as { reason?: unknown }).reason;
    const long = typeof reason === "string" && reason.trim().length > REFUND_REASON_MAX;
    return t(long ? "payments:refundReasonTooLong" : "payments:refundReasonTooShort");
  }
  if (field === "game_session_id") return t("payments:refundChooseGame");
  return undefined;
};

/** POST {game_session_id, reason} → {refund_amount}; every request is stored, granted or not. */
async function requestRefundFor({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, RefundRequestSchema, { refusal: refundRefusal });
  await enforceRateLimit({ request, context }, "refund_request", user);
  const outcome = await requestRefund(context.db, user.id, body.game_session_id, body.reason);
  if (outcome.status === "approved") return jsonOk({ refund_amount: outcome.refund_amount });
  const t = await serverT(request);
  const rejection = REJECTIONS[outcome.reason];
  return jsonError(rejection.status, t(rejection.key), { code: outcome.reason });
}

export const loader = apiRoute({ POST: requestRefundFor });
export const action = loader;
