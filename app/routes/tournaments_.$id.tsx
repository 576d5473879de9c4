import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { BoltIcon, CoinIcon, TrophyIcon } from "~/components/icons";
import { useChannel } from "~/components/channel/channel-provider";
import { useNow } from "~/components/tournaments/countdown";
import { CountdownLine, StatusBadge } from "~/components/tournaments/tournament-card";
import { buttonClasses } from "~/components/ui/button";
import { FormNotice } from "~/components/ui/form-notice";
import { BackHeader, PageTitle } from "~/components/ui/page";
import { formatTime } from "~/utils/format";
import { requireUser } from "~/services/auth.server";
import { tournamentDetail, tournamentFormAction, type BracketMatchView } from "~/services/tournaments.server";
import { ReplayLink } from "~/components/replay/replay-link";
import { SiteHeader } from "~/components/site-header";
import { LazyLink } from "~/components/ui/lazy-link";
import { formatInteger } from "~/utils/integer-format";

// /tournaments/{id}: the live bracket (it reloads when the player's channel says the tournament
// changed or a game is ready), the player's next game, the prizes and the players.

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.tournament.name ?? "Torneio"} · Mesa de Truco` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const tournament = await tournamentDetail(context, params.id ?? "", user);
  if (!tournament) throw new Response("Not found", { status: 404 });
  return { tournament, coins: user.virtual_coins, userId: user.id, now: Date.now() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return tournamentFormAction(request, context);
}

function roundName(t: (key: string, options?: Record<string, unknown>) => string, round: number, rounds: number) {
  if (round === rounds - 1) return t("tournaments:final");
  if (round === rounds - 2) return t("tournaments:semifinal");
  return t("tournaments:round", { n: round + 1 });
}

function MatchCard({ match, userId }: { match: BracketMatchView; userId: string }) {
  const { t } = useTranslation();
  const mine = match.entrants.some((e) => e?.players.some((p) => p.user_id === userId));
  const label = match.result && match.result !== "played" ? t(`tournaments:${match.result}`) : null;
  return (
    <li
      className={`rounded-xl border px-3 py-2 text-sm ${mine ? "border-gold-400/70 bg-gold-400/10" : "border-white/10 bg-black/20"}`}
      data-testid="bracket-match"
      data-match-id={match.id}
    >
      {match.entrants.map((entrant, i) => {
        const won = entrant !== null && match.winner === entrant.id;
        return (
          <div key={i} className={`flex items-center justify-between gap-2 ${won ? "font-bold text-gold-200" : "text-cream-100/85"}`}>
            <span className="truncate">
              {entrant
                ? entrant.players.map((p) => p.nickname).join(" & ")
                : match.result === "bye"
                  ? t("tournaments:bye")
                  : t("tournaments:tbd")}
            </span>
            {won ? <TrophyIcon className="h-4 w-4 shrink-0" /> : null}
          </div>
        );
      })}
      <div className="mt-1 flex items-center justify-between gap-2 text-xs text-cream-100/60">
        <span>{label ?? ""}</span>
        {match.game_id && match.result === null ? (
          <Link
            to={mine ? `/game/${match.game_id}` : `/game/${match.game_id}/watch`}
            className="font-semibold text-gold-300 underline"
            data-testid={mine ? undefined : "bracket-watch"}
          >
            {mine ? t("tournaments:play") : t("tournaments:watch")}
          </Link>
        ) : match.game_id && (match.result === "played" || match.result === "forfeit") ? (
          <ReplayLink gameId={match.game_id} />
        ) : null}
      </div>
    </li>
  );
}

export default function TournamentPage() {
  const { tournament, coins, userId, now: renderedAt } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { t, i18n } = useTranslation();
  const now = useNow(renderedAt);
  const number = (n: number) => formatInteger(n, i18n.language);
  const busy = navigation.state === "submitting";

  // The player's channel says when the tournament changed (registrations, the bracket, its status):
  // the page reads it again then, and asks nothing while nothing changes.
  const { subscribe, watchTournament } = useChannel();
  const revalidate = useRef(revalidator);
  revalidate.current = revalidator;
  useEffect(() => {
    const stop = subscribe((message) => {
      if (message.type !== "tournament_updated" || message.payload.tournament_id !== tournament.id) return;
      if (revalidate.current.state === "idle") revalidate.current.revalidate();
    });
    const unwatch = watchTournament(tournament.id);
    return () => {
      unwatch();
      stop();
    };
  }, [subscribe, watchTournament, tournament.id]);

  const rounds = tournament.bracket?.rounds ?? [];
  const short = coins < tournament.entry_cost;
  const startTime = formatTime(tournament.start_time, i18n.language);
  const placeLabel = (place: number) => t(`tournaments:place${place}`);

  return (
    <>
      <SiteHeader />
      <div className="mx-auto flex w-full max-w-5xl flex-col px-3 pb-10 sm:px-6">
        <FormNotice result={result} />
        <BackHeader to="/tournaments" label={t("tournaments:back")} />
        <main id="main" className="flex flex-col gap-4">
          <PageTitle
            icon={<BoltIcon className="h-7 w-7" />}
            title={tournament.name}
            badge={<StatusBadge tournament={tournament} />}
            subtitle={tournament.description || null}
          >
            <p className="mt-1 text-sm text-cream-100/80">
              {t(`tournaments:types.${tournament.tournament_type}`)} · {t(`modes:types.${tournament.game_type}`)} ·{" "}
              {t(`variants:names.${tournament.truco_variant}`)} · <CountdownLine tournament={tournament} now={now} />
            </p>
          </PageTitle>

          {tournament.my_game_id ? (
            <section
              className="felt-panel flex flex-wrap items-center justify-between gap-3 border border-gold-400/60 p-4"
              data-testid="my-game"
            >
              <div>
                <h2 className="font-display text-lg font-bold text-gold-300">{t("tournaments:yourGame")}</h2>
                <p className="text-sm text-cream-100/80">{t("tournaments:yourGameText")}</p>
              </div>
              <LazyLink to={`/game/${tournament.my_game_id}`} className={buttonClasses("primary", "md")} data-testid="my-game-link">
                {t("tournaments:play")}
              </LazyLink>
            </section>
          ) : null}

          {tournament.cancelled ? <p className="felt-panel p-4 text-cream-100/85">{t("tournaments:cancelledText")}</p> : null}
          {tournament.end_reason === "no_champion" ? (
            <p className="felt-panel p-4 text-cream-100/85">{t("tournaments:noChampionText")}</p>
          ) : null}

          {/* A zero minimum on the column: a bracket wider than the phone scrolls inside its box, the page stays put. */}
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(0,1fr)_18rem]">
            <section className="felt-panel flex flex-col gap-3 p-4" aria-labelledby="bracket-title">
              <h2 id="bracket-title" className="font-display text-xl font-bold text-cream-50">
                {t("tournaments:bracket")}
              </h2>
              {rounds.length === 0 ? (
                <p className="text-sm text-cream-100/75">{t("tournaments:noBracket", { time: startTime })}</p>
              ) : (
                <div
                  className="flex gap-3 overflow-x-auto overscroll-x-contain pb-2"
                  data-testid="bracket"
                  // Focusable, so a keyboard scrolls it too (it may hold no link).
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                  tabIndex={0}
                  role="group"
                  aria-labelledby="bracket-title"
                >
                  {rounds.map((round, r) => (
                    <div key={r} className="flex min-w-44 flex-1 flex-col gap-2">
                      <h3 className="text-xs font-semibold uppercase tracking-wide text-cream-100/60">{roundName(t, r, rounds.length)}</h3>
                      <ul className="flex flex-1 flex-col justify-around gap-2">
                        {round.map((match) => (
                          <MatchCard key={match.id} match={match} userId={userId} />
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              )}
            </section>

            <aside className="flex flex-col gap-4">
              <section className="felt-panel flex flex-col gap-2 p-4" aria-labelledby="prizes-title">
                <h2 id="prizes-title" className="font-display text-lg font-bold text-cream-50">
                  {t("tournaments:prizes")}
                </h2>
                <p className="flex items-center gap-1 text-2xl font-bold text-gold-300" data-testid="prize-pool">
                  <TrophyIcon className="h-6 w-6" /> {number(tournament.prize_pool)}
                </p>
                <ul className="flex flex-col gap-1 text-sm">
                  {tournament.prizes.map((prize) => (
                    <li key={prize.place} className="flex justify-between gap-2 text-cream-100/85">
                      <span>
                        {placeLabel(prize.place)} · {prize.percent}%
                      </span>
                      <span className="flex items-center gap-1 font-semibold">
                        <CoinIcon className="h-4 w-4" /> {number(prize.coins)}
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="text-xs text-cream-100/60">
                  {t("tournaments:entryFee")}:{" "}
                  {tournament.entry_cost > 0 ? t("tournaments:coins", { count: tournament.entry_cost }) : t("tournaments:free")}
                </p>
                {tournament.status === "registration" ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="tournament_id" value={tournament.id} />
                    <input type="hidden" name="intent" value={tournament.is_registered ? "unregister" : "register"} />
                    <button
                      type="submit"
                      disabled={busy || (!tournament.is_registered && short)}
                      className={buttonClasses(tournament.is_registered ? "secondary" : "primary", "md", "w-full")}
                      data-testid={tournament.is_registered ? "unregister" : "register"}
                    >
                      {tournament.is_registered
                        ? t("tournaments:unregister")
                        : short
                          ? t("tournaments:insufficientCoins")
                          : t("tournaments:register")}
                    </button>
                  </Form>
                ) : null}
              </section>

              <section className="felt-panel flex flex-col gap-2 p-4" aria-labelledby="players-title">
                <h2 id="players-title" className="font-display text-lg font-bold text-cream-50">
                  {t("tournaments:players")} ({tournament.participants}/{tournament.max_participants})
                </h2>
                {tournament.participants_list.length === 0 ? (
                  <p className="text-sm text-cream-100/75">{t("tournaments:noPlayers")}</p>
                ) : (
                  <ol className="flex flex-col gap-1 text-sm" data-testid="players">
                    {[...tournament.participants_list]
                      .sort((a, b) => (a.place ?? 99) - (b.place ?? 99))
                      .map((p) => (
                        <li
                          key={p.user_id}
                          className={`flex justify-between gap-2 ${p.user_id === userId ? "font-bold text-gold-200" : "text-cream-100/85"}`}
                        >
                          <span className="truncate">
                            {p.place ? `${t("tournaments:placeN", { n: p.place })} ` : ""}
                            {p.nickname}
                          </span>
                          {p.prize > 0 ? (
                            <span className="flex items-center gap-1">
                              <CoinIcon className="h-4 w-4" /> {number(p.prize)}
                            </span>
                          ) : null}
                        </li>
                      ))}
                  </ol>
                )}
                {tournament.status === "registration" || tournament.status === "upcoming" ? (
                  <p className="text-xs text-cream-100/60">{t("tournaments:minPlayers", { n: tournament.min_participants })}</p>
                ) : null}
              </section>
            </aside>
          </div>
        </main>
      </div>
    </>
  );
}
