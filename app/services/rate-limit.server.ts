import type { AppLoadContext } from "@remix-run/cloudflare";
import type { RateLimiterRpc } from "../../game/rate-limits/window";
import { ruleOf, subjectOf, type RateLimitName } from "../../game/rate-limits/limits";
import type { Refusal } from "./http.server";
import { serverT } from "./i18n.server";
import { stubOf } from "../../db/stubs";

// Rate limits (ADR 088): the named limits of game/rate-limits/limits.ts, counted by the
// RateLimiter Durable Object of the subject (the signed-in user, else the caller's address). The
// services count them (lobby, checkout, refunds, friends, invitations, tournaments, matchmaking,
// chat, profile, admin, rooms), so the REST route and the page form of one action share one counter and
// a new entry point cannot forget it; the sign-in routes, the only way to their action, count
// theirs themselves. A refusal is a 429 Outcome with `retryAfter`: the API answers it
// (`answerOf`) with a Retry-After header, a page shows its text.

/** The limits whose refusal says something more precise than "too many tries". */
const MESSAGES: Partial<Record<RateLimitName, string>> = {
  chat: "errors:chatMuted",
  join_code_failure: "errors:joinCodeLocked",
};

function limiter(context: AppLoadContext, request: Request, userId: string | null): RateLimiterRpc {
  return stubOf<RateLimiterRpc>(context.cloudflare.env.RATE_LIMITER, subjectOf(userId, request.headers.get("CF-Connecting-IP")));
}

/**
 * Counts one hit of each named limit for `user` (or, signed out, the caller's address), all or
 * nothing: the 429 refusal (text in the reader's language, `retryAfter` in seconds) if one of them
 * is spent, else null and the service goes on.
 *
 *     const limited = await rateLimited(context, request, "game_create", user);
 *     if (limited) return limited;
 *
 * If the limiter cannot be reached the call goes through (logged): a limit is a guard against
 * abuse, and an outage of it must not become an outage of the game.
 */
export async function rateLimited(
  context: AppLoadContext,
  request: Request,
  names: RateLimitName | RateLimitName[],
  user: { id: string } | null,
): Promise<Refusal | null> {
  const list = Array.isArray(names) ? names : [names];
  if (list.length === 0) return null;
  const overrides = context.env.RATE_LIMIT_OVERRIDES;
  let decision;
  try {
    decision = await limiter(context, request, user?.id ?? null).take(list.map((name) => ({ name, policy: ruleOf(name, overrides) })));
  } catch (error) {
    console.error(`rate limiter unavailable (${list.join(", ")}): the call goes through`, error);
    return null;
  }
  if (decision.ok) return null;
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  const t = await serverT(request);
  // A refused limit with its own words, else the general ones.
  const key = decision.refused.map((i) => MESSAGES[list[i]]).find(Boolean) ?? "errors:rateLimited";
  const wait = seconds < 120 ? t("errors:waitSeconds", { count: seconds }) : t("errors:waitMinutes", { count: Math.ceil(seconds / 60) });
  return { ok: false, status: 429, error: t(key, { wait }), retryAfter: seconds };
}

/** Takes back the latest hit of a limit that turned out not to apply (a join code that was right). */
export async function refundRateLimit(
  context: AppLoadContext,
  request: Request,
  name: RateLimitName,
  user: { id: string } | null,
): Promise<void> {
  try {
    await limiter(context, request, user?.id ?? null).refund(name);
  } catch (error) {
    console.error(`rate limiter unavailable (refund of ${name})`, error);
  }
}
