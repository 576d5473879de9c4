import { SNAPSHOT_MS, type LobbySnapshot } from "./lobby";

// One snapshot per isolate: every channel and every page served by one isolate shares the last
// snapshot for half of SNAPSHOT_MS, so the Lobby object answers about one call per isolate every
// few seconds however many players look. Only the resolved snapshot is shared: a pending call belongs
// to the request (or object) that made it, and the runtime does not let another one wait on it.
// While one caller refreshes a stale snapshot, the others get the stale one rather than a call each.
// A snapshot with nobody online is not shared: it is the one number a newcomer sees as plainly
// wrong once someone signs in, and only an empty server has it, where a call per page costs nothing.

export interface SnapshotCache {
  get(): Promise<LobbySnapshot>;
}

export function snapshotCache(fetchSnapshot: () => Promise<LobbySnapshot>, now: () => number, maxAgeMs = SNAPSHOT_MS / 2): SnapshotCache {
  let held: { at: number; snapshot: LobbySnapshot } | null = null;
  /** When a caller started refreshing (a refresh that never answers stops counting after maxAgeMs). */
  let refreshingSince: number | null = null;
  return {
    async get() {
      const at = now();
      const refreshing = refreshingSince !== null && at - refreshingSince < maxAgeMs;
      if (held && held.snapshot.online > 0 && (at - held.at < maxAgeMs || refreshing)) return held.snapshot;
      refreshingSince = at;
      try {
        const snapshot = await fetchSnapshot();
        held = { at: now(), snapshot };
        return snapshot;
      } finally {
        refreshingSince = null;
      }
    },
  };
}
