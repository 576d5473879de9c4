import type { TFunction } from "i18next";
import type { Action } from "../../../game/truco/index";

/** What a player said or did, as the game's own callouts name it ("Truco!", "Quero!", "Vou ao mazo"). */
export function spokenAction(t: TFunction, action: Exclude<Action, { type: "play_card" }>): string {
  switch (action.type) {
    case "call_truco":
    case "call_envido":
    case "call_flor":
      return t(`game:calls.${action.call}`);
    case "respond_truco":
      return t(action.response === "accept" ? "game:shout.accept" : "game:shout.reject");
    case "respond_envido":
    case "respond_flor":
      return t(action.response === "accept" ? "game:shout.envidoAccept" : "game:shout.envidoReject");
    case "respond_mao":
      return t(action.response === "play" ? "game:respond.maoPlay" : "game:respond.maoRun");
    case "go_to_mazo":
      return t("game:shout.mazo");
  }
}

/** One move in a sentence: "Ana jogou 7 de Copas", "Bia: Truco!". `card` is the card the play put on the table. */
export function describeAction(t: TFunction, name: string, action: Action, card: string | null, cardName: (id: string) => string): string {
  if (action.type === "play_card")
    return t(action.faceDown ? "replay:playedDown" : "replay:played", { name, card: cardName(card ?? action.cardId) });
  return t("replay:said", { name, what: spokenAction(t, action) });
}

/** The action alone, for the computer's choice: the card's name, or what it would say. */
export function actionText(t: TFunction, action: Action, cardName: (id: string) => string): string {
  if (action.type === "play_card") {
    // A blind play (mão de ferro) names a place in the hand: nobody knew which card it was.
    const blind = /^blind:(\d+)$/.exec(action.cardId);
    const name = blind ? t("game:cards.blind", { n: Number(blind[1]) + 1 }) : cardName(action.cardId);
    return action.faceDown ? `${name} (${t("game:cards.faceDown")})` : name;
  }
  return spokenAction(t, action);
}
