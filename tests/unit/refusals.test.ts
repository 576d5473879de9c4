import { describe, expect, it } from "vitest";
import { FRIENDS_MAX } from "../../game/channel/friends";
import { LANGUAGES } from "../../app/i18n";
import { serverT } from "../../app/services/i18n.server";
import {
  CREATE_ROOM_REFUSALS,
  FRIEND_REFUSALS,
  INVITATION_REFUSALS,
  ROOM_REFUSALS,
  TOURNAMENT_REFUSALS,
  refusalOf,
  type RefusalTable,
} from "../../app/services/refusals.server";

// The services' refusal tables answer exactly as the switches they replaced did: for every code,
// the same status and the same text in each language. `before` is those switches, written out:
// code → [status, key, the values that call passed].

type Before = Record<string, [number, string, Record<string, number>?]>;

const ENTRY = 30;

const ROOM_BEFORE: Before = {
  not_found: [404, "errors:gameNotFound"],
  full: [409, "errors:gameFull"],
  started: [409, "errors:gameStarted"],
  closed: [409, "errors:gameClosed"],
  left: [409, "errors:gameLeft"],
  insufficient_coins: [400, "errors:joinInsufficient", { n: ENTRY }],
  not_seated: [403, "errors:notSeated"],
  not_creator: [403, "errors:notCreator"],
  not_casual: [409, "errors:notCasual"],
  not_waiting: [409, "errors:notWaiting"],
  premium_only: [403, "errors:premiumOnlyJoin"],
  not_finished: [409, "errors:notFinished"],
};

const TOURNAMENT_BEFORE: Before = {
  not_found: [404, "tournaments:errors.notFound"],
  not_registration: [409, "tournaments:errors.notRegistration"],
  started: [409, "tournaments:errors.started"],
  full: [409, "tournaments:errors.full"],
  already_registered: [409, "tournaments:errors.alreadyRegistered"],
  not_registered: [409, "tournaments:errors.notRegistered"],
  insufficient_coins: [400, "tournaments:errors.insufficient", { n: ENTRY }],
  invalid: [400, "errors:invalidBody"],
};

const FRIEND_BEFORE: Before = {
  self: [400, "friends:errors.self"],
  player_not_found: [404, "friends:errors.playerNotFound"],
  already_friends: [409, "friends:errors.alreadyFriends"],
  already_requested: [409, "friends:errors.alreadyRequested"],
  limit_self: [409, "friends:errors.limitSelf", { n: FRIENDS_MAX }],
  limit_other: [409, "friends:errors.limitOther", { n: FRIENDS_MAX }],
  request_not_found: [404, "friends:errors.requestNotFound"],
  not_addressee: [403, "friends:errors.notAddressee"],
  not_sender: [403, "friends:errors.notSender"],
  request_closed: [409, "friends:errors.requestClosed"],
  not_friends: [404, "friends:errors.notFriends"],
};

const INVITATION_BEFORE: Before = {
  not_friends: [404, "friends:errors.notFriends"],
  offline: [409, "friends:errors.friendOffline"],
  no_room: [409, "friends:errors.noWaitingRoom"],
  duplicate: [409, "friends:errors.invitationDuplicate"],
  too_many: [429, "friends:errors.invitationTooMany"],
  not_found: [404, "friends:errors.invitationNotFound"],
  expired: [410, "friends:errors.invitationExpired"],
  closed: [409, "friends:errors.invitationClosed"],
};

// The values each service passes to every code of its table now.
const CASES: [string, RefusalTable<string>, Before, Record<string, number> | undefined][] = [
  ["rooms (joining)", ROOM_REFUSALS, ROOM_BEFORE, { n: ENTRY }],
  [
    "rooms (creating)",
    CREATE_ROOM_REFUSALS,
    { ...ROOM_BEFORE, insufficient_coins: [400, "errors:createInsufficient", { n: ENTRY }] },
    { n: ENTRY },
  ],
  ["tournaments", TOURNAMENT_REFUSALS, TOURNAMENT_BEFORE, { n: ENTRY }],
  ["friends", FRIEND_REFUSALS, FRIEND_BEFORE, { n: FRIENDS_MAX }],
  ["invitations", INVITATION_REFUSALS, INVITATION_BEFORE, undefined],
];

describe.each(CASES)("the %s refusals", (_name, table, before, values) => {
  it("cover the same codes as before", () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(before).sort());
  });

  it.each(LANGUAGES)("answer each code with the same status and text as before, in %s", async (language) => {
    const request = new Request("https://example.test/", { headers: { Cookie: `lng=${language}` } });
    const t = await serverT(request);
    for (const [code, [status, key, passed]] of Object.entries(before)) {
      const text = passed ? t(key, passed) : t(key);
      // A key with no text would come back as itself: every one must be translated.
      expect(text, `${code}: ${key}`).not.toBe(key.split(":").pop());
      expect(await refusalOf(request, table, code, values), code).toEqual({ ok: false, status, error: text });
    }
  });
});
