import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TrophyIcon } from "~/components/icons";
import { BoardList, PinnedRow } from "~/components/leaderboard/board-list";
import { OwnPosition } from "~/components/leaderboard/own-position";
import { PeriodTabs, periodHint } from "~/components/leaderboard/period-tabs";
import { PlayerCardDialog } from "~/components/leaderboard/player-card";
import { Podium } from "~/components/leaderboard/podium";
import { BackHeader, PageTitle } from "~/components/ui/page";
import { LeaderboardQuerySchema, PlayerIdSchema } from "~/schemas/leaderboard";
import { requireUser } from "~/services/auth.server";
import { relationshipWith } from "~/services/friends.server";
import { replicaContext } from "~/services/replica.server";
import { leaderboardOf, playerCardOf } from "~/services/leaderboard.server";
import type { loader as rootLoader } from "~/root";
import { boardKey, PODIUM_MIN_ENTRIES } from "../../game/leaderboard";
import { SiteHeader } from "~/components/site-header";

/**
 * `/leaderboard` (spec §2): the Geral, Mensal and Semanal boards, server-rendered. The tabs are
 * links (`?period=`), and so is every row (`&player=<id>` opens that player's public card), so
 * every tap works before the page has hydrated.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  // A tab the page does not know shows Geral (the API answers 400 instead).
  const query = LeaderboardQuerySchema.safeParse({ period: params.get("period") ?? undefined });
  const period = query.success ? query.data.period : "all";
  const now = new Date();
  const playerId = PlayerIdSchema.safeParse(params.get("player"));
  const [board, card, relationship] = await Promise.all([
    leaderboardOf(context.reads.replica, period, user.id, now),
    playerId.success ? playerCardOf(context.reads.replica, playerId.data) : null,
    // What the card's "Adicionar" offers (shown, not decided on: the request itself checks again).
    playerId.success && playerId.data !== user.id ? relationshipWith(replicaContext(context), user.id, playerId.data) : null,
  ]);
  return { ...board, board: boardKey(period, now), card, relationship };
}

export default function LeaderboardPage() {
  const { period, board, leaderboard, userRank, card, relationship } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t, i18n } = useTranslation();
  const viewerId = root?.user?.id ?? null;
  const pinned = userRank && !leaderboard.some((entry) => entry.user.id === userRank.user.id) ? userRank : null;
  const hrefOf = (playerId: string) => `?period=${period}&player=${encodeURIComponent(playerId)}`;

  return (
    <>
      <SiteHeader />
      <div className="mx-auto flex w-full max-w-3xl flex-col px-3 pb-10 sm:px-6">
        <BackHeader label={t("common:back")} />

        <main id="main" className="flex flex-col gap-4">
          <PageTitle icon={<TrophyIcon className="h-7 w-7" />} title={t("leaderboard:title")} subtitle={t("leaderboard:subtitle")} />

          <PeriodTabs period={period} />
          <p className="-mt-1 text-sm text-cream-100/70" data-testid="period-hint">
            {periodHint(t, board, i18n.language)}
          </p>

          <OwnPosition entry={userRank} period={period} hrefOf={hrefOf} />

          {leaderboard.length >= PODIUM_MIN_ENTRIES ? (
            <Podium entries={leaderboard.slice(0, 3)} viewerId={viewerId} period={period} hrefOf={hrefOf} />
          ) : null}

          <BoardList entries={leaderboard} viewerId={viewerId} period={period} hrefOf={hrefOf} />
          {pinned ? <PinnedRow entry={pinned} period={period} hrefOf={hrefOf} /> : null}
        </main>

        {card ? (
          <PlayerCardDialog card={card} closeHref={`?period=${period}`} isViewer={card.id === viewerId} relationship={relationship} />
        ) : null}
      </div>
    </>
  );
}
