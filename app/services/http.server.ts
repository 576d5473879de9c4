import type { z } from "zod";
import { serverT } from "./i18n.server";

export function jsonError(status: number, error: string, extra?: Record<string, unknown>): Response {
  return Response.json({ error, ...extra }, { status, headers: { "Cache-Control": "no-store" } });
}

export function jsonOk(body: unknown, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/**
 * Parses a JSON body with the boundary's zod schema. Bad input is answered
 * with a 400 and the first problem, and nothing else runs.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const t = await serverT(request);
  let raw: unknown;
  try {
    const text = await request.text();
    if (text.length > 16_384) throw new Error("too large");
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw jsonError(400, t("errors:invalidBody"));
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw jsonError(400, issue?.message && !issue.message.startsWith("Invalid") ? issue.message : t("errors:invalidBody"));
  }
  return result.data;
}

export async function methodNotAllowed(request: Request): Promise<Response> {
  const t = await serverT(request);
  return jsonError(405, t("errors:methodNotAllowed"));
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
