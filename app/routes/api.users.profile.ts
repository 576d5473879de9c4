import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { UpdateProfileSchema } from "~/schemas/user";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { profileOf, updateNickname } from "~/services/users.server";

/** PUT {nickname} → the updated profile. */
async function saveProfile({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { nickname } = await parseJsonBody(request, UpdateProfileSchema, {
    // A nickname that breaks a rule gets the rule's text; anything else is just invalid data.
    refusal: (_error, raw, t) =>
      typeof (raw as { nickname?: unknown } | null)?.nickname === "string" ? t("profile:nicknameInvalid") : undefined,
  });
  await enforceRateLimit({ request, context }, "profile_update", user);
  const outcome = await updateNickname(context, user, nickname);
  if (outcome === "taken") {
    const t = await serverT(request);
    return jsonError(409, t("profile:nicknameTaken"));
  }
  return jsonOk(profileOf({ ...user, nickname }));
}

export const loader = apiRoute({ PUT: saveProfile });
export const action = loader;
