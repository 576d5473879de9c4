import type { AppLoadContext } from "@remix-run/cloudflare";
import type { RateLimiterRpc } from "../../game/rate-limit";
import { ruleOf, subjectOf, type RateLimitName } from "../../game/rate-limits";
import { jsonError, refusal, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";

// The one way a route applies a rate limit (ADR 080): the named limits of game/rate-limits.ts,
// counted by the RateLimiter Durable Object of the subject (the signed-in user, else the caller's
// address), answered 429 with Retry-After and an `error` in the reader's language.

type Args = { request: Request; context: AppLoadContext };

/** The limits whose refusal says something more precise than "too many tries". */
const MESSAGES: Partial<Record<RateLimitName, string>> = {
  chat: "errors:chatMuted",
  join_code_failure: "errors:joinCodeLocked",
};

function limiter({ request, context }: Args, userId: string | null): RateLimiterRpc {
  const namespace = context.cloudflare.env.RATE_LIMITER;
  const subject = subjectOf(userId, request.headers.get("CF-Connecting-IP"));
  return namespace.get(namespace.idFromName(subject)) as unknown as RateLimiterRpc;
}

/**
 * Counts one hit of each named limit for `user` (or, signed out, the caller's address), all or
 * nothing, and throws the 429 answer if one of them is spent: nothing after it runs.
 *
 *     await enforceRateLimit({ request, context }, "game_create", user);
 *
 * If the limiter cannot be reached the call goes through (logged): a limit is a guard against
 * abuse, and an outage of it must not become an outage of the game.
 */
export async function enforceRateLimit(args: Args, names: RateLimitName | RateLimitName[], user: { id: string } | null): Promise<void> {
  const list = Array.isArray(names) ? names : [names];
  const overrides = args.context.env.RATE_LIMIT_OVERRIDES;
  let decision;
  try {
    decision = await limiter(args, user?.id ?? null).take(list.map((name) => ({ name, policy: ruleOf(name, overrides) })));
  } catch (error) {
    console.error(`rate limiter unavailable (${list.join(", ")}): the call goes through`, error);
    return;
  }
  if (decision.ok) return;
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  const t = await serverT(args.request);
  // A refused limit with its own words, else the general ones.
  const key = decision.refused.map((i) => MESSAGES[list[i]]).find(Boolean) ?? "errors:rateLimited";
  const wait = seconds < 120 ? t("errors:waitSeconds", { count: seconds }) : t("errors:waitMinutes", { count: Math.ceil(seconds / 60) });
  throw jsonError(429, t(key, { wait }), { retry_after: seconds }, { headers: { "Retry-After": String(seconds) } });
}

/** Takes back the latest hit of a limit that turned out not to apply (a join code that was right). */
export async function refundRateLimit(args: Args, name: RateLimitName, user: { id: string } | null): Promise<void> {
  try {
    await limiter(args, user?.id ?? null).refund(name);
  } catch (error) {
    console.error(`rate limiter unavailable (refund of ${name})`, error);
  }
}

/**
 * The same count for a page's form action (issue 15): the refusal as an Outcome the page shows
 * next to its control, instead of a thrown 429 answer; null when the action may go on.
 */
export async function rateLimitRefusal(
  args: Args,
  names: RateLimitName | RateLimitName[],
  user: { id: string } | null,
): Promise<Outcome<never> | null> {
  if (Array.isArray(names) && names.length === 0) return null;
  try {
    await enforceRateLimit(args, names, user);
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response) || thrown.status !== 429) throw thrown;
    const body = (await thrown.json()) as { error: string };
    return refusal(429, body.error);
  }
}
