import type { ServerBuild } from "@remix-run/cloudflare";
import { createRequestHandler } from "@remix-run/cloudflare-pages";
import { captureException, sentryPagesPlugin } from "@sentry/cloudflare";
// @ts-ignore: the server build exists after `remix vite:build`.
import * as serverBuild from "../build/server";
import type { Bindings } from "../app/services/env.server";
import { privateByDefault, rejectCrossOrigin, withBaseSecurityHeaders } from "../app/services/http.server";
import { getLoadContext, loadContextOf } from "../load-context";
import { bookmarkCookie } from "../db/read-replicas";
import { recordEvent } from "../db/analytics";
import { createDb } from "../db/client";
import { logRequest, REQUEST_ID_HEADER, requestIdOf } from "../db/observability";

const build = serverBuild as unknown as ServerBuild;
const handleRemix = createRequestHandler<Bindings>({ build, getLoadContext });

type Context = Parameters<PagesFunction<Bindings>>[0];

/**
 * Every request, observed: it gets a request id (REQUEST_ID_HEADER, which the app passes
 * on to the Durable Objects), one structured log line when it is answered, an "error" event when
 * it fails, and, when SENTRY_DSN is set, Sentry's official Pages wrapping around it.
 */
export const onRequest: PagesFunction<Bindings> = async (context) => {
  const started = Date.now();
  const { request, env } = context;
  const requestId = requestIdOf(request);
  request.headers.set(REQUEST_ID_HEADER, requestId);
  const dsn = typeof env.SENTRY_DSN === "string" ? env.SENTRY_DSN : "";
  let response: Response;
  try {
    response = dsn
      ? await sentryPagesPlugin<Bindings>({
          dsn,
          environment: typeof env.DEPLOY_ENV === "string" ? env.DEPLOY_ENV : "production",
        })({ ...context, next: () => answer(context, dsn) } as unknown as Parameters<ReturnType<typeof sentryPagesPlugin<Bindings>>>[0])
      : await answer(context, dsn);
  } catch (error) {
    response = withBaseSecurityHeaders(privateByDefault(new Response("Internal Error", { status: 500 })), request);
    console.error("Unhandled error", error);
  }
  const url = new URL(request.url);
  // The Worker tests make thousands of requests; their lines would bury the tests' own output.
  if (env.APP_ENV !== "test")
    logRequest({
      requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      ms: Date.now() - started,
      colo: typeof request.cf?.colo === "string" ? request.cf.colo : undefined,
      country: typeof request.cf?.country === "string" ? request.cf.country : undefined,
    });
  if (response.status >= 500) context.waitUntil(recordEvent(env, createDb(env.DB), "error", { label: url.pathname }).catch(() => {}));
  if (response.status !== 101) {
    response = new Response(response.body, response);
    response.headers.set(REQUEST_ID_HEADER, requestId);
  }
  return response;
};

/**
 * The answer: the Origin check for state-changing calls, then a static file if a page GET
 * names one, else Remix. Answers from Remix are private and never stored unless they say
 * otherwise (personal pages and API answers); the hashed files under /assets/ are served by Pages
 * itself (public/_routes.json, public/_headers) with a long immutable cache.
 */
async function answer(context: Context, dsn: string): Promise<Response> {
  const { request } = context;
  const rejected = await rejectCrossOrigin(request);
  if (rejected) return withBaseSecurityHeaders(rejected, request);
  // WebSocket upgrades go straight to Remix (the room's socket route).
  if (request.headers.get("Upgrade")?.toLowerCase() === "websocket") return uncompressed(await handleRemix(context));
  const asset = await staticFile(context);
  if (asset) return withBaseSecurityHeaders(asset, request);
  try {
    return withBaseSecurityHeaders(privateByDefault(await withBookmark(request, await handleRemix(context))), request);
  } catch (error) {
    console.error("Unhandled error", error);
    if (dsn) captureException(error);
    return withBaseSecurityHeaders(privateByDefault(new Response("Internal Error", { status: 500 })), request);
  }
}

/**
 * The answer with the browser's new D1 bookmark (db/read-replicas.ts), when there is one: after a
 * request that may have written (any method but GET and HEAD, answered without an error), the
 * newest its own primary statements reached, or `first-primary` when a Durable Object may have
 * written after them, so the player's next lag-tolerant read sees what they just did; after a
 * replica read, the position it reached.
 */
async function withBookmark(request: Request, response: Response): Promise<Response> {
  const reads = loadContextOf(request)?.reads;
  if (!reads) return response;
  // A refused request wrote nothing the player needs to read back.
  const wrote = request.method !== "GET" && request.method !== "HEAD" && response.status < 400;
  const bookmark = await reads.bookmarkAfter(wrote).catch(() => null);
  if (!bookmark) return response;
  const answered = new Response(response.body, response);
  answered.headers.append("Set-Cookie", bookmarkCookie(bookmark, new URL(request.url).protocol === "https:"));
  return answered;
}

/**
 * An accepted WebSocket upgrade, without permessage-deflate. Left alone, the runtime
 * accepts the browser's offer and compresses every frame: for the rooms' small frames that costs
 * a large share of the server's CPU per move, and a zlib window kept for every socket.
 * The runtime negotiates only a permessage-deflate offer it finds in this header, so a value
 * without one turns compression down; the header itself never reaches the browser (the runtime
 * writes its own). workerd documents an empty value for this, but an empty value does not survive
 * local workerd's entry Worker, and this one behaves the same in both.
 */
function uncompressed(response: Response): Response {
  if (response.status !== 101 || !response.webSocket) return response;
  const headers = new Headers(response.headers);
  headers.set("Sec-WebSocket-Extensions", "none");
  return new Response(null, { status: 101, webSocket: response.webSocket, headers });
}

/**
 * The static file a page request names, or null. What @remix-run/cloudflare-pages' handler does
 * first for every request (env.ASSETS.fetch with a clone of the request), but only for GET and
 * HEAD outside /api/: handing a request with a body to the asset lookup leaves it unanswered
 * under local workerd, an upgrade breaks the connection after it, and neither an API
 * call nor a POST ever names a file.
 */
async function staticFile({ request, env }: Context): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (new URL(request.url).pathname.startsWith("/api/")) return null;
  // The Pages If-None-Match bug the Remix handler works around (cloudflare/wrangler2#117).
  request.headers.delete("If-None-Match");
  try {
    const response = await env.ASSETS.fetch(request.url, { method: request.method, headers: request.headers });
    return response.status >= 200 && response.status < 400 ? new Response(response.body, response) : null;
  } catch {
    return null;
  }
}
