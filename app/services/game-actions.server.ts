import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { GameFormSchema } from "~/schemas/game-forms";
import type { FormResult } from "~/schemas/home-forms";
import { requireUser } from "./auth.server";
import { readFormBody } from "./http.server";
import { serverT } from "./i18n.server";
import { acceptRematch } from "./rematch.server";

/**
 * The game page's form action: the same service as `POST /api/games/{id}/rematch`. The new table,
 * once open, is where the player goes; until every player accepted, a status says who is awaited.
 */
export async function gameAction(request: Request, context: AppLoadContext, gameId: string) {
  const user = await requireUser(request, context);
  const form = await readFormBody(request, GameFormSchema);
  const answer = (result: FormResult, status = 200) => data(result, { status });
  if (!form.ok) return answer({ intent: "form", ok: false, message: form.error }, form.status);
  const accepted = await acceptRematch(context, request, user, gameId);
  if (!accepted.ok) return answer({ intent: "rematch", ok: false, message: accepted.error }, accepted.status);
  if (accepted.data.game_id) return redirect(`/game/${accepted.data.game_id}`);
  const t = await serverT(request);
  return answer({ intent: "rematch", ok: true, message: t("game:result.rematchWaiting") });
}
