import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod/mini";
import type { PlayerResult } from "../../../game/protocol/entities";
import { AddFriendButton } from "~/components/add-friend-button";
import { api } from "~/utils/api";

const FriendIdsSchema = z.array(z.object({ id: z.string() }));

/**
 * "Adicionar amigo" under a game's result, for each other human at the table who is not a friend
 * yet (the friends list read once, when the result shows). Computer players have no account.
 */
export function AddPlayersFromGame({ results, userId }: { results: PlayerResult[]; userId: string }) {
  const { t } = useTranslation();
  const others = results.filter((r): r is PlayerResult & { user_id: string } => r.user_id !== null && r.user_id !== userId);
  const seated = results.some((r) => r.user_id === userId);
  const [friendIds, setFriendIds] = useState<Set<string> | null>(null);

  useEffect(() => {
    if (!seated || others.length === 0) return;
    const controller = new AbortController();
    api<unknown>("/api/friends", { signal: controller.signal })
      .then((result) => {
        const parsed = result.ok ? FriendIdsSchema.safeParse(result.data) : null;
        // Unreadable: every other player is offered (a friend's request is refused with its reason).
        setFriendIds(new Set(parsed?.success ? parsed.data.map((friend) => friend.id) : []));
      })
      .catch(() => undefined);
    return () => controller.abort();
    // Once per result: the players do not change.
  }, [seated, others.length]);

  if (!seated || friendIds === null) return null;
  const strangers = others.filter((r) => !friendIds.has(r.user_id));
  if (strangers.length === 0) return null;
  return (
    <section className="flex flex-col gap-2 rounded-xl bg-black/20 p-3" aria-labelledby="add-players-title" data-testid="add-players">
      <h3 id="add-players-title" className="text-xs font-semibold uppercase tracking-wide text-cream-100/70">
        {t("friends:addFromGameTitle")}
      </h3>
      <ul className="flex flex-col gap-2">
        {strangers.map((r) => (
          <li key={r.user_id} className="flex flex-wrap items-center justify-between gap-2" data-player={r.nickname}>
            <span className="min-w-0 truncate text-sm font-semibold text-cream-50">{r.nickname}</span>
            <AddFriendButton userId={r.user_id} nickname={r.nickname} size="sm" />
          </li>
        ))}
      </ul>
    </section>
  );
}
