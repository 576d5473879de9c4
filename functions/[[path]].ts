import type { ServerBuild } from "@remix-run/cloudflare";
import { createPagesFunctionHandler, createRequestHandler } from "@remix-run/cloudflare-pages";
// @ts-ignore: the server build exists after `remix vite:build`.
import * as serverBuild from "../build/server";
import type { Bindings } from "../app/services/env.server";
import { rejectCrossOrigin, withBaseSecurityHeaders } from "../app/services/http.server";
import { getLoadContext } from "../load-context";

const build = serverBuild as unknown as ServerBuild;
const handleRemix = createPagesFunctionHandler<Bindings>({ build, getLoadContext });
// WebSocket upgrades skip the static-asset lookup: passing an upgrade to
// env.ASSETS first leaves a broken connection behind in local workerd.
const handleUpgrade = createRequestHandler<Bindings>({ build, getLoadContext });

/** Every request: the Origin check for state-changing calls, then Remix. */
export const onRequest: PagesFunction<Bindings> = async (context) => {
  const rejected = await rejectCrossOrigin(context.request);
  if (rejected) return withBaseSecurityHeaders(rejected, context.request);
  if (context.request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
    return handleUpgrade(context);
  }
  return withBaseSecurityHeaders(await handleRemix(context), context.request);
};
