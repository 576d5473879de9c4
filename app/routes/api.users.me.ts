import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { profileOf } from "~/services/users.server";

/** GET → the signed-in user's profile; 401 with a JSON error when signed out. */
async function readMe({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(profileOf(user));
}

export const loader = apiRoute({ GET: readMe });
export const action = loader;
