import { z } from "zod";
import { RateLimitOverridesSchema } from "../../game/rate-limits/limits";

// Every environment binding the app reads, parsed once per request from
// context.cloudflare.env. Secrets come from `wrangler pages secret put` in
// production and from wrangler.toml [vars] locally.
const EnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("development"),
    SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters"),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    AUTH_EMULATOR_URL: z.url().default("http://localhost:8790"),
    ADMIN_EMAILS: z.string().default(""),
    // Payments: without STRIPE_SECRET_KEY the Stripe SDK talks to the local
    // payment emulator (dev/payment-emulator); the webhook secret is shared
    // with it locally and is Stripe's endpoint secret in production.
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    PAYMENT_EMULATOR_URL: z.url().default("http://localhost:8791"),
    // Where premium members' priority support link writes to.
    SUPPORT_EMAIL: z.email().default("suporte@truco.local"),
    // Observability: which deployment this is, errors to Sentry when a DSN is set, and
    // the Analytics Engine SQL API the admin's "Operações" tab reads in production.
    DEPLOY_ENV: z.enum(["staging", "production"]).optional(),
    SENTRY_DSN: z.url().optional(),
    ANALYTICS_ACCOUNT_ID: z.string().min(1).optional(),
    ANALYTICS_API_TOKEN: z.string().min(1).optional(),
    ANALYTICS_DATASET: z
      .string()
      .regex(/^[A-Za-z0-9_]+$/)
      .optional(),
    // Tests only: shorter windows or other numbers for named rate limits (game/rate-limits/limits.ts).
    RATE_LIMIT_OVERRIDES: RateLimitOverridesSchema.optional(),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV !== "production") return;
    if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({
        code: "custom",
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required in production",
      });
    }
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        message: "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production",
      });
    }
    if (env.SUPPORT_EMAIL.endsWith(".local")) {
      ctx.addIssue({ code: "custom", message: "SUPPORT_EMAIL must be a real address in production" });
    }
    if (env.RATE_LIMIT_OVERRIDES) {
      ctx.addIssue({ code: "custom", message: "RATE_LIMIT_OVERRIDES is for tests only and must not be set in production" });
    }
    if (env.SESSION_SECRET.startsWith("local-development")) {
      ctx.addIssue({ code: "custom", message: "SESSION_SECRET must be set in production" });
    }
  });

export type AppEnv = z.infer<typeof EnvSchema>;

export interface Bindings {
  DB: D1Database;
  GAME_ROOM: DurableObjectNamespace;
  PLAYER_CHANNEL: DurableObjectNamespace;
  RATE_LIMITER: DurableObjectNamespace;
  /** Quick match: one Matchmaker per queue. */
  MATCHMAKER: DurableObjectNamespace;
  TOURNAMENT: DurableObjectNamespace;
  /** The lobby's numbers and open tables (game/lobby/): one object. */
  LOBBY: DurableObjectNamespace;
  /** The spectators' relays (game/spectate/): one per watched game. */
  SPECTATOR_RELAY: DurableObjectNamespace;
  /** Each finished game's record (DESIGN.md §4). */
  GAME_RECORDS: R2Bucket;
  /** Game and money events (db/analytics.ts); absent in the Worker tests. */
  ANALYTICS?: AnalyticsEngineDataset;
  [key: string]: unknown;
}

let cached: { source: unknown; env: AppEnv } | null = null;

export function parseEnv(source: Record<string, unknown>): AppEnv {
  if (cached?.source === source) return cached.env;
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid environment: ${z.prettifyError(result.error)}`);
  }
  cached = { source, env: result.data };
  return result.data;
}

export function adminEmails(env: AppEnv): Set<string> {
  return new Set(
    env.ADMIN_EMAILS.split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}
