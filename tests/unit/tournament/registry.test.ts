import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closeRegistry, depart, holding, reserve, settle, unsettled, type Registry } from "../../../game/tournament/registry";

// The registration list's rules (game/tournament/registry.ts): places, leaving, and answers that
// arrive late.

const empty: Registry = { entries: [], closed: null };
const rules = { entry_cost: 100, max_participants: 3 };

describe("the registration list", () => {
  it("gives each player one place, never more places than the tournament has, and none once closed", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 20 }), (players) => {
        let registry = empty;
        for (const player of players) {
          const reserved = reserve(registry, player, rules);
          if (reserved.ok) registry = reserved.registry;
        }
        expect(holding(registry).length).toBeLessThanOrEqual(rules.max_participants);
        expect(new Set(registry.entries.map((e) => e.user_id)).size).toBe(registry.entries.length);
      }),
    );
    const closed = closeRegistry(empty, "started");
    expect(reserve(closed, "a", rules)).toEqual({ ok: false, error: "started" });
    expect(closeRegistry(closed, "not_registration").closed).toBe("started");
  });

  it("a paid line leaves, a paying one does not; a late answer changes nothing", () => {
    const taken = reserve(empty, "a", rules);
    if (!taken.ok) throw new Error("no place");
    expect(taken.registry.entries).toEqual([{ user_id: "a", entry_paid: 100, state: "paying" }]);
    expect(depart(taken.registry, "a")).toEqual({ ok: false, error: "not_registered" });
    const paid = settle(taken.registry, "a", "paying", "paid");
    expect(unsettled(paid)).toEqual([]);
    // The fee batch's answer for a line already settled is ignored.
    expect(settle(paid, "a", "paying", "gone")).toEqual(paid);
    const leaving = depart(paid, "a");
    if (!leaving.ok) throw new Error("not registered");
    expect(leaving.entry.state).toBe("leaving");
    // A leaving line frees its place at once.
    expect(holding(leaving.registry)).toEqual([]);
    expect(settle(leaving.registry, "a", "leaving", "gone").entries).toEqual([]);
  });
});
