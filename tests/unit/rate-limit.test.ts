import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_LIMIT_STATE, forgetAt, refund, take, takeAll, type LimitPolicy, type LimitState } from "../../game/rate-limits/window";
import { RATE_LIMITS, RateLimitOverridesSchema, ruleOf, subjectOf } from "../../game/rate-limits/limits";

// The rate-limit window (game/rate-limits/window.ts, ADR 080) is pure: these properties hold for any
// sequence of calls, whatever the limit, window and block.

const policyArb = fc.record({
  limit: fc.integer({ min: 1, max: 12 }),
  windowMs: fc.integer({ min: 1, max: 20_000 }),
  blockMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60_000 })),
});

/** Times of calls, oldest first (gaps of 0 are calls at the same millisecond). */
const timesArb = fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 80 }).map((gaps) => {
  let at = 1_000_000;
  return gaps.map((gap) => (at += gap));
});

function run(policy: LimitPolicy, times: number[]) {
  let state: LimitState | null = null;
  return times.map((now) => {
    const result = take(state, policy, now);
    state = result.state;
    return { now, decision: result.decision };
  });
}

describe("the rate-limit window", () => {
  it("never lets more than `limit` through in any window", () => {
    fc.assert(
      fc.property(policyArb, timesArb, (policy, times) => {
        const admitted = run(policy, times)
          .filter((call) => call.decision.ok)
          .map((call) => call.now);
        for (const start of admitted) {
          const inside = admitted.filter((at) => at >= start && at < start + policy.windowMs);
          expect(inside.length).toBeLessThanOrEqual(policy.limit);
        }
      }),
    );
  });

  it("lets the first `limit` calls through, and a refusal says how long to wait: one more then goes through", () => {
    fc.assert(
      fc.property(policyArb, fc.integer({ min: 0, max: 1e9 }), (policy, start) => {
        let state: LimitState | null = null;
        for (let i = 0; i < policy.limit; i += 1) {
          const result = take(state, policy, start);
          expect(result.decision).toEqual({ ok: true, remaining: policy.limit - i - 1 });
          state = result.state;
        }
        const refused = take(state, policy, start);
        expect(refused.decision.ok).toBe(false);
        if (refused.decision.ok) return;
        expect(refused.decision.retryAfterMs).toBe(Math.max(policy.windowMs, policy.blockMs));
        // Not a millisecond early, and right on time.
        expect(take(refused.state, policy, start + refused.decision.retryAfterMs - 1).decision.ok).toBe(false);
        expect(take(refused.state, policy, start + refused.decision.retryAfterMs).decision.ok).toBe(true);
      }),
    );
  });

  it("does not lengthen a block with tries made during it (the announced wait stays true)", () => {
    const chat = { limit: 2, windowMs: 1_000, blockMs: 10_000 };
    let state: LimitState | null = null;
    for (const now of [0, 1, 2]) state = take(state, chat, now).state;
    expect(state?.blockedUntil).toBe(10_002);
    const during = take(state, chat, 5_000);
    expect(during.decision).toEqual({ ok: false, retryAfterMs: 5_002, refused: [0] });
    expect(during.state.blockedUntil).toBe(10_002);
    expect(take(during.state, chat, 10_002).decision.ok).toBe(true);
  });

  it("counts several limits all or nothing", () => {
    fc.assert(
      fc.property(fc.array(policyArb, { minLength: 1, maxLength: 4 }), timesArb, (policies, times) => {
        let states: (LimitState | null)[] = policies.map(() => null);
        for (const now of times) {
          const result = takeAll(states, policies, now);
          const after = result.states.map((state) => state.hits.filter((at) => at === now).length);
          const earlier = states.map((state) => state?.hits.filter((at) => at === now).length ?? 0);
          if (result.decision.ok) {
            after.forEach((count, i) => expect(count).toBe(earlier[i] + 1));
          } else {
            after.forEach((count, i) => expect(count).toBe(earlier[i]));
            expect(result.decision.refused.length).toBeGreaterThan(0);
            expect(result.decision.retryAfterMs).toBeGreaterThan(0);
          }
          states = result.states;
        }
      }),
    );
  });

  it("takes back the latest hit, and is forgotten once nothing is left in the window", () => {
    const policy = { limit: 1, windowMs: 1_000 };
    const first = take(null, policy, 100);
    expect(take(first.state, policy, 200).decision.ok).toBe(false);
    expect(take(refund(first.state), policy, 200).decision.ok).toBe(true);
    expect(refund(null)).toBeNull();
    expect(refund(EMPTY_LIMIT_STATE)).toEqual(EMPTY_LIMIT_STATE);
    expect(forgetAt(first.state, policy)).toBe(1_100);
  });
});

describe("the named limits", () => {
  it("are valid policies, with the chat's 8 per 10 s and a stricter limit on wrong join codes", () => {
    expect(RATE_LIMITS.chat).toMatchObject({ limit: 8, windowMs: 10_000 });
    const perMinute = (rule: LimitPolicy) => rule.limit / (rule.windowMs / 60_000);
    expect(perMinute(RATE_LIMITS.join_code_failure)).toBeLessThan(perMinute(RATE_LIMITS.game_join));
    expect(RATE_LIMITS.join_code_failure.blockMs).toBeGreaterThan(0);
    for (const name of [
      "signin",
      "session_create",
      "game_create",
      "checkout",
      "refund_request",
      "friend_request",
      "user_search",
      "admin_action",
    ]) {
      expect(RATE_LIMITS).toHaveProperty(name);
    }
  });

  it("take test overrides in a short written form, and refuse a limit that does not exist", () => {
    const overrides = RateLimitOverridesSchema.parse("join_code_failure:3/4/4; chat:2/0.5");
    expect(ruleOf("join_code_failure", overrides)).toEqual({ limit: 3, windowMs: 4_000, blockMs: 4_000 });
    expect(ruleOf("chat", overrides)).toEqual({ limit: 2, windowMs: 500, blockMs: 0 });
    expect(ruleOf("game_create", overrides)).toBe(RATE_LIMITS.game_create);
    expect(RateLimitOverridesSchema.safeParse("nope:1/1").success).toBe(false);
    expect(RateLimitOverridesSchema.safeParse("chat:x").success).toBe(false);
    expect(RateLimitOverridesSchema.safeParse("signin:10000/60").success).toBe(false);
  });

  it("count a signed-in player by account, and anyone else by address (IPv6 by its /64)", () => {
    expect(subjectOf("u1", "203.0.113.9")).toBe("user:u1");
    expect(subjectOf(null, "203.0.113.9")).toBe("ip:203.0.113.9");
    expect(subjectOf(null, "::ffff:203.0.113.9")).toBe("ip:203.0.113.9");
    expect(subjectOf(null, "2001:db8:1:2:aaaa::1")).toBe("ip:2001:db8:1:2::/64");
    expect(subjectOf(null, "2001:0db8:0001:0002:ffff:0:0:7")).toBe("ip:2001:db8:1:2::/64");
    expect(subjectOf(null, "2001:db8::1")).toBe("ip:2001:db8:0:0::/64");
    expect(subjectOf(null, null)).toBe("ip:unknown");
  });
});
