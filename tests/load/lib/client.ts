import { performance } from "node:perf_hooks";
import type { GameSummary } from "../../../game/protocol/entities";
import { RoomClient } from "../../support/room-client";
import type { Player } from "./scenario";
import { HungHandshake, openSocket } from "./socket";
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

/** How long a call may go without an answer before it counts as lost (BENCH_HTTP_TIMEOUT_MS: to reproduce lost answers on purpose). */
const HTTP_TIMEOUT_MS = Number(process.env.BENCH_HTTP_TIMEOUT_MS ?? 15_000);
/** How long a read-back (the player's table after a lost answer) may take, and keep looking: as long as a lost call might still be finishing. */
const READ_BACK_MS = 30_000;
const WS_OPEN_TIMEOUT_MS = 2_500;
const ATTEMPTS = 6;

// UPGRADES. An earlier bench found that a request after a WebSocket upgrade could go unanswered
// under local workerd: @remix-run/cloudflare-pages' handler handed every request, upgrades
// included, to env.ASSETS.fetch first. functions/[[path]].ts no longer does (ADR 081), and on
// main the requests right after 2,000 upgrades are answered (ADR 098: the few that take longer
// than ABSORB_TIMEOUT_MS do so on a saturated machine, like any other request). The bench still
// opens sockets one at a time (the upgrade lane) and sends one cheap request right after each
// upgrade, as a probe whose misses the report counts.
//
// LOST ANSWERS. The setup that failed (196 of 500 rooms) was not a hang: on a loaded
// machine 32 creates at once took longer than HTTP_TIMEOUT_MS, the bench gave up on them and sent
// them again, and the second create was refused as a second seat (409 already_seated) because
// the first had opened the table (a join repeated while the first is still in the room is
// refused the same way: the first holds the player's seat lease). Reads are still retried; a
// create or a join is sent once, and a lost answer is read back from the player's table, as a
// player reloading the page would see it (Table.create, Table.join). The timeout is 15 s: a slow
// answer on a saturated machine is not a lost one (a browser waits longer still).
const ABSORB_TIMEOUT_MS = 1_000;
const LANE_GAP_MS = 10;

export class AppClient {
  /** Requests the local server left hanging, retried; and the absorbing requests after upgrades. */
  readonly hung = { http: 0, ws: 0, absorbed: 0, absorbCalls: 0, recovered: 0 };
  /** HTTP calls answered, and the slowest answer's time (ms): a slow server is not a hung one. */
  answered = 0;
  slowest = 0;
  private laneTail: Promise<unknown> = Promise.resolve();

  constructor(public base: string) {}

  /** A JSON API call as `player`; retried when the server leaves it without an answer (for calls safe to repeat). */
  async api<T = unknown>(method: string, url: string, player: Player, body?: unknown, timeoutMs = HTTP_TIMEOUT_MS): Promise<T> {
    let lastError: Error | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        return await this.apiOnce<T>(method, url, player, body, timeoutMs);
      } catch (error) {
        if (!(error instanceof LostAnswer)) throw error;
        lastError = error;
        await sleep(100 * attempt);
      }
    }
    throw lastError;
  }

  /**
   * One JSON API call, never repeated: a call that is not safe to repeat (creating a table) whose
   * answer is lost throws LostAnswer, and the caller finds out what happened, as a player would
   * (reloading the page shows the table they opened), instead of asking again.
   */
  async apiOnce<T = unknown>(method: string, url: string, player: Player, body?: unknown, timeoutMs = HTTP_TIMEOUT_MS): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let text: string;
    const startedAt = performance.now();
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
      // No answer at all (a hung request, or a refused connection).
      clearTimeout(timer);
      const hang = controller.signal.aborted;
      if (hang) this.hung.http += 1;
      throw new LostAnswer(`${method} ${url}: ${hang ? `no answer in ${timeoutMs / 1000} s` : (error as Error).message}`);
    }
    this.answered += 1;
    this.slowest = Math.max(this.slowest, performance.now() - startedAt);
    if (!response.ok) throw new HttpError(method, url, response.status, text);
    return (text ? JSON.parse(text) : null) as T;
  }

  /**
   * The table `player` sits at, as the app shows it on every page: the "back to your table" banner
   * (the root loader's `resumeTable`) in a page's server HTML, then `GET /api/games/:id`; or null.
   * Keeps looking for up to `ms` (a call whose answer was lost may still be finishing).
   */
  async tableOf(player: Player, ms = READ_BACK_MS): Promise<GameSummary | null> {
    const deadline = performance.now() + ms;
    for (;;) {
      const response = await fetch(`${this.base}/friends`, {
        headers: { Accept: "text/html", Cookie: player.cookie },
        redirect: "manual",
        signal: AbortSignal.timeout(READ_BACK_MS),
      });
      const html = await response.text();
      const gameId = /data-testid="resume-banner"[\s\S]*?href="\/game\/([0-9a-f-]{36})"/.exec(html)?.[1];
      if (gameId) return this.api<GameSummary>("GET", `/api/games/${gameId}`, player, undefined, READ_BACK_MS);
      if (performance.now() >= deadline) return null;
      await sleep(1_000);
    }
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

  /** Opens `player`'s spectator socket to a game's relay (game/spectate/), as the watch page does. */
  async openWatch(gameId: string, player: Player): Promise<WebSocket> {
    return this.inUpgradeLane(() => this.socketOnce(`/api/games/${encodeURIComponent(gameId)}/watch/ws`, player));
  }

  /** Opens `player`'s socket to the platform floor (bench-only, ADR 057), as a room's socket is opened. */
  async openFloor(room: string, player: Player): Promise<WebSocket> {
    return this.inUpgradeLane(() => this.socketOnce(`/api/bench/floor?room=${encodeURIComponent(room)}`, player));
  }

  private async openOnce(gameId: string, player: Player): Promise<RoomClient> {
    const ws = await this.socketOnce(`/api/games/${gameId}/ws`, player);
    return new RoomClient(ws, player.id, { history: false, exact: false });
  }

  private async socketOnce(path: string, player: Player): Promise<WebSocket> {
    const url = `${this.base.replace(/^http/, "ws")}${path}`;
    try {
      const ws = await openSocket(url, { Cookie: player.cookie, Origin: this.base }, WS_OPEN_TIMEOUT_MS);
      this.absorb();
      return ws;
    } catch (error) {
      if (!(error instanceof HungHandshake)) this.absorb(); // A refused upgrade breaks a connection too.
      throw error;
    }
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

  /** The report's line about lost answers and the upgrade probe. */
  hungLine(): string {
    const { http, ws, absorbed, absorbCalls, recovered } = this.hung;
    return (
      `HTTP: ${this.answered} answered, the slowest in ${(this.slowest / 1000).toFixed(1)} s; ` +
      `without an answer in ${HTTP_TIMEOUT_MS / 1000} s: ${http} (${recovered} creates and joins read back from the player's table instead of repeated), ` +
      `${ws} WebSocket handshakes; ${absorbed} of ${absorbCalls} requests right after an upgrade went unanswered (see UPGRADES in tests/load/lib/client.ts)`
    );
  }
}

/** A call the server never answered (or whose connection failed): it may or may not have happened. */
export class LostAnswer extends Error {}
