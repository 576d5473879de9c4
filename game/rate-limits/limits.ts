import { z } from "zod";
import { LimitPolicySchema, type LimitPolicy } from "./window";

// Every named rate limit of the product, in one table. The service that decides an
// action counts it, `await rateLimited(context, request, "game_create", user)` in
// app/services/rate-limit.server.ts, so its REST route and its page form share one counter. Limits count per signed-in user; only calls made before
// signing in (sign-in itself) count per IP address, since many players share a mobile carrier's
// address (subjectOf). A new feature adds its row here, with the reason for its numbers.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export type RateLimitRule = LimitPolicy;

export const RATE_LIMITS = {
  // Sign-in, per address: starting one (the provider's URL) and finishing one (a code exchanged
  // for a session). Generous, because a carrier's address carries many players; a bogus-code
  // script still gets 20 tries per 10 minutes.
  signin: { limit: 40, windowMs: 10 * MINUTE },
  session_create: { limit: 20, windowMs: 10 * MINUTE },

  // Tables: a player opens a few in a session, not dozens a minute.
  game_create: { limit: 10, windowMs: MINUTE },
  game_join: { limit: 20, windowMs: MINUTE },
  /**
   * Join codes that matched no open game. Codes are 6 characters: without this a script could
   * walk the code space and sit down at private tables. Ten wrong codes in 10 minutes locks the
   * player out of joining by code for 10 minutes (a person mistyping never gets there).
   */
  join_code_failure: { limit: 10, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
  /** Leaving, filling with computer players: cheap, but each wakes a room. */
  game_action: { limit: 30, windowMs: MINUTE },

  // Chat: 8 messages per 10 s; a player past it is muted for a minute (not disconnected).
  chat: { limit: 8, windowMs: 10 * SECOND, blockMs: MINUTE },

  // Money: each checkout creation calls the payment provider.
  checkout: { limit: 10, windowMs: 10 * MINUTE },
  refund_request: { limit: 5, windowMs: HOUR },
  /** Nickname changes (each one checks uniqueness across every player). */
  profile_update: { limit: 10, windowMs: 10 * MINUTE },

  // Friends: requests and the player search behind the add-friend box (debounced by
  // the page, so a person typing makes a few a second at most).
  friend_request: { limit: 20, windowMs: HOUR },
  friend_response: { limit: 60, windowMs: 10 * MINUTE },
  user_search: { limit: 30, windowMs: MINUTE },
  game_invite: { limit: 20, windowMs: 10 * MINUTE },

  // Later issues: tournaments, quick match, the admin's moderation actions.
  tournament_register: { limit: 10, windowMs: 10 * MINUTE },
  matchmaking: { limit: 20, windowMs: MINUTE },
  admin_action: { limit: 30, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMITS) as RateLimitName[];

/**
 * Test-only changes to the table (never accepted in production): `name:limit/windowSeconds[/blockSeconds]`
 * separated by `;`, e.g. `join_code_failure:3/4/4`, so a browser test sees a window end without
 * sleeping for minutes.
 */
export const RateLimitOverridesSchema = z.string().transform((text, ctx) => {
  const overrides: Partial<Record<RateLimitName, LimitPolicy>> = {};
  for (const part of text.split(";").filter((p) => p.trim())) {
    const match = /^\s*([a-z_]+):(\d+)\/(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?\s*$/.exec(part);
    if (!match || !(match[1] in RATE_LIMITS)) {
      ctx.addIssue({ code: "custom", message: `bad rate-limit override ${JSON.stringify(part)}` });
      return z.NEVER;
    }
    // The same bounds as a real row: a test override the limiter would refuse fails here, at start.
    const policy = LimitPolicySchema.safeParse({
      limit: Number(match[2]),
      windowMs: Math.round(Number(match[3]) * SECOND),
      blockMs: match[4] === undefined ? 0 : Math.round(Number(match[4]) * SECOND),
    });
    if (!policy.success) {
      ctx.addIssue({ code: "custom", message: `rate-limit override out of bounds ${JSON.stringify(part)}` });
      return z.NEVER;
    }
    overrides[match[1] as RateLimitName] = policy.data;
  }
  return overrides;
});
export type RateLimitOverrides = z.output<typeof RateLimitOverridesSchema>;

/** The rule of a limit, with a test override applied. */
export function ruleOf(name: RateLimitName, overrides: RateLimitOverrides = {}): RateLimitRule {
  return overrides[name] ?? RATE_LIMITS[name];
}

/**
 * Who a limit counts: the signed-in user, else the caller's address. An IPv6 address counts by
 * its /64 (one subscriber's prefix: a client can pick any address inside it).
 */
export function subjectOf(userId: string | null, address: string | null): string {
  if (userId) return `user:${userId}`;
  const ip = (address ?? "").trim().toLowerCase();
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (v4) return `ip:${v4[1]}`; // Also an IPv4 address written as IPv6 (::ffff:a.b.c.d).
  if (!ip.includes(":")) return `ip:${ip || "unknown"}`;
  const [head, tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `ip:${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
