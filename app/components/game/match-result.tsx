import { Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { GameSummary, Participant, PlayerResult } from "../../../game/protocol/entities";
import type { TeamId } from "../../../game/truco/index";
import { Avatar } from "~/components/avatar";
import { CoinIcon, TrophyIcon } from "~/components/icons";
import { Button, buttonClasses } from "~/components/ui/button";
import { signed } from "~/utils/format";
import { FormNotice } from "~/components/ui/form-notice";
import { Modal, ModalActions } from "~/components/ui/modal";
import type { FormResult } from "~/schemas/home-forms";
import { AddPlayersFromGame } from "./add-players";
import { isPractice } from "./game-logic";
import { TEAM_STYLE } from "./scoreboard";
import type { TournamentGameMeaning } from "../../../game/tournament/meaning";

/** What the result of a tournament game means for the player (the game page's loader reads it from the bracket). */
export interface TournamentNote {
  id: string;
  name: string;
  meaning: TournamentGameMeaning | null;
}
import { ReplayLink } from "~/components/replay/replay-link";

/** The end of the match: won or lost, the final score, and every player's coins and points. */
export function MatchResult({
  open,
  onClose,
  game,
  participants,
  results,
  winnerTeam,
  scores,
  userId,
  reason,
  rematch,
  tournament,
}: {
  open: boolean;
  onClose(): void;
  game: GameSummary;
  participants: Participant[];
  results: PlayerResult[];
  winnerTeam: TeamId | null;
  scores: [number, number];
  userId: string;
  reason: string | null;
  rematch: { accepted: string[]; gameId: string | null } | null;
  tournament: TournamentNote | null;
}) {
  const { t } = useTranslation();
  const mine = results.find((r) => r.user_id === userId) ?? null;
  const won = mine ? mine.result === "win" : null;
  return (
    <Modal
      open={open}
      onClose={onClose}
      tone={won ? "celebrate" : "somber"}
      testId="match-result"
      title={
        <span className={won === null ? "" : won ? "gold-text" : "text-cream-100"} data-testid="match-result-title">
          {won === null ? t("game:result.finished") : won ? t("game:result.victory") : t("game:result.defeat")}
        </span>
      }
      footer={
        <ModalActions>
          <Button variant="ghost" onClick={onClose}>
            {t("game:result.viewTable")}
          </Button>
          <Link to="/" className={buttonClasses(game.game_mode === "tournament" ? "primary" : "secondary", "md")} data-testid="result-home">
            {t("game:result.backHome")}
          </Link>
          {game.game_mode !== "tournament" ? <RematchButton game={game} /> : null}
        </ModalActions>
      }
    >
      <div className="flex flex-col gap-4">
        {won ? (
          <div aria-hidden className="flex justify-center">
            <TrophyIcon className="animate-deal h-12 w-12 text-gold-400" />
          </div>
        ) : null}
        <EndingSummary game={game} results={results} winnerTeam={winnerTeam} scores={scores} reason={reason} />
        <ResultTable game={game} participants={participants} results={results} userId={userId} />
        {open ? <AddPlayersFromGame results={results} userId={userId} /> : null}
        {game.game_mode !== "tournament" ? (
          <RematchStatus game={game} participants={participants} userId={userId} rematch={rematch} />
        ) : null}
        <ResultMeaning game={game} participants={participants} won={won} tournament={tournament} />
      </div>
    </Modal>
  );
}

/**
 * A finished game's room opened after its end: the same summary as the result dialog, on the page
 * (final score, winner, how it ended, each player's coins and points, what it means).
 */
export function FinishedGame({
  game,
  participants,
  results,
  userId,
  tournament,
}: {
  game: GameSummary;
  participants: Participant[];
  results: PlayerResult[];
  userId: string;
  tournament: TournamentNote | null;
}) {
  const { t } = useTranslation();
  const mine = results.find((r) => r.user_id === userId) ?? null;
  const won = mine ? mine.result === "win" : null;
  return (
    <section className="felt-panel flex flex-col gap-4 p-4 sm:p-6" data-testid="finished-game" aria-labelledby="finished-title">
      <h2 id="finished-title" className="text-center font-display text-2xl font-bold">
        <span className={won === null ? "text-sky-200" : won ? "gold-text" : "text-cream-100"} data-testid="finished-title">
          {won === null ? t("game:result.finished") : won ? t("game:result.victory") : t("game:result.defeat")}
        </span>
      </h2>
      <EndingSummary
        game={game}
        results={results}
        winnerTeam={game.winner_team}
        scores={[game.team1_score, game.team2_score]}
        reason={game.end_reason ?? "match_over"}
      />
      {results.length > 0 ? <ResultTable game={game} participants={participants} results={results} userId={userId} /> : null}
      <ResultMeaning game={game} participants={participants} won={won} tournament={tournament} />
      <div className="flex flex-wrap justify-center gap-2">
        {tournament ? (
          <Link to={`/tournaments/${encodeURIComponent(tournament.id)}`} className={buttonClasses("secondary", "md")}>
            {t("game:result.seeTournament")}
          </Link>
        ) : null}
        <Link to="/" className={buttonClasses("primary", "md")}>
          {t("common:backHome")}
        </Link>
      </div>
    </section>
  );
}

/** The winner, the final score and how the game ended (points, forfeit, abandonment). */
function EndingSummary({
  game,
  results,
  winnerTeam,
  scores,
  reason,
}: {
  game: GameSummary;
  results: PlayerResult[];
  winnerTeam: TeamId | null;
  scores: [number, number];
  reason: string | null;
}) {
  const { t, i18n } = useTranslation();
  const teamLabel = (team: TeamId) => {
    if (game.capacity === 2) {
      const r = results.find((x) => x.team === team);
      if (r) return r.nickname;
    }
    return t(`game:teams.${team}`);
  };
  const reasonText = i18n.exists(`game:result.reason.${reason ?? "match_over"}`) ? t(`game:result.reason.${reason ?? "match_over"}`) : "";
  return (
    <div className="text-center">
      {winnerTeam ? (
        <p className={`text-sm font-semibold ${TEAM_STYLE[winnerTeam].text}`} data-testid="winner">
          {t("game:result.winnerTeam", { team: teamLabel(winnerTeam) })}
        </p>
      ) : null}
      <p className="mt-1 text-xs font-semibold uppercase tracking-wide text-cream-100/60">{t("game:result.finalScore")}</p>
      <p className="font-display text-4xl font-black tabular-nums text-cream-50" data-testid="final-score">
        <span className={TEAM_STYLE.team1.text}>{scores[0]}</span>
        <span className="mx-2 text-cream-100/50">×</span>
        <span className={TEAM_STYLE.team2.text}>{scores[1]}</span>
      </p>
      {reasonText ? (
        <p className="mt-1 text-sm text-cream-100/70" data-testid="end-reason">
          {reasonText}
        </p>
      ) : null}
      <ReplayLink gameId={game.id} className="mt-1 text-sm" />
    </div>
  );
}

/** Every player's coins and (ranked) ranking points, the reader's row marked. */
function ResultTable({
  game,
  participants,
  results,
  userId,
}: {
  game: GameSummary;
  participants: Participant[];
  results: PlayerResult[];
  userId: string;
}) {
  const { t, i18n } = useTranslation();
  const ranked = game.game_mode === "ranked";
  return (
    <table className="w-full table-fixed text-sm">
      <colgroup>
        <col />
        <col className="w-[5.5rem]" />
        {ranked ? <col className="w-[4rem]" /> : null}
      </colgroup>
      <thead>
        <tr className="text-left text-[11px] uppercase tracking-wide text-cream-100/60">
          <th scope="col" className="pb-1 font-semibold">
            <span className="sr-only">{t("game:teams.title")}</span>
          </th>
          <th scope="col" className="pb-1 text-right font-semibold">
            {t("game:result.coins")}
          </th>
          {ranked ? (
            <th scope="col" className="pb-1 text-right font-semibold">
              {t("game:result.rating")}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {results.map((r, i) => {
          const seat = participants.find((p) => p.user_id !== null && p.user_id === r.user_id);
          const me = r.user_id === userId;
          return (
            <tr
              key={`${r.user_id ?? "bot"}-${i}`}
              className={`border-t border-white/10 ${me ? "bg-gold-400/10" : ""}`}
              data-testid="result-row"
            >
              <th scope="row" className="py-2 pr-2 text-left font-normal">
                <span className="flex min-w-0 items-center gap-2 overflow-hidden">
                  <Avatar name={r.nickname} url={seat?.avatar_url} seed={r.user_id ?? r.nickname} size={28} />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold text-cream-50" title={r.nickname}>
                      {r.nickname}
                      {me ? <span className="font-normal text-cream-100/60"> ({t("game:teams.you")})</span> : null}
                    </span>
                    <span className={`block text-[11px] ${TEAM_STYLE[r.team].text}`}>
                      {t(`game:teams.${r.team}`)} · {r.result === "win" ? t("game:history.win") : t("game:history.loss")}
                    </span>
                  </span>
                </span>
              </th>
              <td
                className={`py-2 text-right font-bold tabular-nums ${r.coins_change > 0 ? "text-emerald-300" : r.coins_change < 0 ? "text-red-300" : "text-cream-100/70"}`}
              >
                <span className="inline-flex items-center gap-1">
                  <CoinIcon className="h-4 w-4" />
                  {signed(r.coins_change, i18n.language)}
                </span>
              </td>
              {ranked ? (
                <td
                  className={`py-2 pl-2 text-right font-bold tabular-nums ${r.rating_change > 0 ? "text-gold-300" : r.rating_change < 0 ? "text-red-300" : "text-cream-100/70"}`}
                >
                  {signed(r.rating_change, i18n.language)}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** What the result means: a tournament game's consequence (advance, out, champion, prize), or that a practice game counted nowhere. */
function ResultMeaning({
  game,
  participants,
  won,
  tournament,
}: {
  game: GameSummary;
  participants: Participant[];
  won: boolean | null;
  tournament: TournamentNote | null;
}) {
  const { t } = useTranslation();
  if (game.game_mode === "tournament") {
    const meaning = tournament?.meaning;
    const outcome = meaning && won !== null ? (won ? meaning.ifWon : meaning.ifLost) : null;
    let text = t("game:result.tournament.generic");
    if (outcome?.kind === "champion") text = t("game:result.tournament.champion", { share: outcome.share });
    else if (outcome?.kind === "advance") text = t(`game:result.tournament.advance_${outcome.next}`, { round: outcome.round });
    else if (outcome?.kind === "eliminated")
      text =
        outcome.share > 0
          ? t("game:result.tournament.eliminatedPrize", { place: outcome.place, share: outcome.share })
          : t("game:result.tournament.eliminated", { place: outcome.place });
    return (
      <p className="rounded-xl bg-gold-400/10 px-3 py-2 text-center text-sm text-gold-200" data-testid="tournament-meaning">
        {tournament ? (
          <span className="block text-xs font-semibold uppercase tracking-wide text-gold-300/80">{tournament.name}</span>
        ) : null}
        {text}
      </p>
    );
  }
  if (!isPractice(game, participants)) return null;
  return <p className="rounded-xl bg-emerald-400/10 px-3 py-2 text-center text-sm text-emerald-200">{t("game:result.practice")}</p>;
}

/**
 * "Jogar de novo": a form to the game page's action, so every player's acceptance goes
 * through the server; the last one opens the new table and everyone's screen follows.
 */
function RematchButton({ game }: { game: GameSummary }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormResult>();
  return (
    <fetcher.Form method="post" action={`/game/${game.id}`}>
      <input type="hidden" name="intent" value="rematch" />
      <Button type="submit" disabled={fetcher.state !== "idle"} data-testid="rematch">
        {t("game:result.playAgain")}
      </Button>
      <FormNotice result={fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null} />
    </fetcher.Form>
  );
}

/** Who has accepted a rematch so far (tables with more than one player). */
function RematchStatus({
  game,
  participants,
  userId,
  rematch,
}: {
  game: GameSummary;
  participants: Participant[];
  userId: string;
  rematch: { accepted: string[]; gameId: string | null } | null;
}) {
  const { t } = useTranslation();
  const humans = participants.filter((p) => p.user_id !== null);
  const accepted = rematch?.accepted ?? [];
  const others = humans.filter((p) => p.user_id !== userId && accepted.includes(p.user_id!));
  const mine = accepted.includes(userId);
  if (humans.length < 2 && game.entry_cost === 0) return null;
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-white/5 px-3 py-2 text-center text-sm text-cream-100/85" data-testid="rematch-status">
      {mine ? (
        <p role="status">{t("game:result.rematchWaiting")}</p>
      ) : others.length > 0 ? (
        <p role="status" className="font-semibold text-gold-300">
          {t("game:result.rematchOffered", { names: others.map((p) => p.nickname).join(", ") })}
        </p>
      ) : null}
      {humans.length > 1 && accepted.length > 0 ? (
        <p className="text-xs text-cream-100/60">{t("game:result.rematchAccepted", { accepted: accepted.length, total: humans.length })}</p>
      ) : null}
      {game.entry_cost > 0 ? <p className="text-xs text-cream-100/60">{t("game:result.rematchEntry", { n: game.entry_cost })}</p> : null}
    </div>
  );
}
