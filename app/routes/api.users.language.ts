import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { UpdateLanguageSchema } from "~/schemas/user";
import { requireApiUser } from "~/services/auth.server";
import { jsonOk, methodNotAllowed, parseJsonBody } from "~/services/http.server";
import { updateLanguage } from "~/services/users.server";

/** PUT {language}: keeps the player's language on the account. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  const user = await requireApiUser(request, context);
  const { language } = await parseJsonBody(request, UpdateLanguageSchema);
  await updateLanguage(context, user.id, language);
  return jsonOk({ language });
}
