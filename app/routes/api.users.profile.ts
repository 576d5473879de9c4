import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { UpdateProfileSchema } from "~/schemas/user";
import { requireApiUser } from "~/services/auth.server";
import { jsonError, jsonOk, methodNotAllowed, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { profileOf, updateNickname } from "~/services/users.server";

/** PUT {nickname} → the updated profile. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  const user = await requireApiUser(request, context);
  const { nickname } = await parseJsonBody(request, UpdateProfileSchema, {
    // A nickname that breaks a rule gets the rule's text; anything else is just invalid data.
    refusal: (_error, raw, t) =>
      typeof (raw as { nickname?: unknown } | null)?.nickname === "string" ? t("profile:nicknameInvalid") : undefined,
  });
  const outcome = await updateNickname(context, user, nickname);
  if (outcome === "taken") {
    const t = await serverT(request);
    return jsonError(409, t("profile:nicknameTaken"));
  }
  return jsonOk(profileOf({ ...user, nickname }));
}
