import { describe, expect, it } from "vitest";
import { markingChanges, nextMark } from "../../../game/tournament/changes";
import type { TournamentRecords, TournamentStore } from "../../../game/tournament/ports";

// A tournament's change mark (game/tournament/changes.ts): every write that landed marks it, reads
// and failed writes do not, and the mark only grows.

describe("a tournament's change mark", () => {
  it("is set by each write that landed, never by a read or a write that failed", async () => {
    let marks = 0;
    const records = {
      find: async () => null,
      saveBracket: async () => undefined,
      register: async () => {
        throw new Error("D1 unavailable");
      },
    } as unknown as TournamentRecords;
    const store = { saveRegistry: async () => undefined, recall: async () => "t1" } as unknown as TournamentStore;
    const marked = markingChanges(records, store, () => (marks += 1));
    await marked.records.find("t1");
    await marked.store.recall();
    expect(marks).toBe(0);
    await marked.records.saveBracket({} as never, {} as never);
    await marked.store.saveRegistry({ closed: null, entries: [] } as never);
    expect(marks).toBe(2);
    await expect(marked.records.register({} as never, "u1")).rejects.toThrow("D1 unavailable");
    expect(marks).toBe(2);
  });

  it("only grows, even when the clock does not", () => {
    expect(nextMark(0, 1_000)).toBe(1_000);
    expect(nextMark(1_000, 1_000)).toBe(1_001);
    expect(nextMark(2_000, 1_500)).toBe(2_001);
  });
});
