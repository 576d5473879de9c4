import { describe, expect, it } from "vitest";
import { MAX_WATCHED_GAMES, noteWatched, stillWatched, WATCHED_KEEP_MS } from "../../../game/channel/watched-games";

// The games a player watched lately, kept by their channel so that sign-out and a ban reach the
// relays holding their spectator sockets.

describe("watched games", () => {
  it("remembers each game once, with its newest opening, for a day", () => {
    let state = noteWatched({}, "g1", 1_000);
    state = noteWatched(state, "g2", 2_000);
    state = noteWatched(state, "g1", 3_000);
    expect(state).toEqual({ g1: 3_000, g2: 2_000 });
    expect(stillWatched(state, 3_000).sort()).toEqual(["g1", "g2"]);
    expect(stillWatched(state, 2_000 + WATCHED_KEEP_MS)).toEqual(["g1"]);
    expect(noteWatched(state, "g3", 3_000 + WATCHED_KEEP_MS)).toEqual({ g3: 3_000 + WATCHED_KEEP_MS });
  });

  it("keeps the newest games only", () => {
    let state = {};
    for (let i = 0; i < MAX_WATCHED_GAMES + 5; i++) state = noteWatched(state, `g${i}`, 1_000 + i);
    const kept = stillWatched(state, 1_000 + MAX_WATCHED_GAMES + 5);
    expect(kept).toHaveLength(MAX_WATCHED_GAMES);
    expect(kept).not.toContain("g0");
    expect(kept).toContain(`g${MAX_WATCHED_GAMES + 4}`);
  });
});
