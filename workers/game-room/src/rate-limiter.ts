import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import {
  forgetAt,
  LimitStateSchema,
  refund,
  takeAll,
  TakeRequestSchema,
  type Decision,
  type LimitState,
  type RateLimiterRpc,
} from "../../../game/rate-limits/window";
import type { RoomEnv } from "./env";

/**
 * The store of the rate limits: one object per subject (`user:<id>` or `ip:<address>`,
 * by idFromName), so limits are sharded by who is limited and one flooder only ever waits on their
 * own object. A thin adapter over game/rate-limits/window.ts: each call reads the subject's windows, lets
 * the pure policy decide and writes them back, all synchronously (SQLite storage is synchronous in
 * a Durable Object), so no two calls ever interleave between the count and the write: the limits
 * hold under any concurrency. An alarm forgets windows that have run out.
 */
export class RateLimiter extends DurableObject<RoomEnv> implements RateLimiterRpc {
  private readonly sql: SqlStorage;
  /** The cleanup alarm last set (undefined after a wake-up: set it again on the next write). */
  private alarmAt: number | undefined;

  constructor(ctx: DurableObjectState, env: RoomEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS limits (name TEXT PRIMARY KEY, state TEXT NOT NULL, forget_at INTEGER NOT NULL)");
  }

  async take(limits: Parameters<RateLimiterRpc["take"]>[0]): Promise<Decision> {
    const request = TakeRequestSchema.parse(limits);
    const now = Date.now();
    const { states, decision } = takeAll(
      request.map(({ name }) => this.read(name)),
      request.map(({ policy }) => policy),
      now,
    );
    states.forEach((state, i) => this.write(request[i].name, state, forgetAt(state, request[i].policy)));
    return decision;
  }

  async refund(name: string): Promise<void> {
    const row = this.row(z.string().parse(name));
    if (!row) return;
    const state = refund(row.state);
    if (state) this.write(name, state, row.forgetAt);
  }

  async alarm(): Promise<void> {
    this.alarmAt = undefined;
    this.sql.exec("DELETE FROM limits WHERE forget_at <= ?", Date.now());
    const next = this.sql.exec<{ at: number | null }>("SELECT MAX(forget_at) AS at FROM limits").one().at;
    if (next !== null) this.cleanupAt(next);
  }

  private row(name: string): { state: LimitState; forgetAt: number } | null {
    const rows = this.sql.exec<{ state: string; forget_at: number }>("SELECT state, forget_at FROM limits WHERE name = ?", name).toArray();
    if (rows.length === 0) return null;
    const parsed = LimitStateSchema.safeParse(JSON.parse(rows[0].state));
    // A row this version cannot read is no limit at all rather than a stuck one.
    return parsed.success ? { state: parsed.data, forgetAt: rows[0].forget_at } : null;
  }

  private read(name: string): LimitState | null {
    return this.row(name)?.state ?? null;
  }

  private write(name: string, state: LimitState, forget: number): void {
    this.sql.exec(
      "INSERT INTO limits (name, state, forget_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET state = excluded.state, forget_at = excluded.forget_at",
      name,
      JSON.stringify(state),
      forget,
    );
    this.cleanupAt(forget);
  }

  /** One alarm, at the latest time a window runs out (a minute's slack saves a write per call). */
  private cleanupAt(at: number): void {
    if (this.alarmAt !== undefined && at <= this.alarmAt + 60_000) return;
    this.alarmAt = at;
    void this.ctx.storage.setAlarm(at);
  }
}
