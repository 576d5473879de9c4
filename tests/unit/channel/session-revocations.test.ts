import { describe, expect, it } from "vitest";
import {
  isRevoked,
  MAX_REVOKED_IDS,
  NO_REVOCATIONS,
  REVOCATION_KEEP_MS,
  revokeAll,
  revokeOne,
} from "../../../game/channel/session-revocations";
import { SessionRevocationsHost } from "../../../game/channel/session-revocations-host";

const at = (ms: number) => new Date(ms).toISOString();

describe("session revocations (pure)", () => {
  it("a signed-out session is refused, the player's other sessions are not", () => {
    const state = revokeOne(NO_REVOCATIONS, "a", 1_000);
    expect(isRevoked(state, { id: "a", createdAt: at(500) })).toBe(true);
    expect(isRevoked(state, { id: "b", createdAt: at(500) })).toBe(false);
  });

  it("a ban refuses every session created until it, and none created after", () => {
    const state = revokeAll(NO_REVOCATIONS, 10_000);
    expect(isRevoked(state, { id: "old", createdAt: at(9_999) })).toBe(true);
    expect(isRevoked(state, { id: "same", createdAt: at(10_000) })).toBe(true);
    expect(isRevoked(state, { id: "new", createdAt: at(10_001) })).toBe(false);
    // A time that cannot be read is a doubt, and a doubt refuses once a ban is on record.
    expect(isRevoked(state, { id: "odd", createdAt: "yesterday" })).toBe(true);
    expect(isRevoked(NO_REVOCATIONS, { id: "odd", createdAt: "yesterday" })).toBe(false);
  });

  it("a later ban never moves the line back", () => {
    const state = revokeAll(revokeAll(NO_REVOCATIONS, 10_000), 5_000);
    expect(state.before).toBe(10_000);
  });

  it("ids are kept far beyond a replica's lag, and at most MAX_REVOKED_IDS of them, the newest", () => {
    let state = revokeOne(NO_REVOCATIONS, "first", 0);
    state = revokeOne(state, "later", REVOCATION_KEEP_MS - 1);
    expect(Object.keys(state.ids).sort()).toEqual(["first", "later"]);
    state = revokeOne(state, "last", REVOCATION_KEEP_MS);
    expect(Object.keys(state.ids).sort()).toEqual(["last", "later"]);
    for (let i = 0; i < MAX_REVOKED_IDS + 5; i++) state = revokeOne(state, `s${i}`, REVOCATION_KEEP_MS + i);
    expect(Object.keys(state.ids)).toHaveLength(MAX_REVOKED_IDS);
    expect(state.ids[`s${MAX_REVOKED_IDS + 4}`]).toBeDefined();
    expect(state.ids.s0).toBeUndefined();
  });
});

describe("SessionRevocationsHost", () => {
  it("stores each revocation before answering, and a fresh host (after an eviction) still refuses", async () => {
    const stored = new Map<string, unknown>();
    let now = 50_000;
    const ports = {
      store: { read: async (key: string) => stored.get(key), write: async (key: string, value: unknown) => void stored.set(key, value) },
      clock: { now: () => now },
    };
    const host = new SessionRevocationsHost(ports);
    await host.revoke("gone");
    now = 60_000;
    await host.revoke(null);
    const fresh = new SessionRevocationsHost(ports);
    expect(await fresh.revoked({ id: "gone", createdAt: at(70_000) })).toBe(true);
    expect(await fresh.revoked({ id: "held", createdAt: at(59_000) })).toBe(true);
    expect(await fresh.revoked({ id: "after", createdAt: at(61_000) })).toBe(false);
  });

  it("a stored value it cannot read counts as nothing revoked", async () => {
    const host = new SessionRevocationsHost({
      store: { read: async () => ({ before: "soon" }), write: async () => {} },
      clock: { now: () => 0 },
    });
    expect(await host.revoked({ id: "x", createdAt: at(0) })).toBe(false);
  });
});
