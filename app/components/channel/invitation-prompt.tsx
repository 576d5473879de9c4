import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/avatar";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { api } from "~/utils/api";
import { useChannel } from "./channel-provider";

// The invitation a friend sent, on whatever signed-in page the player is: who, which
// table, the entry, the time left, and accept (takes the seat through the normal join path, then
// opens the room) or decline. It only ever arrives over the live channel, so it needs JS anyway.

function useSecondsLeft(expiresAt: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === undefined ? 0 : Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

export function InvitationPrompt() {
  const { invitations, dismissInvitation } = useChannel();
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const invitation = invitations[0];
  const seconds = useSecondsLeft(invitation?.expires_at);
  if (!invitation) return null;
  const { game, from } = invitation;

  async function answer(kind: "accept" | "decline") {
    setBusy(true);
    const result = await api<{ game_id: string }>(`/api/invitations/${invitation.id}/${kind}`, { method: "POST" });
    setBusy(false);
    dismissInvitation(invitation.id);
    if (!result.ok) {
      if (kind === "accept") toast.error(result.error ?? t("friends:errorAcceptInvitation"));
      return;
    }
    if (kind === "accept") navigate(`/game/${result.data.game_id}`);
  }

  return (
    <section
      role="alertdialog"
      aria-labelledby="invitation-title"
      aria-describedby="invitation-text"
      data-testid="invitation-prompt"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl border border-gold-400/60 bg-felt-900/95 p-4 text-cream-50 shadow-2xl backdrop-blur sm:inset-x-auto sm:right-6 sm:bottom-6"
    >
      <div className="flex items-start gap-3">
        <Avatar name={from.nickname} url={from.avatar_url} seed={from.id} size={44} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id="invitation-title" className="font-display text-lg font-bold text-gold-300">
            {t("friends:invitationTitle")}
          </h2>
          <p id="invitation-text" className="text-sm">
            {t("friends:invitationText", {
              name: from.nickname,
              variant: t(`variants:names.${game.truco_variant}`),
              type: t(`modes:types.${game.game_type}`),
              mode: t(`modes:names.${game.game_mode}`),
            })}
          </p>
          <p className="text-xs text-cream-100/70">
            {game.entry_cost > 0 ? t("friends:invitationEntry", { n: game.entry_cost }) : t("friends:invitationFree")} ·{" "}
            <span aria-live="off">{t("friends:expiresIn", { seconds })}</span>
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => answer("decline")}>
          {t("friends:declineInvitation")}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => answer("accept")}>
          {t("friends:acceptInvitation")}
        </Button>
      </div>
    </section>
  );
}
