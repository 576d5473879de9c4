import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { NICKNAME_LIMITS, NICKNAME_PROBLEM_KEYS, nicknameProblem, UpdateProfileSchema } from "~/schemas/user";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute, jsonOk, parseJsonBody } from "~/services/http.server";
import { changeNickname, profileOf } from "~/services/users.server";

/** PUT {nickname} → the updated profile. */
async function saveProfile({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { nickname } = await parseJsonBody(request, UpdateProfileSchema, {
    // A nickname that breaks a rule gets the rule's text; anything else is just invalid data.
    refusal: (_error, raw, t) => {
      const nickname = (raw as { nickname?: unknown } | null)?.nickname;
      return typeof nickname === "string" ? t(NICKNAME_PROBLEM_KEYS[nicknameProblem(nickname) ?? "length"], NICKNAME_LIMITS) : undefined;
    },
  });
  const outcome = await changeNickname(context, request, user, nickname);
  if (!outcome.ok) return answerOf(outcome);
  return jsonOk(profileOf({ ...user, nickname }));
}

export const loader = apiRoute({ PUT: saveProfile });
export const action = loader;
