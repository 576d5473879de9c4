import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Participant } from "../../../game/entities";
import type { Card, PlayerView, TeamId } from "../../../game/truco/index";
import { nicknameOf, participantFor, seatPositions, type SeatPosition } from "./game-logic";
import { useCardName } from "./playing-card";

export interface Table {
  view: PlayerView;
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

export function useTable(): Table {
  const table = useContext(TableContext);
  if (!table) throw new Error("useTable outside TableProvider");
  return table;
}

export function TableProvider({ view, participants, children }: { view: PlayerView; participants: Participant[]; children: ReactNode }) {
  const { t } = useTranslation();
  const cardName = useCardName();
  const table = useMemo<Table>(() => {
    const me = view.me;
    const nickname = (id: string) => nicknameOf(view, participants, id);
    return {
      view,
      participants,
      me,
      positions: seatPositions(view.seats, me),
      nickname,
      participant: (id) => participantFor(participants, id),
      teamName: (team) => {
        if (view.seats.length === 2) {
          const id = view.seats.find((s) => view.players[s]?.team === team);
          if (id) return nickname(id);
        }
        return t(`game:teams.${team}`);
      },
      cardName: (card) => cardName(card, view.variant),
    };
  }, [view, participants, t, cardName]);
  return <TableContext.Provider value={table}>{children}</TableContext.Provider>;
}
