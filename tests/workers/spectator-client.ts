import { parseSpectatorServerFrame, type SpectatorFrame, type SpectatorServerMessage } from "../../game/protocol/spectate";
import { call, ORIGIN } from "./helpers";

/** Opens a spectator's socket through the app's Worker; the response when it is refused. */
export async function openWatch(gameId: string, cookie?: string, origin = ORIGIN): Promise<Response> {
  return call(`/api/games/${gameId}/watch/ws`, { cookie, origin: null, headers: { Upgrade: "websocket", Origin: origin } });
}

/** A spectator's socket: every message parsed with the protocol's schema, the frames in arrival order. */
export class SpectatorClient {
  readonly messages: SpectatorServerMessage[] = [];
  readonly frames: SpectatorFrame[] = [];
  readonly texts: string[] = [];
  readonly refused: string[] = [];
  closed: { code: number } | null = null;
  private waiters: (() => void)[] = [];

  static async connect(gameId: string, player: { cookie: string }): Promise<SpectatorClient> {
    const response = await openWatch(gameId, player.cookie);
    if (response.status !== 101) throw new Error(`watch refused: ${response.status} ${await response.text()}`);
    const ws = response.webSocket!;
    ws.accept();
    return new SpectatorClient(ws);
  }

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      const text = event.data as string;
      const parsed = parseSpectatorServerFrame(text);
      if (!parsed.ok) this.refused.push(`${parsed.error}: ${text.slice(0, 200)}`);
      else {
        this.texts.push(text);
        this.messages.push(parsed.message);
        if (parsed.message.type === "frame") this.frames.push(parsed.message.payload);
      }
      this.wake();
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code };
      this.wake();
    });
  }

  get latest(): SpectatorFrame | null {
    return this.frames.at(-1) ?? null;
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  async until(predicate: () => boolean, ms = 10_000, what = "condition"): Promise<void> {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      if (this.refused.length > 0) throw new Error(`a frame the protocol refuses: ${this.refused[0]}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    try {
      this.ws.close(1000, "done");
    } catch {
      // Already closed.
    }
  }
}
