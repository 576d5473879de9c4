import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { createDb, type Database } from "./db/client";
import { parseEnv, type AppEnv, type Bindings } from "./app/services/env.server";

// What Pages, the Vite dev proxy and the Worker tests all provide.
type Cloudflare = Omit<PlatformProxy<Bindings>, "dispose" | "caches" | "cf" | "ctx"> & {
  caches: PlatformProxy<Bindings>["caches"] | CacheStorage;
  cf: Request["cf"];
  ctx: { waitUntil(promise: Promise<unknown>): void; passThroughOnException(): void };
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    env: AppEnv;
    db: Database;
  }
}

type GetLoadContext = (args: { request: Request; context: { cloudflare: Cloudflare } }) => AppLoadContext;

// The one load context, used by functions/[[path]].ts, the Vite dev proxy and
// the Worker tests: parsed env and a drizzle client over the D1 binding.
export const getLoadContext: GetLoadContext = ({ context }) => {
  const bindings = context.cloudflare.env;
  return {
    ...context,
    env: parseEnv(bindings),
    db: createDb(bindings.DB),
  };
};
