import { RoomClient } from "../../support/room-client";
import type { Player } from "./scenario";
import { sleep } from "./util";

// The bench's client of the app: JSON API calls and room sockets, as a
// browser makes them (session cookie, same Origin), with the timeouts and
// retries the local server needs (see WORKAROUND), counted for the report.

export class HttpError extends Error {
  constructor(
    method: string,
    url: string,
    readonly status: number,
    body: string,
  ) {
    super(`${method} ${url} → ${status} ${body.slice(0, 200)}`);
  }
}

const HTTP_TIMEOUT_MS = 5_000;
const WS_OPEN_TIMEOUT_MS = 2_500;
const ATTEMPTS = 6;

// WORKAROUND (local wrangler only, found by this bench): every request that
// carries `Upgrade: websocket` (a room socket, answered 101 or refused) leaves
// one of the local runtime's internal connections broken, and the next request
// that gets it never gets an answer (any path, static files included); the
// broken connection goes away after a few idle seconds. It comes from
// @remix-run/cloudflare-pages' handler, which first tries every request,
// upgrades included, on env.ASSETS.fetch (a bare Pages Function doing the same
// reproduces it; one that does not, does not). So the bench opens sockets one
// at a time (the upgrade lane), apart from its HTTP calls, and right after each
// upgrade sends one cheap request that takes the broken connection (aborted
// after ABSORB_TIMEOUT_MS); any other request still has a timeout and a retry.
// The report counts all of them.
const ABSORB_TIMEOUT_MS = 1_000;
const LANE_GAP_MS = 10;

export class AppClient {
  /** Requests the local server left hanging, retried; and the absorbing requests after upgrades. */
  readonly hung = { http: 0, ws: 0, absorbed: 0, absorbCalls: 0 };
  private laneTail: Promise<unknown> = Promise.resolve();

  constructor(readonly base: string) {}

  /** A JSON API call as `player`; retried when the server leaves it without an answer. */
  async api<T = unknown>(method: string, url: string, player: Player, body?: unknown): Promise<T> {
    let lastError: Error | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${this.base}${url}`, {
          method,
          headers: {
            Accept: "application/json",
            Cookie: player.cookie,
            Origin: this.base,
            ...(body ? { "Content-Type": "application/json" } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          redirect: "manual",
          signal: controller.signal,
        });
        clearTimeout(timer); // The answer has started: no timeout for its body.
        text = await response.text();
      } catch (error) {
        // No answer at all (a hung request, or a refused connection): try again.
        clearTimeout(timer);
        const hang = controller.signal.aborted;
        if (hang) this.hung.http += 1;
        lastError = new Error(`${method} ${url}: ${hang ? `no answer in ${HTTP_TIMEOUT_MS / 1000} s` : (error as Error).message}`);
        await sleep(100 * attempt);
        continue;
      }
      if (!response.ok) throw new HttpError(method, url, response.status, text);
      return (text ? JSON.parse(text) : null) as T;
    }
    throw lastError;
  }

  /** Opens `player`'s socket to a room (one handshake at a time; retried when the server leaves one hanging). */
  async openRoom(gameId: string, player: Player): Promise<RoomClient> {
    let lastError: Error | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        return await this.inUpgradeLane(() => this.openOnce(gameId, player));
      } catch (error) {
        lastError = error as Error;
        if (!(error instanceof HungHandshake)) throw error;
        this.hung.ws += 1;
      }
    }
    throw lastError;
  }

  /** Opens `player`'s socket to the platform floor (bench-only, ADR 057), as a room's socket is opened. */
  async openFloor(room: string, player: Player): Promise<WebSocket> {
    return this.inUpgradeLane(() => this.socketOnce(`/api/bench/floor?room=${encodeURIComponent(room)}`, player));
  }

  private async openOnce(gameId: string, player: Player): Promise<RoomClient> {
    const ws = await this.socketOnce(`/api/games/${gameId}/ws`, player);
    return new RoomClient(ws, player.id, { history: false, exact: false });
  }

  private socketOnce(path: string, player: Player): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const url = `${this.base.replace(/^http/, "ws")}${path}`;
      // Node's WebSocket (undici) takes request headers; a browser would send the cookie and Origin itself.
      const ws = new WebSocket(url, { headers: { Cookie: player.cookie, Origin: this.base } } as unknown as string[]);
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        try {
          ws.close();
        } catch {
          // Not open yet.
        }
        reject(new HungHandshake());
      }, WS_OPEN_TIMEOUT_MS);
      ws.addEventListener("open", () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.absorb();
        resolve(ws);
      });
      ws.addEventListener("close", (event) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.absorb(); // A refused upgrade breaks a connection too.
        reject(new Error(`WebSocket refused (close ${event.code})`));
      });
    });
  }

  /** Runs socket handshakes one after another, each followed by its absorbing request. */
  private inUpgradeLane<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.laneTail.then(fn);
    this.laneTail = run.catch(() => {}).then(() => sleep(LANE_GAP_MS));
    return run;
  }

  private absorb() {
    this.hung.absorbCalls += 1;
    fetch(`${this.base}/favicon.svg`, { signal: AbortSignal.timeout(ABSORB_TIMEOUT_MS) })
      .then((response) => response.arrayBuffer())
      .catch(() => {
        this.hung.absorbed += 1;
      });
  }

  /** The report's line about the workaround. */
  hungLine(): string {
    const { http, ws, absorbed, absorbCalls } = this.hung;
    return (
      `local server issue: requests left without an answer and retried: ${http} HTTP, ${ws} WebSocket handshakes; ` +
      `${absorbed} of ${absorbCalls} absorbing requests after an upgrade hung as expected ` +
      "(wrangler dev: a request after a WebSocket upgrade may never be answered: see WORKAROUND in tests/load/lib/client.ts)"
    );
  }
}

class HungHandshake extends Error {
  constructor() {
    super(`WebSocket: no answer in ${WS_OPEN_TIMEOUT_MS / 1000} s`);
  }
}
