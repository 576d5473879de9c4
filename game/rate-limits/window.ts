import { z } from "zod";

// The rate-limit window (ADR 080): a sliding log of the times a subject was let through, per named
// limit. Exact where a fixed window is not (a fixed window lets 2 × limit through around its edge)
// and cheap here, because every limit is small (tens of hits): at most `limit` times are kept.
// Pure: the caller gives the time; the store (the RateLimiter Durable Object) only loads and saves.

/** One named limit: at most `limit` in any `windowMs`; a refusal may then block the subject for `blockMs`. */
export const LimitPolicySchema = z
  .object({
    limit: z.number().int().min(1).max(1000),
    windowMs: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3_600_000),
    /** After a refusal the subject stays refused this long (the chat's mute, the join-code lockout). */
    blockMs: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3_600_000)
      .default(0),
  })
  .strict();
export type LimitPolicy = z.input<typeof LimitPolicySchema>;

/** What a store keeps per subject and limit: the admitted times inside the window, oldest first. */
export const LimitStateSchema = z.object({ hits: z.array(z.number()), blockedUntil: z.number() }).strict();
export type LimitState = z.infer<typeof LimitStateSchema>;

/** Let through (and how many more fit), or refused: how long to wait, and which of the limits asked refused (their indices). */
export type Decision = { ok: true; remaining: number } | { ok: false; retryAfterMs: number; refused: number[] };

export const EMPTY_LIMIT_STATE: LimitState = { hits: [], blockedUntil: 0 };

function inWindow(state: LimitState, windowMs: number, now: number): number[] {
  return state.hits.filter((at) => at > now - windowMs);
}

/** How long until one more would be let through (0: now). */
export function waitOf(state: LimitState, policy: LimitPolicy, now: number): number {
  const blocked = Math.max(0, state.blockedUntil - now);
  const hits = inWindow(state, policy.windowMs, now);
  // The oldest hit that must leave the window before one more fits.
  const full = hits.length >= policy.limit ? hits[hits.length - policy.limit] + policy.windowMs - now : 0;
  return Math.max(blocked, full);
}

/**
 * One more hit of a limit at `now`: let through (and counted) if fewer than `limit` were let
 * through in the window ending now and the subject is not blocked; otherwise refused, with how long
 * to wait. A refusal of a limit with `blockMs` blocks the subject from `now` for that long.
 */
export function take(previous: LimitState | null, policy: LimitPolicy, now: number): { state: LimitState; decision: Decision } {
  const state = previous ?? EMPTY_LIMIT_STATE;
  const hits = inWindow(state, policy.windowMs, now);
  const wait = waitOf(state, policy, now);
  if (wait > 0) {
    // A block starts at the refusal that finds the subject unblocked; tries while it lasts do not
    // lengthen it, so the wait the answer announced stays true.
    const blockedUntil = policy.blockMs && state.blockedUntil <= now ? now + policy.blockMs : state.blockedUntil;
    const next = { hits, blockedUntil };
    return { state: next, decision: { ok: false, retryAfterMs: waitOf(next, policy, now), refused: [0] } };
  }
  return {
    state: { hits: [...hits, now], blockedUntil: state.blockedUntil },
    decision: { ok: true, remaining: policy.limit - hits.length - 1 },
  };
}

/**
 * Several limits at once, all or nothing: each must let the hit through, and only then is it
 * counted in every one (a join counts as a join and as a possible wrong code). A refusal still
 * starts the blocks of the limits that refused.
 */
export function takeAll(
  previous: readonly (LimitState | null)[],
  policies: readonly LimitPolicy[],
  now: number,
): { states: LimitState[]; decision: Decision } {
  const results = policies.map((policy, i) => take(previous[i], policy, now));
  const refused = results.flatMap((result, i) => (result.decision.ok ? [] : [i]));
  if (refused.length === 0) {
    const remaining = Math.min(...results.map((result) => (result.decision.ok ? result.decision.remaining : 0)));
    return { states: results.map((result) => result.state), decision: { ok: true, remaining } };
  }
  // Nothing counted: the limits that let it through keep their previous hits.
  const states = results.map((result, i) =>
    result.decision.ok
      ? { ...(previous[i] ?? EMPTY_LIMIT_STATE), hits: inWindow(previous[i] ?? EMPTY_LIMIT_STATE, policies[i].windowMs, now) }
      : result.state,
  );
  const retryAfterMs = Math.max(...results.map((result) => (result.decision.ok ? 0 : result.decision.retryAfterMs)));
  return { states, decision: { ok: false, retryAfterMs, refused } };
}

/** Takes back the latest hit (an action that turned out not to count, e.g. a join code that was right). */
export function refund(state: LimitState | null): LimitState | null {
  if (!state || state.hits.length === 0) return state;
  return { ...state, hits: state.hits.slice(0, -1) };
}

/** When the state says nothing any more (no hit in the window, no block): the store may forget it. */
export function forgetAt(state: LimitState, policy: LimitPolicy): number {
  const lastHit = state.hits.length ? state.hits[state.hits.length - 1] + policy.windowMs : 0;
  return Math.max(lastHit, state.blockedUntil);
}

/**
 * What the app asks the RateLimiter Durable Object (one per subject: `user:<id>` or `ip:<address>`)
 * over DO RPC. Arguments are parsed on arrival; the app never imports workers/.
 */
export interface RateLimiterRpc {
  /** One hit of each named limit, all or nothing (see takeAll). */
  take(limits: { name: string; policy: LimitPolicy }[]): Promise<Decision>;
  /** Takes back the latest hit of one limit. */
  refund(name: string): Promise<void>;
}

export const TakeRequestSchema = z
  .array(z.object({ name: z.string().regex(/^[a-z_]{1,40}$/), policy: LimitPolicySchema }).strict())
  .min(1)
  .max(8);
