import { createDb } from "./client";
import { recordEvent, type AnalyticsBindings, type AnalyticsEvent } from "./analytics";

// Structured logs (ADR 118): one JSON line per request (functions/[[path]].ts) and per room event
// that matters, which Workers Logs indexes by field. A request id follows a request from the Pages
// app into the Durable Objects in REQUEST_ID_HEADER. Lines carry ids and outcomes, never a
// secret, an e-mail, a nickname or an address.

/** Set by the Pages app on every request it handles and on every request it makes to a Durable Object. */
export const REQUEST_ID_HEADER = "X-Request-Id";

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The request's id: the one Cloudflare's edge gave it (cf-ray) when there is one, else a new one. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  if (given && REQUEST_ID.test(given)) return given;
  const ray = request.headers.get("cf-ray");
  if (ray && REQUEST_ID.test(ray)) return ray;
  return crypto.randomUUID();
}

/** The id a Durable Object reads from a request the app sent it; null when absent or malformed. */
export function forwardedRequestId(request: Request): string | null {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given && REQUEST_ID.test(given) ? given : null;
}

type Level = "info" | "warn" | "error";
type Fields = Record<string, string | number | boolean | null | undefined>;

/** One structured line; errors go to console.error so Workers Logs and Sentry's console capture see their level. */
export function logLine(level: Level, event: string, fields: Fields = {}, now: Date = new Date()) {
  const line = JSON.stringify({ level, event, at: now.toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** The request line: what was asked, how it ended, how long it took, where it came in. */
export function logRequest(fields: {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  colo?: string;
  country?: string;
}) {
  logLine(fields.status >= 500 ? "error" : "info", "request", fields);
}

/** The room events that get a line and a data point. */
export type RoomEvent =
  | { type: "game_started"; gameId: string; variant: string; mode: string; seats: number }
  | { type: "game_settled"; gameId: string; variant: string; mode: string; pot: number; reason: string }
  | { type: "settlement_retried"; gameId: string; error: string }
  | { type: "socket_closed_for_abuse"; gameId: string; code: number; reason: string };

const LEVEL_OF: Record<RoomEvent["type"], Level> = {
  game_started: "info",
  game_settled: "info",
  settlement_retried: "warn",
  socket_closed_for_abuse: "warn",
};

/**
 * What a room calls once per event that matters: one log line (with the request id that led to it,
 * when there is one) and one analytics event. Never throws; the promise is the local D1 count
 * (hand it to ctx.waitUntil).
 */
export function reportRoomEvent(
  env: AnalyticsBindings & { DB: D1Database },
  event: RoomEvent,
  requestId: string | null = null,
  now: Date = new Date(),
): Promise<void> {
  const { type, ...fields } = event;
  logLine(LEVEL_OF[type], type, { ...fields, requestId }, now);
  const detail = event.type === "game_started" || event.type === "game_settled" ? { label: event.variant } : {};
  const amount = event.type === "game_settled" ? { amount: event.pot } : {};
  return recordEvent(env, createDb(env.DB), type satisfies AnalyticsEvent, { ...detail, ...amount }, now).catch((error) =>
    logLine("error", "analytics_write_failed", { type, error: String(error) }),
  );
}

/** A hand's moves, counted but not logged (a line per move would drown the rest); one write a hand. */
export function countMoves(env: AnalyticsBindings & { DB: D1Database }, moves: number, now: Date = new Date()): Promise<void> {
  return recordEvent(env, createDb(env.DB), "move", { count: moves }, now).catch((error) =>
    logLine("error", "analytics_write_failed", { type: "move", error: String(error) }),
  );
}
