/**
 * The rules of a game room (ADR 025), pure: no I/O, no clock, no randomness of its own. The
 * GameRoom Durable Object (workers/game-room) and the browser tests' scripted room
 * (tests/e2e/fake-room.ts) both drive it.
 *
 * # The shape of a transition
 *
 * Every function that changes a room takes it with a `RoomClock` ({ now, timings, newSeed }) and
 * returns a `Step`: the next room and the effects the adapter performs for it, in order (see
 * `RoomEffect`): the D1 writes first (the room is adopted only if they succeed), then the room
 * is saved, then the sockets hear about it, then the hand records go to D1. The room passed in is
 * never changed, and an unchanged room comes back as the same object. The version grows, and a
 * `state` effect asks for each socket's own game_state, exactly when a player can see the change.
 *
 *   const step = act(room, userId, action, clock);   // a move: { ok, step } | { ok: false, code, message }
 *   // seats: planSeat → (D1: seat + entry) → commitSeat
 *   // a decided game: ratingsNeeded(room) → (D1: current points) → settleRoom(step, ratings, clock) → (D1: settle)
 *   // timers: one alarm at or before nextDeadline(room, timings) (alarmToSet); when it fires, advance(room, clock)
 *
 * # Two kinds of room
 *
 * - `openRoom(game)`: a player created the game; the creator and others take seats by code
 *   (`planSeat`/`commitSeat`), may `leave` while it waits, and the creator may `fillWithBots`.
 * - `createRoom({ game, seats, noShowMs, noShowRule })`: the server assigned every seat
 *   (tournaments, quick matches); only those players sit, each in their seat. With `noShowMs`,
 *   players who have not connected by then are no-shows (`NoShowRule`).
 *
 * Either starts when every seat is taken and every player has connected.
 */

export * from "./state";
export { chain } from "./transition";
export {
  openRoom,
  createRoom,
  planSeat,
  commitSeat,
  seatRow,
  freeSeats,
  fillsTable,
  startsWithSeats,
  seatComputerPlayers,
  computerSeatsBeside,
  fillWithBots,
  leave,
} from "./seating";
export type { AssignedRoomInput, SeatPlan, Refused } from "./seating";
export { connect, disconnect, withPresence, chat } from "./connections";
export { admitSocket, countFrame } from "./guard";
export type { SocketCount, FrameVerdict } from "./guard";
export { act, advance, nextDeadline, deadlines } from "./play";
export { alarmToSet } from "../alarm";
export type { ActResult } from "./play";
export { readyToStart } from "./start";
export { cancel, ratingsNeeded, settleRoom, resultTable, endReasonOf } from "./ending";
export { participants, sharedState, viewOf, statePayload, playerIdOf, seatOfPlayer, seatOfUser } from "./views";
export { restoreRoom } from "./restore";
export { acceptRematch, rematchOpened, rematchFailed } from "./rematch";
export type { RematchResult } from "./rematch";
export { seatConflict, tableToResume, BINDING_STATUSES } from "./one-seat";
export type { HeldSeat } from "./one-seat";
export { presenceReport, reportKey, seatedUsers } from "./reports";
export { expel, adminCancel } from "./moderation";
export { concede, concedeCost, CONCEDED } from "./concede";
export { Broadcaster, Frames, socketRuns } from "./broadcast";
export type { Recipient, SocketRun } from "./broadcast";
export type { StoredRoom } from "./restore";
export { PLAY_FIELDS, partsToWrite, roomFromParts } from "./stored";
export type { RoomParts, StoredPlay, StoredTable } from "./stored";
export { CHAT_BURST, CHAT_WINDOW_MS, CHAT_HISTORY, chatAllowed, nextChatMessage, recentMessages } from "./chat";
export type { ChatPost, ChatSender } from "./chat";
export { CHAT_PREFIX, HAND_PREFIX, buildRecord, chatKey, handKey, isRecordEffect, recordDue, recordEntries, replayHand } from "./record";
export type { HandCheck, StoredDeal, StoredHandEnd } from "./record";
