import { describe, expect, it } from "vitest";
import { memoryPorts, type MemoryPorts } from "../../../game/room/host/memory";
import type { SpectatorFrame } from "../../../game/protocol/spectate";
import { T0 } from "./helpers";
import { anyMove, startedTable, stateOf } from "./host-helpers";

// The room's work per move does not grow with its audience
// (docs/decisions/151-spectator-fan-out-in-slices-and-an-honest-bench.md): however many watch, a
// move makes the same sends to the players, the same storage writes, and one call to the relay
// with the same frame. Nobody watching, the relay hears nothing.

async function movesWatchedBy(count: number) {
  const published: SpectatorFrame[] = [];
  const ports: MemoryPorts = {
    ...memoryPorts({ now: T0 }),
    relay: {
      publish: async (_gameId, frame) => {
        published.push(frame);
      },
      unwatchable: async () => {},
    },
  };
  const { host } = await startedTable(ports);
  if (count > 0) await host.spectatorCount(count);
  const from = ports.log.length;
  // Moves, and the next hand's deal (the alarm) when nobody can move: two hands or so.
  for (let i = 0; i < 12; i++) {
    const states = await Promise.all(["alice", "bruno"].map((u) => stateOf(host, u)));
    if (states.some((s) => (s.view?.legalActions.length ?? 0) > 0)) await anyMove(host);
    else {
      ports.clock.at = Math.max(ports.clock.at, ports.store.alarmAt ?? ports.clock.at);
      await host.alarm();
    }
  }
  return { published, log: ports.log.slice(from) };
}

describe("the room's work per move, whatever the audience", () => {
  it("one spectator or a thousand: the same sends, writes and relay calls, one per move", async () => {
    const one = await movesWatchedBy(1);
    const thousand = await movesWatchedBy(1_000);
    expect(one.published.length).toBe(12);
    expect(thousand.published).toEqual(one.published);
    expect(thousand.log).toEqual(one.log);
    // One frame per version, each following the one before it.
    for (let i = 1; i < one.published.length; i++) expect(one.published[i].since).toBe(one.published[i - 1].version);
  });

  it("nobody watching: no frame is built for the relay", async () => {
    const none = await movesWatchedBy(0);
    const one = await movesWatchedBy(1);
    expect(none.published).toEqual([]);
    expect(none.log).toEqual(one.log);
  });
});
