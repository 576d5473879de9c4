import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CheckoutSessionIdSchema } from "~/schemas/payments";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { paymentStatus } from "~/services/payments.server";

/** GET → the player's own payment as the webhook left it (the return pages poll this). */
async function readPayment({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  const t = await serverT(request);
  const id = CheckoutSessionIdSchema.safeParse(params.id);
  const status = id.success ? await paymentStatus(context.db, user.id, id.data) : null;
  if (!status) return jsonError(404, t("payments:paymentNotFound"));
  return jsonOk(status);
}

export const loader = apiRoute({ GET: readPayment });
export const action = loader;
