import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { FormResult } from "~/schemas/home-forms";
import { NICKNAME_LIMITS, NICKNAME_PROBLEM_KEYS, NicknameSchema, nicknameProblem } from "~/schemas/user";
import { requireUser } from "./auth.server";
import { readFormBody } from "./http.server";
import { serverT } from "./i18n.server";
import { changeNickname } from "./users.server";

const ProfileFormSchema = z.object({ intent: z.literal("nickname"), nickname: z.string().max(200) });

/**
 * The profile page's form action (the inline nickname edit works before hydration):
 * the same rules as `PUT /api/users/profile`. Empty or unchanged ends the edit without saving
 * (spec §5); a save counts `profile_update` with the API's.
 */
export async function profileAction(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const form = await readFormBody(request, ProfileFormSchema);
  const t = await serverT(request);
  const answer = (ok: boolean, message: string, status = ok ? 200 : 400) =>
    data<FormResult>({ intent: "nickname", ok, message }, { status });
  if (!form.ok) return answer(false, form.error, form.status);
  const trimmed = form.data.nickname.trim();
  if (!trimmed || trimmed === user.nickname) return answer(true, "");
  const problem = nicknameProblem(trimmed);
  const nickname = NicknameSchema.safeParse(trimmed);
  if (problem || !nickname.success) return answer(false, t(NICKNAME_PROBLEM_KEYS[problem ?? "length"], NICKNAME_LIMITS));
  const outcome = await changeNickname(context, request, user, nickname.data);
  if (!outcome.ok) return answer(false, outcome.error, outcome.status);
  return answer(true, "");
}
