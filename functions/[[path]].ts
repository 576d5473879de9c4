import { createPagesFunctionHandler } from "@remix-run/cloudflare-pages";
import type { ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore: the server build exists after `remix vite:build`.
import * as serverBuild from "../build/server";
import { getLoadContext } from "../load-context";
import type { Bindings } from "../app/services/env.server";
import { rejectCrossOrigin, withBaseSecurityHeaders } from "../app/services/http.server";

const build = serverBuild as unknown as ServerBuild;
const handleRemix = createPagesFunctionHandler<Bindings>({ build, getLoadContext });

/** Every request: the Origin check for state-changing calls, then Remix. */
export const onRequest: PagesFunction<Bindings> = async (context) => {
  const rejected = await rejectCrossOrigin(context.request);
  if (rejected) return withBaseSecurityHeaders(rejected, context.request);
  return withBaseSecurityHeaders(await handleRemix(context), context.request);
};
