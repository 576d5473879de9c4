import { describe, expect, it } from "vitest";
import type { SpectatorFrame } from "../../../game/protocol/spectate";
import { spectatorFrame } from "../../../game/spectate/index";
import { FAN_OUT_SLICE, RelayHost, type RelayPorts } from "../../../game/spectate/relay-host";
import { started, TIMINGS } from "../room/helpers";

// The relay's fan-out (docs/decisions/151-spectator-fan-out-in-slices-and-an-honest-bench.md): a
// frame goes to every socket in slices, letting other events run between two while no later frame
// waits, after the frames before it; the room's call answers once the frame is taken. Every socket still receives every
// version in order, a socket that opens meanwhile gets the newest and nothing older after it, and
// a frame that does not follow the one held makes the relay ask the room for its newest.

interface FakeSocket {
  id: number;
  texts: string[];
  closed: number | null;
}

const base = spectatorFrame(started(["a", "b", "c", "d"], { truco_variant: "paulista", created_by: "a" }).room, TIMINGS, null);
const frameAt = (version: number, since: number | null): SpectatorFrame => ({ ...base, version, since, messages: [] });

/** A relay over fake sockets whose pauses wait until the test lets them go (`step`), one at a time. */
function relay(newest: () => SpectatorFrame | null = () => null) {
  const sockets: FakeSocket[] = [];
  const waiting: (() => void)[] = [];
  const asked: number[] = [];
  const ports: RelayPorts<FakeSocket> = {
    sockets: {
      list: () => sockets.filter((s) => s.closed === null),
      send: (socket, text) => socket.texts.push(text),
      close: (socket, code) => {
        socket.closed = code;
      },
      readAttachment: () => null,
      writeAttachment: () => {},
    },
    room: {
      spectators: async (_gameId, count) => {
        asked.push(count);
        return newest();
      },
      chat: async () => {},
    },
    clock: { now: () => 0 },
    setAlarm: () => {},
    background: () => {},
    pause: () => new Promise<void>((resolve) => waiting.push(resolve)),
    events: (event) => {
      throw new Error(event.error);
    },
  };
  const host = new RelayHost(ports);
  const open = async () => {
    const socket: FakeSocket = { id: sockets.length, texts: [], closed: null };
    await host.connect({ gameId: base.state.game.id, userId: `u${socket.id}`, nickname: "x", avatarUrl: null }, () => {
      sockets.push(socket);
      return socket;
    });
    return socket;
  };
  /** Lets every pause waiting now go, and the sends after them run. */
  const step = async () => {
    for (const resolve of waiting.splice(0)) resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const drain = async () => {
    let done = false;
    void host.sent().then(() => (done = true));
    while (!done) await step();
  };
  return { host, sockets, open, step, drain, asked, waiting };
}

/** The versions and `since`s a socket received, in order. */
function received(socket: FakeSocket): { version: number; since: number | null }[] {
  return socket.texts
    .map((text) => JSON.parse(text) as { type: string; payload: SpectatorFrame })
    .filter((m) => m.type === "frame")
    .map((m) => ({ version: m.payload.version, since: m.payload.since }));
}

describe("the relay's fan-out", () => {
  it("sends every version to every socket in order, in slices, and answers the room before it is done", async () => {
    const r = relay();
    await r.host.publish(frameAt(10, null));
    const count = FAN_OUT_SLICE * 3 + 5;
    for (let i = 0; i < count; i++) await r.open();
    await r.drain();
    const had = (version: number) => r.sockets.filter((s) => received(s).some((f) => f.version === version)).length;
    // The call answers with one slice sent; the thread is let go before the next.
    await r.host.publish(frameAt(11, 10));
    await Promise.resolve();
    expect(had(11)).toBe(FAN_OUT_SLICE);
    expect(r.waiting.length).toBe(1);
    // Two more frames arrive meanwhile: the relay is behind, so it sends on without pausing until
    // only the newest is left, which goes in slices again.
    await r.host.publish(frameAt(12, 11));
    await r.host.publish(frameAt(13, 12));
    expect(had(11)).toBe(FAN_OUT_SLICE);
    await r.step();
    expect(had(11)).toBe(count);
    expect(had(12)).toBe(count);
    expect(had(13)).toBe(FAN_OUT_SLICE);
    await r.drain();
    for (const socket of r.sockets) {
      expect(received(socket)).toEqual([
        { version: 10, since: null },
        { version: 11, since: 10 },
        { version: 12, since: 11 },
        { version: 13, since: 12 },
      ]);
    }
  });

  it("a socket that opens while a frame goes out gets the newest, and nothing older after it", async () => {
    const r = relay();
    await r.host.publish(frameAt(1, null));
    for (let i = 0; i < FAN_OUT_SLICE * 2; i++) await r.open();
    await r.drain();
    await r.host.publish(frameAt(2, 1));
    await r.host.publish(frameAt(3, 2));
    const late = await r.open();
    await r.drain();
    expect(received(late)).toEqual([{ version: 3, since: 2 }]);
    expect(received(r.sockets[FAN_OUT_SLICE * 2 - 1]).map((f) => f.version)).toEqual([1, 2, 3]);
  });

  it("drops a late frame, and after a gap asks the room for its newest", async () => {
    let newest: SpectatorFrame | null = frameAt(7, 6);
    const r = relay(() => newest);
    await r.host.publish(frameAt(4, null));
    const socket = await r.open();
    await r.drain();
    await r.host.publish(frameAt(3, 2)); // late: dropped
    await r.host.publish(frameAt(6, 5)); // 5 went missing: delivered, then the room is asked
    await r.drain();
    expect(r.asked.length).toBeGreaterThan(0);
    expect(received(socket)).toEqual([
      { version: 4, since: null },
      { version: 6, since: 4 },
      { version: 7, since: 6 },
    ]);
    newest = null;
  });
});
