import { parentPort } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { threadCpuMs } from "./cpu";
import { HungHandshake, openSocket } from "./socket";

// The spectators bench's audience, in a worker thread of its own (tests/load/lib/audience.ts): its
// sockets' frames are read on this thread's event loop, so the players' sockets on the bench's
// main thread are not timed behind a thousand spectator frames per move. Each socket keeps the
// versions it received, checked in order; the main thread asks for the tally at a game's end.

/** What the main thread asks (see Audience). */
export type AudienceRequest =
  | { type: "open"; base: string; origin: string; gameId: string; cookies: string[]; concurrency: number }
  | { type: "cpu" }
  | { type: "settle"; lastVersion: number; timeoutMs: number };

export type AudienceReply =
  | { type: "opened"; sockets: number; failed: string[]; seconds: number; firstFrames: number }
  | { type: "cpu"; ms: number }
  | {
      type: "settled";
      sockets: number;
      complete: number;
      /** Per version: when the last socket had it (epoch ms, performance.timeOrigin + now). */
      lastArrival: [number, number][];
    };

/** The start of the relay's frame text: `{"type":"frame","payload":{"version":V,"since":S,…`. */
const FRAME_HEAD = /^\{"type":"frame","payload":\{"version":(\d+),"since":(null|\d+),/;
const OPEN_TIMEOUT_MS = 2_500;
const OPEN_ATTEMPTS = 6;
const FIRST_FRAME_MS = 60_000;

interface Watcher {
  ws: WebSocket;
  versions: number[];
  broken: number;
}

let watchers: Watcher[] = [];
let lastArrival = new Map<number, number>();
const now = () => performance.timeOrigin + performance.now();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One spectator socket; only a frame's head is read (the relay's text is the same for all). */
async function openOnce(url: string, cookie: string, origin: string): Promise<Watcher> {
  const watcher: Watcher = { ws: null as unknown as WebSocket, versions: [], broken: 0 };
  watcher.ws = await openSocket(url, { Cookie: cookie, Origin: origin }, OPEN_TIMEOUT_MS, (ws) =>
    ws.addEventListener("message", (event) => {
      const text = String(event.data);
      if (!text.startsWith('{"type":"frame"')) return;
      const head = FRAME_HEAD.exec(text);
      if (!head) {
        watcher.broken += 1;
        return;
      }
      const [version, since] = [Number(head[1]), head[2] === "null" ? null : Number(head[2])];
      const last = watcher.versions.at(-1);
      if (last !== undefined && (since !== last || version <= last)) watcher.broken += 1;
      watcher.versions.push(version);
      lastArrival.set(version, now());
    }),
  );
  return watcher;
}

async function open(request: Extract<AudienceRequest, { type: "open" }>): Promise<AudienceReply> {
  const started = now();
  const url = `${request.base.replace(/^http/, "ws")}/api/games/${encodeURIComponent(request.gameId)}/watch/ws`;
  const failed: string[] = [];
  for (const w of watchers) w.ws.close(); // Left by a game that failed before its tally.
  watchers = [];
  lastArrival = new Map();
  let next = 0;
  const lane = async () => {
    while (next < request.cookies.length) {
      const cookie = request.cookies[next++];
      let lastError = "";
      for (let attempt = 1; attempt <= OPEN_ATTEMPTS; attempt++) {
        try {
          watchers.push(await openOnce(url, cookie, request.origin));
          lastError = "";
          break;
        } catch (error) {
          lastError = error instanceof Error ? error.message : String(error);
          if (!(error instanceof HungHandshake)) break;
        }
      }
      if (lastError) failed.push(lastError);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, request.concurrency) }, lane));
  const seconds = (now() - started) / 1000;
  const ready = now() + FIRST_FRAME_MS;
  while (watchers.some((w) => w.versions.length === 0) && now() < ready) await wait(50);
  return { type: "opened", sockets: watchers.length, failed, seconds, firstFrames: watchers.filter((w) => w.versions.length > 0).length };
}

async function settle(lastVersion: number, timeoutMs: number): Promise<AudienceReply> {
  const deadline = now() + timeoutMs;
  while (watchers.some((w) => w.versions.at(-1) !== lastVersion) && now() < deadline) await wait(100);
  const complete = watchers.filter((w) => w.broken === 0 && w.versions.at(-1) === lastVersion).length;
  const reply: AudienceReply = { type: "settled", sockets: watchers.length, complete, lastArrival: [...lastArrival] };
  for (const w of watchers) w.ws.close();
  watchers = [];
  return reply;
}

parentPort?.on("message", (request: AudienceRequest) => {
  const answer = (reply: Promise<AudienceReply> | AudienceReply) =>
    Promise.resolve(reply).then(
      (value) => parentPort?.postMessage(value),
      (error: unknown) => parentPort?.postMessage({ type: "error", message: String(error) }),
    );
  if (request.type === "open") void answer(open(request));
  else if (request.type === "cpu") void answer({ type: "cpu", ms: threadCpuMs() });
  else void answer(settle(request.lastVersion, request.timeoutMs));
});
