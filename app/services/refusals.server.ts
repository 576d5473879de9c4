import type { InvitationRefusal } from "../../game/channel/api";
import type { RoomError } from "../../game/room/api";
import type { TournamentError } from "../../game/tournament/api";
import type { FriendError } from "./friends.server";
import { refusal, type Refusal } from "./http.server";
import { serverT } from "./i18n.server";

// How the services answer a refusal code: one table per domain (code → HTTP status + the text's
// i18n key), read by one helper that translates the text into the reader's language. A new code
// fails to compile until its table has a row (the tables are total over their code types).

export interface RefusalEntry {
  status: number;
  /** The text's key, `namespace:path` (the default namespace is `errors`). */
  key: string;
}

export type RefusalTable<Code extends string> = Readonly<Record<Code, RefusalEntry>>;

/** A refusal from its table, its text in the reader's language; `values` fill the text's placeholders. */
export async function refusalOf<Code extends string>(
  request: Request,
  table: RefusalTable<Code>,
  code: Code,
  values?: Record<string, string | number>,
): Promise<Refusal> {
  const { status, key } = table[code];
  const t = await serverT(request);
  return refusal(status, values ? t(key, values) : t(key));
}

/** A game room's refusals (joining, seating, rematch); `values`: `{ n: entry cost }`. */
export const ROOM_REFUSALS: RefusalTable<RoomError> = {
  not_found: { status: 404, key: "errors:gameNotFound" },
  full: { status: 409, key: "errors:gameFull" },
  started: { status: 409, key: "errors:gameStarted" },
  closed: { status: 409, key: "errors:gameClosed" },
  left: { status: 409, key: "errors:gameLeft" },
  insufficient_coins: { status: 400, key: "errors:joinInsufficient" },
  not_seated: { status: 403, key: "errors:notSeated" },
  not_creator: { status: 403, key: "errors:notCreator" },
  not_casual: { status: 409, key: "errors:notCasual" },
  not_waiting: { status: 409, key: "errors:notWaiting" },
  premium_only: { status: 403, key: "errors:premiumOnlyJoin" },
  not_finished: { status: 409, key: "errors:notFinished" },
};

/** The same when the player is creating the table: only the text of too few coins differs. */
export const CREATE_ROOM_REFUSALS: RefusalTable<RoomError> = {
  ...ROOM_REFUSALS,
  insufficient_coins: { status: 400, key: "errors:createInsufficient" },
};

/** A tournament's refusals (registration); `values`: `{ n: entry cost }`. */
export const TOURNAMENT_REFUSALS: RefusalTable<TournamentError> = {
  not_found: { status: 404, key: "tournaments:errors.notFound" },
  not_registration: { status: 409, key: "tournaments:errors.notRegistration" },
  started: { status: 409, key: "tournaments:errors.started" },
  full: { status: 409, key: "tournaments:errors.full" },
  already_registered: { status: 409, key: "tournaments:errors.alreadyRegistered" },
  not_registered: { status: 409, key: "tournaments:errors.notRegistered" },
  insufficient_coins: { status: 400, key: "tournaments:errors.insufficient" },
  invalid: { status: 400, key: "errors:invalidBody" },
};

/** Friend requests and friendships (spec §8 texts where the spec has them); `values`: `{ n: FRIENDS_MAX }`. */
export const FRIEND_REFUSALS: RefusalTable<FriendError> = {
  self: { status: 400, key: "friends:errors.self" },
  player_not_found: { status: 404, key: "friends:errors.playerNotFound" },
  already_friends: { status: 409, key: "friends:errors.alreadyFriends" },
  already_requested: { status: 409, key: "friends:errors.alreadyRequested" },
  limit_self: { status: 409, key: "friends:errors.limitSelf" },
  limit_other: { status: 409, key: "friends:errors.limitOther" },
  request_not_found: { status: 404, key: "friends:errors.requestNotFound" },
  not_addressee: { status: 403, key: "friends:errors.notAddressee" },
  request_closed: { status: 409, key: "friends:errors.requestClosed" },
  not_friends: { status: 404, key: "friends:errors.notFriends" },
};

export type InvitationError = InvitationRefusal | "not_friends" | "offline" | "no_room";

/** Invitations to a table: the friend's channel's refusals and the app's own checks before it. */
export const INVITATION_REFUSALS: RefusalTable<InvitationError> = {
  not_friends: { status: 404, key: "friends:errors.notFriends" },
  offline: { status: 409, key: "friends:errors.friendOffline" },
  no_room: { status: 409, key: "friends:errors.noWaitingRoom" },
  duplicate: { status: 409, key: "friends:errors.invitationDuplicate" },
  too_many: { status: 429, key: "friends:errors.invitationTooMany" },
  not_found: { status: 404, key: "friends:errors.invitationNotFound" },
  expired: { status: 410, key: "friends:errors.invitationExpired" },
  closed: { status: 409, key: "friends:errors.invitationClosed" },
};
