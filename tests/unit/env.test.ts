import { describe, expect, it } from "vitest";
import { parseEnv } from "../../app/services/env.server";

const production = {
  APP_ENV: "production",
  SESSION_SECRET: "a-real-production-secret-of-32-chars",
  GOOGLE_CLIENT_ID: "client-id",
  GOOGLE_CLIENT_SECRET: "client-secret",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  SUPPORT_EMAIL: "ajuda@example.com",
};

describe("parseEnv", () => {
  it("runs locally with the defaults: emulators and a local support address", () => {
    const env = parseEnv({ SESSION_SECRET: "local-development-session-secret-change-me" });
    expect(env.APP_ENV).toBe("development");
    expect(env.SUPPORT_EMAIL).toBe("suporte@truco.local");
    expect(env.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it("accepts a complete production configuration", () => {
    expect(parseEnv({ ...production }).SUPPORT_EMAIL).toBe("ajuda@example.com");
  });

  it.each([
    ["the Google credentials", { GOOGLE_CLIENT_SECRET: undefined }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/],
    ["the Stripe secrets", { STRIPE_WEBHOOK_SECRET: undefined }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/],
    ["a real session secret", { SESSION_SECRET: "local-development-session-secret-change-me" }, /SESSION_SECRET must be set/],
    ["a real support address", { SUPPORT_EMAIL: undefined }, /SUPPORT_EMAIL must be a real address/],
    ["a valid support address", { SUPPORT_EMAIL: "not an address" }, /SUPPORT_EMAIL/],
  ])("refuses production without %s", (_what, change, message) => {
    expect(() => parseEnv({ ...production, ...change })).toThrow(message);
  });
});
