import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/** Unknown API paths answer a JSON 404 (pages redirect to `/` instead). */
async function notFound({ request }: LoaderFunctionArgs) {
  const t = await serverT(request);
  return jsonError(404, t("errors:notFound"));
}

export const loader = notFound;
export const action = notFound;
