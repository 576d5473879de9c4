import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { benchBindings } from "./db/bench-meter";
import type { Database } from "./db/client";
import { readSessions, WRITING_OBJECTS, type ReadSessions } from "./db/read-replicas";
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
    /** Writes, and every read that must be current: the primary serves each (`reads.primary`, db/read-replicas.ts). */
    db: Database;
    /** Reads that tolerate a moment's lag (`reads.replica`), and the bookmark they hand back (db/read-replicas.ts). */
    reads: ReadSessions;
  }
}

type GetLoadContext = (args: { request: Request; context: { cloudflare: Cloudflare } }) => AppLoadContext;

/** Each request's load context, for the Pages function to read the bookmark back when it answers. */
const contexts = new WeakMap<Request, AppLoadContext>();

export function loadContextOf(request: Request): AppLoadContext | undefined {
  return contexts.get(request);
}

// The one load context, used by functions/[[path]].ts, the Vite dev proxy and
// the Worker tests: parsed env, the drizzle client of the primary, and the read sessions; the
// Durable Objects that write D1 on a request's behalf are reached through namespaces whose calls
// the read sessions note, so the bookmark handed back covers those writes too. Under
// `npm run bench` (BENCH_MODE=1 only) the D1 and R2 bindings are the metered ones of
// db/bench-meter.ts (ADR 124).
export const getLoadContext: GetLoadContext = ({ request, context }) => {
  const metered = benchBindings(context.cloudflare.env);
  const reads = readSessions(metered.DB, request);
  const bindings: Bindings = { ...metered };
  for (const name of WRITING_OBJECTS) if (bindings[name]) bindings[name] = reads.watch(bindings[name]);
  const loadContext: AppLoadContext = {
    ...context,
    cloudflare: { ...context.cloudflare, env: bindings },
    // The parsed env is cached by its source object: the isolate's own bindings, not this request's copy.
    env: parseEnv(metered),
    db: reads.primary,
    reads,
  };
  contexts.set(request, loadContext);
  return loadContext;
};
