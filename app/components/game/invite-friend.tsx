import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Friend } from "../../../game/protocol/channel";
import type { GameSummary } from "../../../game/protocol/entities";
import { Avatar } from "~/components/avatar";
import { useChannel } from "~/components/channel/channel-provider";
import { Button } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/modal";
import { useToast } from "~/components/ui/toast";
import { api } from "~/utils/api";

/** The friends list's schema, loaded with the dialog's first opening (the channel's schemas stay off the table's first load). */
async function parseFriends(data: unknown): Promise<Friend[] | null> {
  const [z, { FriendSchema }] = await Promise.all([import("zod/mini"), import("../../../game/protocol/channel")]);
  const parsed = z.array(FriendSchema).safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Tables a friend can be invited to (the invitation path's own rule): a human casual or ranked table. */
export function invitable(game: GameSummary): boolean {
  return game.status === "waiting" && game.bot_level === null && (game.game_mode === "casual" || game.game_mode === "ranked");
}

/**
 * "Convidar amigo" in a waiting room: the player's friends who are online (live, from the channel),
 * each invited to this table through POST /api/friends/{id}/invite {game_id}, the path the friends
 * page uses. A refusal is shown inside the dialog, where the player is looking.
 */
export function InviteFriend({ game }: { game: GameSummary }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [friends, setFriends] = useState<Friend[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setFailed(false);
    api<unknown>("/api/friends", { signal: controller.signal })
      .then(async (result) => {
        const friends = result.ok ? await parseFriends(result.data) : null;
        if (controller.signal.aborted) return;
        if (friends) setFriends(friends);
        else setFailed(true);
      })
      .catch(() => {
        // Aborted (the dialog closed), or the schema's code did not load: say the list failed.
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [open]);

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="invite-friend">
        {t("friends:inviteFriendButton")}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t("friends:inviteFriendTitle")}
        testId="invite-friend-dialog"
        footer={
          <ModalActions>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t("common:close")}
            </Button>
          </ModalActions>
        }
      >
        {failed ? (
          <p role="alert" className="text-sm text-red-200">
            {t("common:genericError")}
          </p>
        ) : friends === null ? (
          <p className="text-sm text-cream-100/75">{t("friends:inviteFriendLoading")}</p>
        ) : (
          <OnlineFriends friends={friends} game={game} />
        )}
      </Modal>
    </>
  );
}

function OnlineFriends({ friends, game }: { friends: Friend[]; game: GameSummary }) {
  const { t } = useTranslation();
  const { presence } = useChannel();
  // The live status when it is newer than the list's (as the friends page shows it).
  const online = friends.filter((friend) => {
    const live = presence[friend.id];
    return (live && live.at >= friend.status_at ? live.status : friend.status) !== "offline";
  });
  if (online.length === 0) return <p className="text-sm text-cream-100/75">{t("friends:inviteFriendNone")}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="invite-friend-list">
      {online.map((friend) => (
        <FriendLine key={friend.id} friend={friend} game={game} />
      ))}
    </ul>
  );
}

function FriendLine({ friend, game }: { friend: Friend; game: GameSummary }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [state, setState] = useState<"idle" | "busy" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);

  async function invite() {
    setState("busy");
    setError(null);
    const result = await api(`/api/friends/${encodeURIComponent(friend.id)}/invite`, { method: "POST", body: { game_id: game.id } });
    if (result.ok) {
      setState("sent");
      toast.success(t("friends:inviteSent", { name: friend.nickname }));
    } else {
      setState("idle");
      setError(result.error ?? t("friends:errorInvite"));
    }
  }

  return (
    <li className="flex flex-col gap-1 rounded-xl bg-black/25 p-2" data-testid="invite-friend-row" data-friend={friend.nickname}>
      <div className="flex items-center gap-3">
        <Avatar name={friend.nickname} url={friend.avatar_url} seed={friend.id} size={36} />
        <span className="min-w-0 flex-1 truncate text-sm font-semibold text-cream-50">{friend.nickname}</span>
        <Button
          size="sm"
          onClick={invite}
          disabled={state !== "idle"}
          aria-label={t("friends:inviteFriendSend", { name: friend.nickname })}
        >
          {state === "sent" ? t("friends:inviteFriendSent") : t("friends:invite")}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-200">
          {error}
        </p>
      ) : null}
    </li>
  );
}
