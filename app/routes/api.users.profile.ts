import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { UpdateProfileSchema } from "~/schemas/user";
import { requireApiUser } from "~/services/auth.server";
import { jsonError, jsonOk, methodNotAllowed } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { profileOf, updateNickname } from "~/services/users.server";

/** PUT {nickname} → the updated profile. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  const user = await requireApiUser(request, context);
  const t = await serverT(request);
  const raw = await request.json().catch(() => null);
  const parsed = UpdateProfileSchema.safeParse(raw);
  if (!parsed.success) {
    const nicknameProblem = z.object({ nickname: z.string() }).safeParse(raw).success;
    return jsonError(400, nicknameProblem ? t("profile:nicknameInvalid") : t("errors:invalidBody"));
  }
  const outcome = await updateNickname(context, user, parsed.data.nickname);
  if (outcome === "taken") return jsonError(409, t("profile:nicknameTaken"));
  return jsonOk(profileOf({ ...user, nickname: parsed.data.nickname }));
}
