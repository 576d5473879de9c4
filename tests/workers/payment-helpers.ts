import { env } from "cloudflare:test";
import { expect } from "vitest";
import { call, testContext } from "./helpers";
import { applyMovement } from "../../db/ledger";
import { EMULATOR_API_KEY } from "~/services/stripe.server";

// Helpers for the coin, payment and refund tests: Stripe events signed the
// way Stripe signs them (independently of the SDK that verifies them), and
// games seeded as the live-games code leaves them.

export const WEBHOOK_SECRET = env.STRIPE_WEBHOOK_SECRET;
const encoder = new TextEncoder();

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function randomId(prefix: string, length = 24): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return prefix + [...bytes].map((byte) => alphabet[byte % alphabet.length]).join("");
}

/** Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">. */
export async function signStripe(payload: string, secret = WEBHOOK_SECRET, timestamp = nowSeconds()): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`));
  const hex = [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}

export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export function stripeEvent(type: string, object: Record<string, unknown>, created = nowSeconds()): StripeEventLike {
  return {
    id: randomId("evt_"),
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as StripeEventLike;
}

/** POSTs an event to the webhook as Stripe does: no Origin, no cookie, the raw JSON signed. */
export async function deliver(
  event: StripeEventLike | string,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
): Promise<Response> {
  const payload = typeof event === "string" ? event : JSON.stringify(event);
  const signature = options.signature === undefined ? await signStripe(payload, options.secret, options.timestamp) : options.signature;
  const headers: Record<string, string> = {};
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return call("/api/webhooks/stripe", { method: "POST", body: payload, origin: null, headers });
}

/** Reads back from the payment emulator the app talked to (a Checkout Session, its line items). */
export async function emulatorGet<T>(path: string): Promise<T> {
  const response = await fetch(`${env.PAYMENT_EMULATOR_URL}${path}`, { headers: { Authorization: `Bearer ${EMULATOR_API_KEY}` } });
  expect(response.status).toBe(200);
  return response.json<T>();
}

/**
 * Opens a Checkout Session through the app, as the store's buy button does (a coin pack, or a
 * premium plan), and answers the emulator's session id from the checkout URL the app answered.
 */
export async function checkout(cookie: string, body: { pack_id: number; amount: number } | { plan_type: string; amount: number }) {
  const response = await call("pack_id" in body ? "/api/payments/coins" : "/api/payments/premium", { method: "POST", cookie, body });
  expect(response.status).toBe(200);
  const { session_url } = await response.json<{ session_url: string }>();
  const match = /\/checkout\/(cs_test_[A-Za-z0-9]+)$/.exec(session_url);
  if (!match) throw new Error(`not an emulator checkout URL: ${session_url}`);
  return match[1];
}

/** The checkout.session.completed event Stripe sends when a coin pack's session is paid. */
export function paidPackEvent(userId: string, sessionId: string, packId: number) {
  return stripeEvent(
    "checkout.session.completed",
    checkoutSession({
      id: sessionId,
      mode: "payment",
      payment_status: "paid",
      userId,
      metadata: { user_id: userId, kind: "coins", pack_id: String(packId) },
    }),
  );
}

export function checkoutSession(fields: {
  id?: string;
  mode: "payment" | "subscription";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  userId: string;
  metadata?: Record<string, string>;
  amount_total?: number;
  subscription?: string | null;
}) {
  return {
    id: fields.id ?? randomId("cs_test_", 58),
    object: "checkout.session",
    mode: fields.mode,
    status: "complete",
    payment_status: fields.payment_status,
    client_reference_id: fields.userId,
    metadata: fields.metadata ?? {},
    amount_total: fields.amount_total ?? 999,
    currency: "usd",
    created: nowSeconds(),
    subscription: fields.subscription ?? null,
    url: null,
  };
}

export function subscriptionObject(fields: {
  id: string;
  userId: string;
  status: string;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  plan?: "monthly" | "yearly";
  endedAt?: number | null;
}) {
  const plan = fields.plan ?? "monthly";
  return {
    id: fields.id,
    object: "subscription",
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    ended_at: fields.endedAt ?? null,
    metadata: { user_id: fields.userId, plan_type: plan },
    items: {
      object: "list",
      data: [
        {
          id: randomId("si_", 14),
          object: "subscription_item",
          current_period_start: fields.periodEnd - 30 * 86400,
          current_period_end: fields.periodEnd,
          price: { id: "price_x", object: "price", recurring: { interval: plan === "monthly" ? "month" : "year" } },
          quantity: 1,
        },
      ],
    },
  };
}

export function invoiceObject(fields: { subscriptionId: string; userId: string; periodEnd: number }) {
  return {
    id: randomId("in_"),
    object: "invoice",
    status: "paid",
    amount_paid: 999,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: fields.subscriptionId, metadata: { user_id: fields.userId, plan_type: "monthly" } },
    },
    lines: {
      object: "list",
      data: [{ id: randomId("il_"), object: "line_item", period: { start: fields.periodEnd - 30 * 86400, end: fields.periodEnd } }],
    },
  };
}

export async function countRows(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * A game as the live-games code leaves it: the games row, the player's seat,
 * and the entry paid through the ledger (key game:{id}:entry:{user}); the
 * automatic return (game:{id}:return:{user}) when asked for.
 */
export async function seedGame(
  userId: string,
  options: {
    status?: "waiting" | "active" | "completed" | "cancelled";
    entry?: number;
    endedDaysAgo?: number;
    autoReturned?: boolean;
    paid?: boolean;
  } = {},
): Promise<{ id: string; code: string }> {
  const { status = "cancelled", entry = 100, endedDaysAgo = 1, autoReturned = false, paid = true } = options;
  const id = crypto.randomUUID();
  const code = randomId("", 6).toUpperCase();
  const ended = new Date(Date.now() - endedDaysAgo * 86400_000).toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO games (id, game_code, status, game_type, game_mode, truco_variant, entry_cost, created_by, created_at, completed_at, end_reason)
       VALUES (?, ?, ?, '1v1', 'ranked', 'paulista', ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      code,
      status,
      entry,
      userId,
      ended,
      status === "cancelled" || status === "completed" ? ended : null,
      status === "cancelled" ? "fault" : null,
    ),
    env.DB.prepare(
      `INSERT INTO game_players (game_id, user_id, seat, team, nickname, entry_paid) VALUES (?, ?, 0, 'team1', 'Jogador', ?)`,
    ).bind(id, userId, paid ? entry : 0),
  ]);
  const { db } = testContext();
  if (paid) {
    await applyMovement(db, {
      userId,
      amount: -entry,
      type: "game_entry",
      description: "Entrada",
      ref: `game:${id}`,
      key: `game:${id}:entry:${userId}`,
    });
  }
  if (autoReturned) {
    await applyMovement(db, {
      userId,
      amount: entry,
      type: "game_refund",
      description: "Devolução",
      ref: `game:${id}`,
      key: `game:${id}:return:${userId}`,
    });
  }
  return { id, code };
}
