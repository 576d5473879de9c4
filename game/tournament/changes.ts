import type { TournamentRecords, TournamentStore } from "./ports";

// When a tournament last changed what its page shows (registrations, the bracket, its status), so
// a page on screen is told to read it again instead of asking every few seconds
// (docs/decisions/123-lobby-owner-and-push.md): every write of the object's records or registry,
// once it succeeded, marks the time. The mark only grows.

const WRITES = ["register", "unregister", "close", "start", "saveBracket", "complete"] as const;

export function markingChanges(
  records: TournamentRecords,
  store: TournamentStore,
  mark: () => void,
): { records: TournamentRecords; store: TournamentStore } {
  const marked = { ...records };
  for (const name of WRITES) {
    const write = records[name] as (...args: unknown[]) => Promise<unknown>;
    (marked as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const result = await write.apply(records, args);
      mark();
      return result;
    };
  }
  return {
    records: marked,
    store: {
      ...store,
      saveRegistry: async (registry) => {
        await store.saveRegistry(registry);
        mark();
      },
    },
  };
}

/** The next mark: the clock, or one past the last mark if the clock has not moved past it. */
export function nextMark(last: number, now: number): number {
  return Math.max(now, last + 1);
}
