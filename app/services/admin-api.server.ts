import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import { requireAdmin } from "./admin.server";
import { methodNotAllowed } from "./http.server";

type Handler = (admin: User) => Promise<Response>;

/**
 * An admin API route: the admin first (401/403 before anything else, whatever the method, so the
 * role matrix is the same for every route), then the handler of the method, or 405 with `Allow`.
 */
export async function adminApi(request: Request, context: AppLoadContext, handlers: Partial<Record<"GET" | "POST", Handler>>) {
  const admin = await requireAdmin(request, context, "api");
  const method = request.method === "HEAD" ? "GET" : request.method;
  const handler = handlers[method as "GET" | "POST"];
  if (!handler) return methodNotAllowed(request, Object.keys(handlers));
  return handler(admin);
}
