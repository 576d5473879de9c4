import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { AppEnv } from "./env.server";
import { serverT } from "./i18n.server";

/**
 * Every answer of the app but the hashed static files: personal, so never kept by a shared cache
 * (or the browser's). The Pages entry puts it on any answer that set no Cache-Control of its own.
 */
export const PRIVATE_NO_STORE = "private, no-store";

export function jsonError(status: number, error: string, extra?: Record<string, unknown>, init?: { headers?: HeadersInit }): Response {
  const headers = new Headers(init?.headers);
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return Response.json({ error, ...extra }, { status, headers });
}

export function jsonOk(body: unknown, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return Response.json(body, { ...init, headers });
}

/** The largest JSON body any route accepts; a larger one is refused with 413 before it is read in full. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

type ServerT = Awaited<ReturnType<typeof serverT>>;

/**
 * Reads a request body as UTF-8 text, at most `limit` bytes: a declared or actual length over it
 * stops the read. Null when the body is too large; throws on bytes that are not UTF-8.
 */
export async function readBodyText(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

export interface JsonBodyOptions {
  /**
   * The error text for a body that is JSON but fails the schema, when the route can say more than
   * "invalid data" (which nickname rule, which refund field). Undefined falls back to it.
   */
  refusal?: (error: z.ZodError, raw: unknown, t: ServerT) => string | undefined;
}

/**
 * The one way a route reads a JSON body (every route that takes one): a JSON content type, at
 * most MAX_JSON_BODY_BYTES, valid JSON, and the boundary's zod schema. Bad input is thrown as the
 * answer, so nothing after it runs and nothing is written: 413 over the limit, 400 for the rest,
 * each with the spec's `error` field.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S, options: JsonBodyOptions = {}): Promise<z.infer<S>> {
  const t = await serverT(request);
  const mediaType = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json") throw jsonError(400, t("errors:invalidBody"));
  let text: string | null;
  try {
    text = await readBodyText(request, MAX_JSON_BODY_BYTES);
  } catch {
    throw jsonError(400, t("errors:invalidBody"));
  }
  if (text === null) throw jsonError(413, t("errors:bodyTooLarge"));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw jsonError(400, t("errors:invalidBody"));
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw jsonError(400, options.refusal?.(result.error, raw, t) ?? t("errors:invalidBody"));
  return result.data;
}

/**
 * What a piece of server work answers when both an API route (JSON) and a page's form action
 * (controls that work before hydration) run it: the data, or the status and the
 * reader-language text of the refusal. One decision, two transports.
 */
export type Outcome<T> =
  | { ok: true; data: T }
  // retryAfter (seconds): a rate limit's refusal (429), answered with a Retry-After header.
  | { ok: false; status: number; error: string; code?: string; retryAfter?: number };

/** A refusal of any outcome type (the type of a refusal does not depend on the data it replaces). */
export type Refusal = Extract<Outcome<never>, { ok: false }>;

export function refusal(status: number, error: string, code?: string): Refusal {
  return code ? { ok: false, status, error, code } : { ok: false, status, error };
}

/** An outcome as the API's JSON answer (spec §7 names, `{ error }` on a refusal). */
export function answerOf<T>(outcome: Outcome<T>, init?: ResponseInit): Response {
  if (outcome.ok) return jsonOk(outcome.data, init);
  const extra: Record<string, unknown> = {};
  if (outcome.code) extra.code = outcome.code;
  if (outcome.retryAfter === undefined) return jsonError(outcome.status, outcome.error, outcome.code ? extra : undefined);
  extra.retry_after = outcome.retryAfter;
  return jsonError(outcome.status, outcome.error, extra, { headers: { "Retry-After": String(outcome.retryAfter) } });
}

/** Fields a form may repeat (none do today); everything else is read as one string. */
function formObject(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) if (!(name in out)) out[name] = value;
  return out;
}

/**
 * The form-body twin of parseJsonBody, for page actions: an urlencoded body (what a form sends,
 * with or without JavaScript), at most MAX_JSON_BODY_BYTES, then the form's zod schema. It answers
 * a refusal instead of throwing, so the page renders again with the reason next to the form.
 */
export async function readFormBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: JsonBodyOptions = {},
): Promise<Outcome<z.infer<S>>> {
  const t = await serverT(request);
  const mediaType = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded") return refusal(400, t("errors:invalidBody"));
  let text: string | null;
  try {
    text = await readBodyText(request, MAX_JSON_BODY_BYTES);
  } catch {
    return refusal(400, t("errors:invalidBody"));
  }
  if (text === null) return refusal(413, t("errors:bodyTooLarge"));
  const raw = formObject(text);
  const result = schema.safeParse(raw);
  if (!result.success) return refusal(400, options.refusal?.(result.error, raw, t) ?? t("errors:invalidBody"));
  return { ok: true, data: result.data };
}

/**
 * A page's redirect target from a form: a path on this site only (never `//host` or a scheme),
 * else `/`.
 */
export function localPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  return value.slice(0, 512);
}

/** 405 with `{ error }`; `allow` names the methods the route takes (the Allow header). */
export async function methodNotAllowed(request: Request, allow?: readonly string[] | string): Promise<Response> {
  const t = await serverT(request);
  const response = jsonError(405, t("errors:methodNotAllowed"));
  if (allow) response.headers.set("Allow", typeof allow === "string" ? allow : allow.join(", "));
  return response;
}

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiHandler = (args: LoaderFunctionArgs) => Promise<Response> | Response;

/**
 * The methods an `api.*` route answers, declared once; every other method (HEAD follows GET) is
 * a 405 with an `Allow` header and the spec's `error`, before anything else runs:
 *
 *     export const loader = apiRoute({ GET: readGame, POST: updateGame });
 *     export const action = loader;
 *
 * Remix hands GET, HEAD and OPTIONS to a route's loader and the rest to its action; both are the
 * same dispatcher, so a route cannot answer a method it did not declare. (Two plain `export
 * const`s, not a destructuring: Remix's build strips loader and action from the client bundle
 * only when each is its own declaration.) tests/workers/methods.test.ts walks every API route
 * with every method.
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, ApiHandler>>): ApiHandler {
  const declared = Object.keys(handlers) as ApiMethod[];
  const allow = declared.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])).join(", ");
  return (args) => {
    const method = args.request.method === "HEAD" ? "GET" : args.request.method;
    const handler = Object.hasOwn(handlers, method) ? handlers[method as ApiMethod] : undefined;
    return handler ? handler(args) : methodNotAllowed(args.request, allow);
  };
}

/** Puts PRIVATE_NO_STORE on an answer that chose no caching of its own (pages, data requests, redirects). */
export function privateByDefault(response: Response): Response {
  if (response.status === 101 || response.webSocket || response.headers.has("Cache-Control")) return response;
  try {
    response.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return response;
  } catch {
    // Immutable headers (a response passed through from fetch): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return copy;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Called by payment providers, authenticated by their signature instead.
const ORIGIN_EXEMPT_PATHS = new Set(["/api/webhooks/stripe"]);

/**
 * Remix has no CSRF protection of its own: every state-changing request must
 * come from a page of this origin (DESIGN.md §7). Returns the rejection, or
 * null when the request may go on.
 */
export async function rejectCrossOrigin(request: Request): Promise<Response | null> {
  if (SAFE_METHODS.has(request.method)) return null;
  const url = new URL(request.url);
  if (ORIGIN_EXEMPT_PATHS.has(url.pathname)) return null;
  const origin = request.headers.get("Origin");
  if (origin && origin === url.origin) return null;
  const t = await serverT(request);
  return jsonError(403, t("errors:forbiddenOrigin"));
}

/**
 * A WebSocket upgrade's own checks (a room's, a channel's, a spectator's socket): an upgrade it
 * is, and from a page of this origin (browsers always send Origin on a WebSocket handshake, and
 * another site's page must not ride on the player's cookie). The rejection, or null.
 */
export async function rejectSocketUpgrade(request: Request): Promise<Response | null> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return jsonError(426, "Expected a WebSocket upgrade");
  if (request.headers.get("Origin") === new URL(request.url).origin) return null;
  const t = await serverT(request);
  return jsonError(403, t("errors:forbiddenOrigin"));
}

const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** Headers every answer carries; HTML adds its CSP in entry.server.tsx. */
export function withBaseSecurityHeaders(response: Response, request: Request): Response {
  if (response.status === 101 || response.webSocket) return response;
  let out = response;
  try {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) out.headers.set(name, value);
  } catch {
    // Immutable headers (a response passed through from fetch): copy it.
    out = new Response(response.body, response);
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) out.headers.set(name, value);
  }
  if (new URL(request.url).protocol === "https:") {
    out.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  return out;
}

/**
 * Where a form of ours may send the browser: this origin, and the sign-in and payment pages it
 * redirects to (a form's redirect counts too). Production names the real providers only; locally
 * the emulators' exact origins replace them, never a whole range of local ports.
 */
export function formActionSources(env: Pick<AppEnv, "APP_ENV" | "AUTH_EMULATOR_URL" | "PAYMENT_EMULATOR_URL">): string[] {
  const providers = ["https://accounts.google.com", "https://checkout.stripe.com"];
  if (env.APP_ENV === "production") return providers;
  return [...new Set([...providers, new URL(env.AUTH_EMULATOR_URL).origin, new URL(env.PAYMENT_EMULATOR_URL).origin])];
}
