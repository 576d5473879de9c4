import type { BotLevel, ChatMessageView, GameSummary } from "./entities";
import type { GameStatePayload } from "./protocol";

// What the Pages app may ask a GameRoom Durable Object (over DO RPC). The
// app never imports workers/; both sides share this contract instead.

/** The verified user id, set by the Pages side after it checked the session and the seat; the room trusts no other. */
export const USER_HEADER = "X-Truco-User";

/** The engine id of a computer player's seat. */
export function botPlayerId(seat: number): string {
  return `bot-${seat}`;
}

/** Who is taking a seat, as the app verified and loaded them. */
export interface SeatRequest {
  userId: string;
  nickname: string;
  avatarUrl: string | null;
  isPremium: boolean;
  rating: number;
}

export type RoomError =
  | "not_found"
  | "full"
  | "started"
  | "closed"
  | "insufficient_coins"
  | "left"
  | "not_seated"
  | "not_creator"
  | "not_casual"
  | "not_waiting"
  | "premium_only";

export type RoomResult = { ok: true } | { ok: false; error: RoomError };

export interface RoomRpc {
  /** Creates the room for a game row just inserted in D1 and seats its creator. */
  open(game: GameSummary, creator: SeatRequest): Promise<RoomResult>;
  /** Takes the first free seat, debiting the entry in the same D1 batch. */
  join(request: SeatRequest): Promise<RoomResult>;
  /** Leaves a waiting room; the entry is returned. */
  leave(userId: string): Promise<RoomResult>;
  /** The creator of a casual waiting room fills the free seats with computer players. */
  fillWithBots(userId: string, level: BotLevel): Promise<RoomResult>;
  /** A chat message stored by the app, pushed to the connected players. */
  pushChat(message: ChatMessageView): Promise<void>;
  /** The room as a player (or, with null, an outsider) sees it; null if no room exists. */
  snapshot(userId: string | null): Promise<GameStatePayload | null>;
}
