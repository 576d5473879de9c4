import type { RateLimiterRpc } from "../../game/rate-limits/window";
import { stubOf } from "../../db/stubs";
import type { Bindings } from "./env.server";

// GET /healthz: the build this deployment serves and whether each thing it stands on
// answers: D1, the game records' R2 bucket, and a Durable Object in the room Worker. The deploy's
// smoke check and an uptime monitor read it; it says nothing about any player and holds no secret.

/** The build id `npm run deploy` builds with (the commit); "dev" for a local build. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? "dev";

/** A check that has not answered by then counts as down: the answer must come even when a binding hangs. */
const CHECK_TIMEOUT_MS = 3_000;

export type CheckName = "d1" | "r2" | "durable_object";
export interface Check {
  ok: boolean;
  ms: number;
  /** The failure's kind (an error's name or "timeout"), never its message: it could name a resource. */
  error?: string;
}
export interface Health {
  ok: boolean;
  build: string;
  env: string;
  checks: Record<CheckName, Check>;
}

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error("timeout"), { name: "timeout" })), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    return { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.name : "error" };
  } finally {
    clearTimeout(timer);
  }
}

/** The three checks, at once. */
export async function health(env: Bindings, deployEnv: string): Promise<Health> {
  const [d1, r2, durableObject] = await Promise.all([
    timed(() => env.DB.prepare("SELECT 1 AS one").first()),
    // A HEAD of a key that is never written: an answer (null) proves the bucket answers.
    timed(() => env.GAME_RECORDS.head("healthz")),
    // The rate limits' store lives in the room Worker; a refund of a limit nobody takes reads one
    // row and writes nothing.
    timed(() => stubOf<RateLimiterRpc>(env.RATE_LIMITER, "healthz").refund("healthz")),
  ]);
  const checks = { d1, r2, durable_object: durableObject };
  return { ok: d1.ok && r2.ok && durableObject.ok, build: BUILD_ID, env: deployEnv, checks };
}
