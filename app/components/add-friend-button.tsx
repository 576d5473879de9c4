import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { api } from "~/utils/api";

/** How the viewer relates to the player the button is for (friends.server.ts's relationship). */
export type FriendRelation = "none" | "friend" | "request_received" | "request_sent";

/**
 * "Adicionar" for a player seen outside the friends page (a leaderboard card, a game's result):
 * POST /api/friends/request, then the state it leads to said in place ("Solicitação enviada", or
 * friends at once when that player had already asked). A refusal is shown next to the button.
 */
export function AddFriendButton({
  userId,
  nickname,
  relationship = "none",
  size = "md",
}: {
  userId: string;
  nickname: string;
  relationship?: FriendRelation;
  size?: "sm" | "md";
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<FriendRelation | "busy">(relationship);
  const [error, setError] = useState<string | null>(null);

  async function add() {
    setState("busy");
    setError(null);
    const result = await api<{ status: "pending" | "accepted" }>("/api/friends/request", { method: "POST", body: { user_id: userId } });
    if (result.ok) {
      setState(result.data.status === "accepted" ? "friend" : "request_sent");
      return;
    }
    setState("none");
    setError(result.error ?? t("friends:errorSend"));
  }

  if (state === "friend") {
    return (
      <span className="text-sm font-semibold text-emerald-300" data-testid="add-friend-state">
        {t("friends:alreadyFriend")}
      </span>
    );
  }
  if (state === "request_sent") {
    return (
      <span className="text-sm font-semibold text-gold-300" data-testid="add-friend-state" role="status">
        {t("friends:requestSentBadge")}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-col items-center gap-1">
      <Button
        size={size}
        variant="secondary"
        onClick={add}
        disabled={state === "busy"}
        aria-label={t("friends:addFriendLabel", { name: nickname })}
        data-testid="add-friend"
      >
        {state === "request_received" ? t("friends:accept") : t("friends:addFriend")}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-red-200">
          {error}
        </span>
      ) : null}
    </span>
  );
}
