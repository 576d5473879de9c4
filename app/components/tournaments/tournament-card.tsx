import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CoinIcon, TrophyIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import type { TournamentView } from "~/services/tournaments.server";
import { useCountdownText } from "./countdown";
import { formatInteger } from "~/utils/integer-format";

const STATUS_STYLES: Record<string, string> = {
  upcoming: "bg-sky-400/15 text-sky-200 ring-sky-300/40",
  registration: "bg-emerald-400/15 text-emerald-200 ring-emerald-300/40",
  active: "bg-gold-400/15 text-gold-200 ring-gold-300/40",
  completed: "bg-white/10 text-cream-100/80 ring-white/20",
  cancelled: "bg-red-400/15 text-red-200 ring-red-300/40",
};

export function StatusBadge({ tournament }: { tournament: Pick<TournamentView, "status" | "cancelled"> }) {
  const { t } = useTranslation();
  const key = tournament.cancelled ? "cancelled" : tournament.status;
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[key]}`}>
      {t(`tournaments:status.${key}`)}
    </span>
  );
}

/** The spec §2 countdown line: 'starts in', 'ends in' or 'Em andamento'. */
export function CountdownLine({ tournament, now }: { tournament: TournamentView; now: number }) {
  const { t } = useTranslation();
  const time = useCountdownText();
  if (tournament.status === "active") {
    return (
      <span>{tournament.end_time ? t("tournaments:endsIn", { time: time(tournament.end_time, now) }) : t("tournaments:inProgress")}</span>
    );
  }
  if (tournament.status === "completed") return <span>{t("tournaments:started")}</span>;
  if (tournament.status === "upcoming" && tournament.registration_opens_at) {
    return <span>{t("tournaments:opensIn", { time: time(tournament.registration_opens_at, now) })}</span>;
  }
  return <span>{t("tournaments:startsIn", { time: time(tournament.start_time, now) })}</span>;
}

export function TournamentCard({
  tournament,
  coins,
  now,
  busy,
}: {
  tournament: TournamentView;
  coins: number;
  now: number;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => formatInteger(n, i18n.language);
  const short = coins < tournament.entry_cost;
  return (
    <li className="felt-panel flex flex-col gap-3 p-4" data-testid="tournament-card" data-tournament-id={tournament.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-display text-xl font-bold text-cream-50">
            <Link to={`/tournaments/${tournament.id}`} className="hover:underline">
              {tournament.name}
            </Link>
          </h2>
          {tournament.description ? <p className="mt-0.5 text-sm text-cream-100/75">{tournament.description}</p> : null}
        </div>
        <StatusBadge tournament={tournament} />
      </div>
      <div className="flex flex-wrap gap-1.5 text-xs text-cream-100/85">
        <span className="rounded-lg bg-black/25 px-2 py-1">{t(`tournaments:types.${tournament.tournament_type}`)}</span>
        <span className="rounded-lg bg-black/25 px-2 py-1">{t(`modes:types.${tournament.game_type}`)}</span>
        <span className="rounded-lg bg-black/25 px-2 py-1">{t(`variants:names.${tournament.truco_variant}`)}</span>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div className="rounded-xl bg-black/20 px-2 py-1.5">
          <dt className="text-xs text-cream-100/70">{t("tournaments:entryFee")}</dt>
          <dd className="flex items-center gap-1 font-semibold text-cream-50">
            {tournament.entry_cost > 0 ? (
              <>
                <CoinIcon className="h-4 w-4" />
                {number(tournament.entry_cost)}
              </>
            ) : (
              t("tournaments:free")
            )}
          </dd>
        </div>
        <div className="rounded-xl bg-black/20 px-2 py-1.5">
          <dt className="text-xs text-cream-100/70">{t("tournaments:prizePool")}</dt>
          <dd className="flex items-center gap-1 font-semibold text-gold-300" data-testid="prize-pool">
            <TrophyIcon className="h-4 w-4" />
            {number(tournament.prize_pool)}
          </dd>
        </div>
        <div className="rounded-xl bg-black/20 px-2 py-1.5">
          <dt className="text-xs text-cream-100/70">{t("tournaments:participants")}</dt>
          <dd className="font-semibold tabular-nums text-cream-50" data-testid="participants">
            {tournament.participants}/{tournament.max_participants}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-cream-100/80" data-testid="countdown">
          <CountdownLine tournament={tournament} now={now} />
        </p>
        <div className="flex items-center gap-2">
          <Link to={`/tournaments/${tournament.id}`} className={buttonClasses("ghost", "sm")}>
            {t("tournaments:details")}
          </Link>
          {tournament.status === "registration" ? (
            tournament.is_registered ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="tournament_id" value={tournament.id} />
                <input type="hidden" name="intent" value="unregister" />
                <button type="submit" disabled={busy} className={buttonClasses("secondary", "sm")} data-testid="unregister">
                  {t("tournaments:unregister")}
                </button>
              </Form>
            ) : (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="tournament_id" value={tournament.id} />
                <input type="hidden" name="intent" value="register" />
                <button type="submit" disabled={busy || short} className={buttonClasses("primary", "sm")} data-testid="register">
                  {short ? t("tournaments:insufficientCoins") : t("tournaments:register")}
                </button>
              </Form>
            )
          ) : null}
        </div>
      </div>
    </li>
  );
}
