import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { UpdateLanguageSchema } from "~/schemas/user";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonOk, parseJsonBody } from "~/services/http.server";
import { updateLanguage } from "~/services/users.server";

/** PUT {language}: keeps the player's language on the account. */
async function saveLanguage({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { language } = await parseJsonBody(request, UpdateLanguageSchema);
  await updateLanguage(context, user.id, language);
  return jsonOk({ language });
}

export const loader = apiRoute({ PUT: saveLanguage });
export const action = loader;
