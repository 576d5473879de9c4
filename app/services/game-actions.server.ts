import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { GameFormSchema } from "~/schemas/game-forms";
import type { FormResult } from "~/schemas/home-forms";
import { requireUser } from "./auth.server";
import { sendChatAt } from "./chat.server";
import { readFormBody } from "./http.server";
import { serverT } from "./i18n.server";
import { acceptRematch } from "./rematch.server";
import { concedeGame, leaveGame } from "./rooms.server";
import { CHAT_DIALOG, DIALOG_PARAM } from "~/utils/ui-params";

/**
 * The game page's form action (it works before the page has hydrated, and without JavaScript):
 * - rematch: the same service as `POST /api/games/{id}/rematch`. The new table, once open, is where
 *   the player goes; until every player accepted, a status says who is awaited.
 * - leave: the same service as `POST /api/games/{id}/leave` (its limit included), then home, where
 *   a leave leads.
 * - concede: the same service as `POST /api/games/{id}/concede`; a practice game leads home, a
 *   forfeit back to the table, where the result shows.
 * - chat: the same service as `POST /api/games/{id}/chat` (its limit and mute included), then the
 *   page again with the chat open, which the server renders with the message in it.
 */
export async function gameAction(request: Request, context: AppLoadContext, gameId: string) {
  const user = await requireUser(request, context);
  const form = await readFormBody(request, GameFormSchema);
  const answer = (result: FormResult, status = 200) => data(result, { status });
  if (!form.ok) return answer({ intent: "form", ok: false, message: form.error }, form.status);
  const path = `/game/${encodeURIComponent(gameId)}`;
  switch (form.data.intent) {
    case "leave": {
      const left = await leaveGame(context, request, user, gameId);
      if (!left.ok) return answer({ intent: "leave", ok: false, message: left.error }, left.status);
      return redirect("/");
    }
    case "concede": {
      const conceded = await concedeGame(context, request, user, gameId);
      if (!conceded.ok) return answer({ intent: "concede", ok: false, message: conceded.error }, conceded.status);
      // A practice game is gone at once: home. A forfeit stays on its page, where the result shows.
      return redirect(conceded.data.practice ? "/" : path);
    }
    case "chat": {
      const { emoji, message } = form.data;
      const sent = await sendChatAt(context, request, user, gameId, () =>
        emoji ? { message: emoji, message_type: "emoji" } : { message, message_type: "text" },
      );
      if (!sent.ok) return answer({ intent: "chat", ok: false, message: sent.error }, sent.status);
      return redirect(`${path}?${DIALOG_PARAM}=${CHAT_DIALOG}`);
    }
    case "rematch": {
      const accepted = await acceptRematch(context, request, user, gameId);
      if (!accepted.ok) return answer({ intent: "rematch", ok: false, message: accepted.error }, accepted.status);
      if (accepted.data.game_id) return redirect(`/game/${accepted.data.game_id}`);
      const t = await serverT(request);
      return answer({ intent: "rematch", ok: true, message: t("game:result.rematchWaiting") });
    }
  }
}
