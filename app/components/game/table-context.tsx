import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Participant } from "../../../game/protocol/entities";
import type { Card, PlayerView, TeamId } from "../../../game/truco/index";
import { nicknameOf, participantFor, sameData, seatPositions, type SeatPosition } from "./game-logic";
import { useCardName } from "./playing-card";

export interface Table {
  view: PlayerView;
  /** The seats' names and faces; who is connected right now is `useSeatOf`'s. */
  participants: Participant[];
  /** The viewer's engine id (null for an outsider). */
  me: string | null;
  positions: Record<string, SeatPosition>;
  nickname(playerId: string): string;
  participant(playerId: string): Participant | undefined;
  /** "Time 1"/"Time 2", or in 1v1 the nickname of that side's player. */
  teamName(team: TeamId): string;
  cardName(card: Card): string;
}

const TableContext = createContext<Table | null>(null);
/** The seats as they are now, with who is connected: changes on every (re)connection, read only where presence shows. */
const PresenceContext = createContext<readonly Participant[]>([]);

/** A seat's participant as it is now (connected or away). */
export function useSeatOf(playerId: string): Participant | undefined {
  return participantFor(useContext(PresenceContext), playerId);
}

/** Without what changes on a (re)connection: the table is drawn again only when the rest changes. */
const withoutPresence = (participants: readonly Participant[]) => participants.map(({ connected: _c, is_ready: _r, ...rest }) => rest);

/**
 * The previous seats while only who is connected (or ready) changed: the player's own
 * socket marks them connected in its first full state, which would otherwise draw the whole table
 * again right after the page hydrated. Kept as state and replaced during the render that sees a
 * real change (React's pattern for information from previous renders): React renders again at
 * once with the new seats, before any child.
 */
function useSameSeats(participants: Participant[]): Participant[] {
  const [seats, setSeats] = useState(participants);
  if (seats !== participants && !sameData(withoutPresence(seats), withoutPresence(participants))) {
    setSeats(participants);
    return participants;
  }
  return seats;
}

export function useTable(): Table {
  const table = useContext(TableContext);
  if (!table) throw new Error("useTable outside TableProvider");
  return table;
}

export function TableProvider({ view, participants, children }: { view: PlayerView; participants: Participant[]; children: ReactNode }) {
  const { t } = useTranslation();
  const cardName = useCardName();
  const seats = useSameSeats(participants);
  const table = useMemo<Table>(() => {
    const me = view.me;
    const nickname = (id: string) => nicknameOf(view, seats, id);
    return {
      view,
      participants: seats,
      me,
      positions: seatPositions(view.seats, me),
      nickname,
      participant: (id) => participantFor(seats, id),
      teamName: (team) => {
        if (view.seats.length === 2) {
          const id = view.seats.find((s) => view.players[s]?.team === team);
          if (id) return nickname(id);
        }
        return t(`game:teams.${team}`);
      },
      cardName: (card) => cardName(card, view.variant),
    };
  }, [view, seats, t, cardName]);
  return (
    <TableContext.Provider value={table}>
      <PresenceContext.Provider value={participants}>{children}</PresenceContext.Provider>
    </TableContext.Provider>
  );
}
