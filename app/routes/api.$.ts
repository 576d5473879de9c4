import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/**
 * Unknown API paths answer a JSON 404 whatever the method (pages redirect to `/` instead). It
 * never reads a body: the answer does not wait for one.
 */
async function notFound({ request }: LoaderFunctionArgs) {
  const t = await serverT(request);
  return jsonError(404, t("errors:notFound"));
}

export const loader = notFound;
export const action = notFound;
