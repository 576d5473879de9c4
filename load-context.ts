import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { benchBindings } from "./db/bench-meter";
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
// the Worker tests: parsed env and a drizzle client over the D1 binding. Under `npm run bench`
// (BENCH_MODE=1 only) the D1 and R2 bindings are the metered ones of db/bench-meter.ts (ADR 124).
export const getLoadContext: GetLoadContext = ({ context }) => {
  const bindings = benchBindings(context.cloudflare.env);
  return {
    ...context,
    cloudflare: bindings === context.cloudflare.env ? context.cloudflare : { ...context.cloudflare, env: bindings },
    env: parseEnv(bindings),
    db: createDb(bindings.DB),
  };
};
