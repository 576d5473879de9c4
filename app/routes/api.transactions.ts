import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { TransactionsQuerySchema } from "~/schemas/payments";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { listTransactions } from "~/services/transactions.server";

/** GET ?limit=&before= → the player's own transactions, newest first (at most 100 a page). */
async function readTransactions({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  const query = TransactionsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    const t = await serverT(request);
    return jsonError(400, t("errors:invalidBody"));
  }
  return jsonOk(await listTransactions(context.db, user.id, query.data));
}

export const loader = apiRoute({ GET: readTransactions });
export const action = loader;
