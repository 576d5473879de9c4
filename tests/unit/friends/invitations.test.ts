import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  beginAccept,
  cancel,
  decline,
  expire,
  expireMirror,
  finishAccept,
  INVITATION_TTL_MS,
  isOpen,
  MAX_OPEN_INVITATIONS,
  MIRROR_SLACK_MS,
  newInvitation,
  openInvitations,
  receive,
  track,
  type Invitation,
} from "../../../game/channel/invitations";
import { foldText, orderedPair, searchTerm } from "../../../game/channel/friends";

// game/channel/invitations.ts: an invitation is answerable for 60 s, closes once, and the
// invited player's channel never holds more than a few open ones.

function invitation(id: string, now: number, from = "a", gameId = "g"): Invitation {
  return newInvitation(
    {
      id,
      from: { id: from, nickname: from, avatar_url: null },
      to: { id: "b", nickname: "b" },
      game: { id: gameId, game_code: "ABCDEF", game_type: "1v1", game_mode: "casual", truco_variant: "paulista", entry_cost: 50 },
    },
    now,
  );
}

describe("invitations", () => {
  it("expires after 60 s: no longer answerable, reported once", () => {
    const received = receive([], invitation("i1", 0), 0);
    if (!received.ok) throw new Error("refused");
    expect(openInvitations(received.list, INVITATION_TTL_MS - 1)).toHaveLength(1);
    const { list, expired } = expire(received.list, INVITATION_TTL_MS);
    expect(expired.map((item) => item.status)).toEqual(["expired"]);
    expect(expire(list, INVITATION_TTL_MS + 1).expired).toEqual([]);
    expect(beginAccept(list, "i1", INVITATION_TTL_MS)).toEqual({ ok: false, error: "expired" });
    expect(decline(list, "i1", INVITATION_TTL_MS)).toEqual({ ok: false, error: "expired" });
  });

  it("the inviter's mirror expires MIRROR_SLACK_MS after the invitation would, once, and the same list is kept until then", () => {
    const sent = track([], invitation("i1", 0), 0);
    const before = expireMirror(sent, INVITATION_TTL_MS + MIRROR_SLACK_MS - 1);
    expect(before).toEqual({ list: sent, expired: [] });
    expect(before.list).toBe(sent);
    const { list, expired } = expireMirror(sent, INVITATION_TTL_MS + MIRROR_SLACK_MS);
    expect(expired.map((item) => [item.id, item.status])).toEqual([["i1", "expired"]]);
    expect(expireMirror(list, INVITATION_TTL_MS + MIRROR_SLACK_MS + 1).expired).toEqual([]);
  });

  it("refuses a duplicate and more than the open limit", () => {
    let list: Invitation[] = [];
    for (let i = 0; i < MAX_OPEN_INVITATIONS; i += 1) {
      const next = receive(list, invitation(`i${i}`, 0, `p${i}`), 0);
      if (!next.ok) throw new Error("refused");
      list = next.list;
    }
    expect(receive(list, invitation("again", 0, "p0"), 0)).toEqual({ ok: false, error: "duplicate" });
    expect(receive(list, invitation("more", 0, "other"), 0)).toEqual({ ok: false, error: "too_many" });
  });

  it("closes exactly once whatever happens to it", () => {
    const action = fc.oneof(
      fc.constant("accept" as const),
      fc.constant("joined" as const),
      fc.constant("failed" as const),
      fc.constant("decline" as const),
      fc.constant("cancel" as const),
      fc.integer({ min: 0, max: 40_000 }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 12 }), (actions) => {
        const first = receive([], invitation("i", 0), 0);
        if (!first.ok) throw new Error("refused");
        let list = first.list;
        let now = 0;
        let closings = 0;
        let closed: Invitation["status"] | null = null;
        for (const step of actions) {
          const before = list[0]?.status;
          if (typeof step === "number") {
            now += step;
            list = expire(list, now).list;
          } else if (step === "accept") {
            const r = beginAccept(list, "i", now);
            if (r.ok) list = r.list;
          } else if (step === "joined" || step === "failed") {
            list = finishAccept(list, "i", step === "joined").list;
          } else if (step === "decline") {
            const r = decline(list, "i", now);
            if (r.ok) list = r.list;
          } else {
            list = cancel(list, "i", now).list;
          }
          const after = list[0]?.status;
          if (before && isOpen({ status: before }) && after && !isOpen({ status: after })) {
            closings += 1;
            closed = after;
          }
          // A closed invitation never changes again.
          if (closed && after) expect(after).toBe(closed);
        }
        expect(closings).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("friend rules", () => {
  it("folds case and accents the same way for any text", () => {
    expect(foldText("JOÃO Pica-Fumo")).toBe("joao pica-fumo");
    expect(foldText("Matías Ñandú")).toBe("matias nandu");
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(foldText(foldText(text))).toBe(foldText(text));
      }),
    );
  });

  it("starts searching at 2 characters", () => {
    expect(searchTerm(" a ")).toBeNull();
    expect(searchTerm("  ab  ")).toBe("ab");
  });

  it("stores a pair in one order whichever side asks", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(orderedPair(a, b)).toEqual(orderedPair(b, a));
      }),
    );
  });
});
