import Stripe from "stripe";
import type { AppEnv } from "./env.server";

// The real Stripe SDK, on Workers: fetch for HTTP, SubtleCrypto for webhook
// signatures. Without STRIPE_SECRET_KEY it talks to the local payment
// emulator (dev/payment-emulator) through the SDK's own host, port
// and protocol options: the same calls, the same code path.

/** The key the emulator accepts; must match dev/payment-emulator/server.mjs. */
export const EMULATOR_API_KEY = "sk_test_payment_emulator";

export function usesPaymentEmulator(env: AppEnv): boolean {
  return !env.STRIPE_SECRET_KEY;
}

export function stripeClient(env: AppEnv): Stripe {
  const common = {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: "Mesa de Truco" },
  };
  if (env.STRIPE_SECRET_KEY) return new Stripe(env.STRIPE_SECRET_KEY, common);
  const url = new URL(env.PAYMENT_EMULATOR_URL);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return new Stripe(EMULATOR_API_KEY, {
    ...common,
    host: url.hostname,
    port: url.port || (protocol === "https" ? 443 : 80),
    protocol,
  });
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Five minutes, Stripe's default: an older signature is a replay; one dated further ahead is refused too. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signature's timestamp (`t=`), in seconds, or null. */
export function signatureTimestamp(signature: string): number | null {
  const t = /(?:^|,)\s*t=(\d{1,12})\s*(?:,|$)/.exec(signature)?.[1];
  return t === undefined ? null : Number(t);
}

/**
 * The event, if the Stripe-Signature header is a valid signature of this exact
 * raw body with our endpoint secret and a timestamp within five minutes of our
 * clock, either way; otherwise throws. (The SDK refuses only old timestamps: a
 * signature dated ahead would otherwise stay replayable until that time came.)
 */
export async function verifiedEvent(rawBody: string, signature: string, secret: string, now = Date.now()): Promise<Stripe.Event> {
  const event = await Stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, cryptoProvider);
  const timestamp = signatureTimestamp(signature);
  if (timestamp === null || timestamp > now / 1000 + WEBHOOK_TOLERANCE_SECONDS) {
    throw new Error("Webhook signature timestamp is in the future");
  }
  return event;
}

export type { Stripe };
