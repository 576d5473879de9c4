import { expect } from "vitest";
import { CHANNEL_PING, parseChannelServerFrame, type ChannelServerMessage } from "../../game/protocol/channel";
import { call, ORIGIN } from "./helpers";

// A player's live channel (ADR 045), opened through the app's Worker as the browser does, for the
// Worker tests of friends, invitations and quick match (beside room-client.ts for game rooms).

/** A channel socket opened through the app, collecting every (parsed) frame. */
export async function openChannel(player: { cookie: string }) {
  const response = await call("/api/channel/ws", {
    cookie: player.cookie,
    origin: null,
    headers: { Upgrade: "websocket", Origin: ORIGIN },
  });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  const frames: ChannelServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (event) => {
    const parsed = parseChannelServerFrame(event.data);
    if (!parsed.ok) throw new Error(parsed.error);
    // Answered as the page answers it, so a test that runs long on a busy machine keeps its socket.
    if (parsed.message.type === "heartbeat") ws.send(CHANNEL_PING);
    frames.push(parsed.message);
    for (const wake of waiters.splice(0)) wake();
  });
  ws.accept();
  async function next<T extends ChannelServerMessage["type"]>(
    type: T,
    match: (message: Extract<ChannelServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ChannelServerMessage, { type: T }>> {
    for (;;) {
      const found = frames.find((frame) => frame.type === type && match(frame as Extract<ChannelServerMessage, { type: T }>));
      if (found) {
        frames.splice(frames.indexOf(found), 1);
        return found as Extract<ChannelServerMessage, { type: T }>;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  await next("hello");
  return { ws, frames, next };
}
