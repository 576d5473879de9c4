import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { SpectatorCallout, SpectatorFrame } from "../../game/protocol/spectate";
import { Board } from "~/components/game/board";
import { useCallouts, useCalloutText, type AnyCallout } from "~/components/game/callouts";
import { calloutsOf } from "~/components/game/game-logic";
import { TableProvider, useTable } from "~/components/game/table-context";
import { AudienceChat, WatchersBadge } from "~/components/spectate/audience-chat";
import { useSpectatorSocket } from "~/components/spectate/use-spectator-socket";
import { buttonClasses } from "~/components/ui/button";
import { BackHeader } from "~/components/ui/page";
import { requireUser } from "~/services/auth.server";
import { watchOf } from "~/services/spectate.server";

export const meta: MetaFunction = () => [{ title: "Mesa de Truco" }, { name: "robots", content: "noindex" }];

/**
 * `/game/{gameId}/watch`: a game being played, as anyone not at the table may see it
 * (docs/decisions/134-spectating-through-a-relay.md). The room says whether this player may
 * watch and draws the first frame; the page then follows the game's relay over one socket.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const gameId = params.gameId ?? "";
  const watch = await watchOf(context, gameId, user);
  // A player's own page is the table itself.
  if (!watch.ok && watch.reason === "player") throw redirect(`/game/${encodeURIComponent(gameId)}`);
  return data({ gameId, watch }, { status: watch.ok ? 200 : watch.reason === "not_found" ? 404 : 403 });
}

export default function WatchRoute() {
  const { gameId, watch } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (!watch.ok) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-xl flex-col px-3 sm:px-6">
        <BackHeader label={t("common:back")} />
        <main
          id="main"
          className="felt-panel flex flex-col items-center gap-3 p-6 text-center"
          data-testid="watch-refused"
          data-reason={watch.reason}
        >
          <h1 className="font-display text-xl font-bold text-gold-300">{t("spectate:refused.title")}</h1>
          <p className="text-sm text-cream-100/85">{t(`spectate:refused.${watch.reason}`)}</p>
          <Link to="/" className={buttonClasses("primary", "md")}>
            {t("spectate:backHome")}
          </Link>
        </main>
      </div>
    );
  }
  return <Watching key={gameId} gameId={gameId} initial={watch.frame as SpectatorFrame} watchers={watch.watchers} />;
}

function Watching({ gameId, initial, watchers: initialWatchers }: { gameId: string; initial: SpectatorFrame; watchers: number }) {
  const { t } = useTranslation();
  const { items: callouts, push } = useCallouts();
  const onCallouts = useCallback(
    (messages: SpectatorCallout[]) => {
      const events = messages.flatMap((m) =>
        m.type === "game_event" ? m.payload.events : m.type === "truco_called" || m.type === "truco_responded" ? [m.payload] : [],
      );
      push(events.flatMap(calloutsOf));
    },
    [push],
  );
  const socket = useSpectatorSocket(gameId, initial, initialWatchers, onCallouts);
  const { state } = socket.frame;
  const game = state.game;
  const ended = game.status === "completed" || game.status === "cancelled";
  const names = useMemo(() => state.participants.map((p) => p.nickname).join(" × "), [state.participants]);

  return (
    <div className="min-h-dvh pb-6" data-testid="watch-page" data-version={socket.frame.version} data-status={game.status}>
      <div className="mx-auto flex max-w-6xl flex-col px-2 sm:px-6">
        <BackHeader label={t("common:back")}>
          <div className="flex min-w-0 items-center gap-2">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-red-600/90 px-2.5 py-1 text-xs font-bold uppercase tracking-wide text-white">
              <span aria-hidden className={`h-2 w-2 rounded-full bg-white ${ended ? "" : "animate-pulse"}`} />
              {t("spectate:badge")}
            </span>
            <WatchersBadge count={socket.watchers} />
          </div>
        </BackHeader>
      </div>
      {socket.status !== "open" && !ended ? (
        <p role="status" className="bg-red-900/80 px-3 py-1.5 text-center text-xs font-semibold text-red-50" data-testid="reconnecting">
          {t("spectate:reconnecting")}
        </p>
      ) : null}
      <main
        id="main"
        className="mx-auto flex max-w-6xl flex-col gap-2 px-2 sm:px-6 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-x-4"
      >
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="truncate px-1 font-display text-lg font-bold text-cream-50 sm:text-xl" data-testid="watch-title">
            {names}
          </h1>
          {state.view ? (
            <TableProvider view={state.view} participants={state.participants}>
              <SpectatorBoard frame={socket.frame} callouts={callouts} />
            </TableProvider>
          ) : (
            <p className="felt-panel p-6 text-center text-sm text-cream-100/80">{t("spectate:waitingFirst")}</p>
          )}
          {ended ? (
            <section className="felt-panel flex flex-col items-center gap-3 p-4 text-center" data-testid="watch-ended">
              <p className="font-display text-lg font-bold text-gold-300">{t("spectate:ended")}</p>
              <div className="flex flex-wrap justify-center gap-2">
                <Link to={`/game/${encodeURIComponent(gameId)}/replay`} className={buttonClasses("primary", "md")}>
                  {t("spectate:replay")}
                </Link>
                <Link to="/" className={buttonClasses("secondary", "md")}>
                  {t("spectate:backHome")}
                </Link>
              </div>
            </section>
          ) : (
            <p className="px-1 text-xs text-cream-100/70">{t("spectate:publicOnly")}</p>
          )}
        </div>
        <aside className="flex min-w-0 flex-col gap-2">
          <AudienceChat messages={socket.chat} onSend={socket.sendChat} refused={socket.refusedChat} />
        </aside>
      </main>
    </div>
  );
}

function SpectatorBoard({ frame, callouts }: { frame: SpectatorFrame; callouts: AnyCallout[] }) {
  const { teamName } = useTable();
  const text = useCalloutText(teamName);
  const calloutText = useCallback((c: AnyCallout) => text(c.text), [text]);
  const noop = useCallback(() => undefined, []);
  return (
    <Board
      turn={frame.state.turn}
      serverOffset={0}
      nextHandAt={frame.state.nextHandAt}
      onAction={noop}
      busy={false}
      connected
      callouts={callouts}
      calloutText={calloutText}
      spectator
    />
  );
}
