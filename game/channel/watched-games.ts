import { z } from "zod";

// The games a player opened a spectator socket to lately, held by their PlayerChannel. A
// spectator's socket lives in the watched game's SpectatorRelay, which no database row names: when
// the player signs out or is banned, this list says which relays to ask to close that player's
// sockets. A socket outlives a day rarely; the list keeps a day and the newest few games. The host
// stores the value these pure functions answer.

export const WATCHED_KEY = "watched-games";

/** Game id → when (ms) a spectator socket to it was last opened. */
export const WatchedGamesSchema = z.record(z.string().min(1).max(128), z.number());
export type WatchedGames = z.infer<typeof WatchedGamesSchema>;

/** How long a game is remembered after its last spectator socket opened. */
export const WATCHED_KEEP_MS = 24 * 60 * 60 * 1000;
/** At most this many games: the oldest go first. */
export const MAX_WATCHED_GAMES = 50;

/** The list with `gameId` opened at `now`, pruned. */
export function noteWatched(state: WatchedGames, gameId: string, now: number): WatchedGames {
  const kept = Object.entries({ ...state, [gameId]: now })
    .filter(([, at]) => now - at < WATCHED_KEEP_MS)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_WATCHED_GAMES);
  return Object.fromEntries(kept);
}

/** The games that may still hold a socket of this player at `now`. */
export function stillWatched(state: WatchedGames, now: number): string[] {
  return Object.entries(state)
    .filter(([, at]) => now - at < WATCHED_KEEP_MS)
    .map(([gameId]) => gameId);
}

export interface WatchedGamesPorts {
  store: {
    read(key: string): Promise<unknown>;
    write(key: string, value: unknown): Promise<void>;
  };
  clock: { now(): number };
}

/** The channel's side: one storage value, changed in memory with no await between reading and changing it. */
export class WatchedGamesHost {
  private state: WatchedGames | undefined;

  constructor(private readonly ports: WatchedGamesPorts) {}

  private async loaded(): Promise<WatchedGames> {
    if (this.state === undefined) {
      const stored = WatchedGamesSchema.safeParse(await this.ports.store.read(WATCHED_KEY));
      this.state ??= stored.success ? stored.data : {};
    }
    return this.state;
  }

  async watching(gameId: string): Promise<void> {
    await this.loaded();
    this.state = noteWatched(this.state!, gameId, this.ports.clock.now());
    await this.ports.store.write(WATCHED_KEY, this.state);
  }

  async watched(): Promise<string[]> {
    return stillWatched(await this.loaded(), this.ports.clock.now());
  }
}
