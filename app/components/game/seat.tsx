import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/avatar";
import type { AnyCallout } from "./callouts";
import { CalloutBubble } from "./callouts";
import { dealDelayMs, dealOrderOf, isFaceUpCard, type SeatPosition } from "./game-logic";
import { PlayingCard } from "./playing-card";
import { TEAM_STYLE } from "./scoreboard";
import { useSeatOf, useTable } from "./table-context";
import type { TurnTimer } from "../../../game/protocol/room";
import { LiveTimerRing } from "./turn-timer";

/**
 * Another player at the table: avatar (with the turn ring), nickname, dealer/mão marks, the
 * cards still in hand (backs, or faces when the view shows them: a partner's cards in a mão de
 * onze) and their speech bubbles.
 */
export function Seat({
  playerId,
  position,
  timer,
  serverOffset,
  callouts,
  calloutText,
}: {
  playerId: string;
  position: SeatPosition;
  /** The turn timer when it is this seat's turn. */
  timer: TurnTimer | null;
  serverOffset: number;
  callouts: AnyCallout[];
  calloutText(callout: AnyCallout): string;
}) {
  const { t } = useTranslation();
  const { view, nickname } = useTable();
  // As it is now: its "away" look follows the connection without drawing the whole table again.
  const seat = useSeatOf(playerId);
  const player = view.players[playerId];
  if (!player) return null;
  const name = nickname(playerId);
  const active = view.currentPlayer === playerId;
  const partner = view.myTeam !== null && player.team === view.myTeam;
  const style = TEAM_STYLE[player.team];
  const away = seat ? !seat.is_bot && !seat.connected : false;
  const size = 44;
  const faces = player.hand.filter(isFaceUpCard);
  const side = position === "left" || position === "right";
  return (
    <div
      className={`relative flex min-w-0 flex-col items-center gap-1 ${side ? "w-[4.5rem] sm:w-24" : "w-32"}`}
      data-testid={`seat-${position}`}
      data-player={playerId}
      data-active={active || undefined}
    >
      <div className="relative" style={{ width: size, height: size }}>
        <div className={`absolute inset-[3px] overflow-hidden rounded-full ring-2 ${style.ring} ${away ? "opacity-50 grayscale" : ""}`}>
          <Avatar name={name} url={seat?.avatar_url} seed={seat?.user_id ?? playerId} size={size - 6} />
        </div>
        {active && timer ? <LiveTimerRing timer={timer} serverOffset={serverOffset} size={size} /> : null}
        {active ? <span aria-hidden className="absolute -inset-1 rounded-full animate-glow" /> : null}
        {player.isDealer || player.isMao ? (
          <span
            className="absolute -bottom-1 -right-2 rounded-full border border-felt-950 bg-cream-50 px-1.5 text-[10px] font-extrabold leading-4 text-felt-950"
            title={player.isDealer ? t("game:board.dealerFull") : t("game:board.maoFull")}
          >
            {player.isDealer ? t("game:board.dealer") : t("game:board.mao")}
          </span>
        ) : null}
        {seat?.bot_controlled ? (
          <span
            className="absolute -left-2 -top-1 rounded-full bg-sky-500 px-1 text-[10px] font-bold leading-4 text-white"
            title={t("game:teams.botPlaying")}
          >
            🤖
          </span>
        ) : null}
      </div>
      <p
        className={`line-clamp-2 max-w-full text-center text-xs leading-tight font-semibold break-words ${active ? "text-gold-300" : "text-cream-50"}`}
      >
        {name}
        <span className="sr-only">
          {partner ? ` (${t("game:teams.partner")})` : ""}, {t("game:board.cards", { count: player.cardCount })}
          {active ? `, ${t("game:board.turnOf", { name })}` : ""}
          {away ? `, ${t("game:teams.offline")}` : ""}
        </span>
      </p>
      <div className="flex h-8 items-center justify-center -space-x-2" aria-hidden data-testid="seat-cards" data-count={player.cardCount}>
        {faces.length > 0
          ? faces.map((card) => <PlayingCard key={card.id} card={card} variant={view.variant} className="w-7" />)
          : Array.from({ length: player.cardCount }, (_, i) => (
              // Keyed by the hand: each deal sends new backs from the middle of the table to the seat.
              <span
                key={`${view.handNumber}-${i}`}
                className={`animate-deal-${position} block`}
                style={{ animationDelay: `${dealDelayMs(i, dealOrderOf(view, playerId), view.seats.length)}ms` }}
              >
                <PlayingCard
                  card={{ hidden: true }}
                  variant={view.variant}
                  className={`w-[1.35rem] ${i === 0 ? "-rotate-6" : i === 2 ? "rotate-6" : ""}`}
                />
              </span>
            ))}
      </div>
      {callouts.map((callout) => (
        <CalloutBubble key={callout.id} callout={callout} text={calloutText(callout)} placement={position === "top" ? "side" : "above"} />
      ))}
    </div>
  );
}
