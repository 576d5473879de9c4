import { expect } from "vitest";
import { RoomHost } from "../../../game/room/host/index";
import { memoryPorts, type MemoryPorts, type MemorySocket } from "../../../game/room/host/memory";
import type { GameStatePayload } from "../../../game/protocol/room";
import { summary, T0, TIMINGS } from "./helpers";

// The room host on in-memory ports, as the host's tests drive it: a 1v1 table, a move, a match to its end.

export const ALICE = { userId: "alice", nickname: "Alice", avatarUrl: null, isPremium: false, rating: 1000 };
export const BRUNO = { userId: "bruno", nickname: "Bruno", avatarUrl: null, isPremium: false, rating: 1000 };

export function newHost(ports: MemoryPorts = memoryPorts({ now: T0 })) {
  return { ports, host: new RoomHost(ports, TIMINGS) };
}

export async function socketFor(ports: MemoryPorts, host: RoomHost<MemorySocket>, userId: string): Promise<MemorySocket> {
  return (await host.connect(userId, null, (tags) => ports.sockets.accept(tags)))!;
}

/** A 1v1 between two people, both at the table: the match has started. */
export async function startedTable(ports?: MemoryPorts) {
  const { ports: p, host } = newHost(ports);
  expect(await host.open(summary({ entry_cost: 50 }), ALICE)).toEqual({ ok: true });
  expect(await host.join(BRUNO)).toEqual({ ok: true });
  const sockets = { alice: await socketFor(p, host, "alice"), bruno: await socketFor(p, host, "bruno") };
  return { ports: p, host, sockets };
}

export async function stateOf(host: RoomHost<MemorySocket>, userId: string): Promise<GameStatePayload> {
  return (await host.snapshot(userId))!;
}

/** The player whose turn it is makes their first legal move (a card when they can). */
export async function anyMove(host: RoomHost<MemorySocket>): Promise<void> {
  for (const userId of ["alice", "bruno"]) {
    const view = (await stateOf(host, userId)).view;
    const actions = view?.legalActions ?? [];
    if (actions.length === 0) continue;
    const action = actions.find((a) => a.type === "play_card" && !("faceDown" in a && a.faceDown)) ?? actions[0];
    expect(await host.play(userId, action)).toEqual({ ok: true });
    return;
  }
  throw new Error("nobody can move");
}

/** Plays until the match is decided, firing the alarm whenever nobody can move (the next hand's deal). */
export async function playUntilDecided(ports: MemoryPorts, host: RoomHost<MemorySocket>): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    const state = await stateOf(host, "alice");
    if (state.game.status !== "active") return;
    const someoneCanMove = (await Promise.all(["alice", "bruno"].map((u) => stateOf(host, u)))).some(
      (s) => (s.view?.legalActions.length ?? 0) > 0,
    );
    if (someoneCanMove) await anyMove(host);
    else {
      ports.clock.at = Math.max(ports.clock.at, ports.store.alarmAt ?? ports.clock.at);
      await host.alarm();
    }
  }
  throw new Error("the match did not end");
}
