// The local payment emulator (dev/payment-emulator/server.mjs) driven by the
// real `stripe` SDK, pointed at it exactly as the app does (host, port,
// protocol), plus the hosted checkout page and its signed webhook events,
// verified with stripe.webhooks.constructEvent.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { EMULATOR_API_KEY, parseStripeForm, signPayload, startPaymentEmulator } from "../../dev/payment-emulator/server.mjs";

const SECRET = "whsec_unit_test_secret";

type Emulator = Awaited<ReturnType<typeof startPaymentEmulator>>;
interface Received {
  body: string;
  signature: string;
  event: Stripe.Event;
}

let emulator: Emulator;
let app: Server;
let received: Received[] = [];
/** Status codes the fake app answers, in order; 200 once exhausted. */
let answers: number[] = [];

function sdk(apiKey = EMULATOR_API_KEY) {
  const url = new URL(emulator.url);
  return new Stripe(apiKey, { host: url.hostname, port: url.port, protocol: "http", maxNetworkRetries: 0 });
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

beforeAll(async () => {
  // A stand-in for the app's webhook endpoint that verifies like the app does.
  app = createServer(async (req, res) => {
    const body = await readAll(req);
    const signature = String(req.headers["stripe-signature"] ?? "");
    const status = answers.shift() ?? 200;
    if (status === 200) {
      const event = Stripe.webhooks.constructEvent(body, signature, SECRET);
      received.push({ body, signature, event });
    }
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ received: status === 200 }));
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  emulator = await startPaymentEmulator({ port: 0, appUrl, webhookSecret: SECRET, log: () => {} });
});

afterAll(async () => {
  await emulator?.close();
  await new Promise((resolve) => app?.close(resolve));
});

beforeEach(() => {
  received = [];
  answers = [];
});

const PACK_PARAMS: Stripe.Checkout.SessionCreateParams = {
  mode: "payment",
  line_items: [
    {
      quantity: 1,
      price_data: {
        currency: "usd",
        unit_amount: 999,
        product_data: { name: "3.000 moedas — Mesa de Truco", description: "2.500 moedas + 500 de bônus" },
      },
    },
  ],
  client_reference_id: "user-1",
  customer_email: "ana@example.test",
  metadata: { user_id: "user-1", kind: "coins", pack_id: "2" },
  payment_intent_data: { metadata: { user_id: "user-1" } },
  locale: "pt-BR",
  success_url: "http://app.test/payments/success?session_id={CHECKOUT_SESSION_ID}",
  cancel_url: "http://app.test/payments/cancel?session_id={CHECKOUT_SESSION_ID}",
};

const PREMIUM_PARAMS: Stripe.Checkout.SessionCreateParams = {
  mode: "subscription",
  line_items: [
    {
      quantity: 1,
      price_data: { currency: "usd", unit_amount: 999, recurring: { interval: "month" }, product_data: { name: "Premium — mensal" } },
    },
  ],
  client_reference_id: "user-2",
  metadata: { user_id: "user-2", kind: "premium", plan_type: "monthly" },
  subscription_data: { metadata: { user_id: "user-2", plan_type: "monthly" } },
  locale: "en",
  success_url: "http://app.test/payments/success?session_id={CHECKOUT_SESSION_ID}",
  cancel_url: "http://app.test/payments/cancel",
};

function pay(session: Stripe.Checkout.Session, method = "card") {
  return fetch(`${emulator.url}/checkout/${session.id}/pay`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ method }),
  });
}

describe("Stripe API shapes through the real SDK", () => {
  it("refuses a wrong or missing API key like Stripe (401, authentication error)", async () => {
    await expect(sdk("sk_test_wrong_key_123456").checkout.sessions.create(PACK_PARAMS)).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
    const response = await fetch(`${emulator.url}/v1/checkout/sessions/cs_test_x`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("creates, retrieves and lists the line items of a payment session", async () => {
    const stripe = sdk();
    const session = await stripe.checkout.sessions.create(PACK_PARAMS);
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: 999,
      amount_subtotal: 999,
      currency: "usd",
      client_reference_id: "user-1",
      customer_email: "ana@example.test",
      metadata: { user_id: "user-1", kind: "coins", pack_id: "2" },
      locale: "pt-BR",
      livemode: false,
      subscription: null,
      success_url: PACK_PARAMS.success_url,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session.url).toBe(`${emulator.url}/checkout/${session.id}`);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);

    const again = await stripe.checkout.sessions.retrieve(session.id);
    expect(again).toEqual(session);

    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.object).toBe("list");
    expect(items.data).toHaveLength(1);
    expect(items.data[0]).toMatchObject({
      object: "item",
      description: "3.000 moedas — Mesa de Truco",
      quantity: 1,
      amount_total: 999,
      currency: "usd",
      price: { object: "price", type: "one_time", unit_amount: 999, currency: "usd", recurring: null },
    });
    expect(Object.keys(items.data[0])).not.toContain("_product");

    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(expanded.line_items?.data[0].price?.unit_amount).toBe(999);
  });

  it("answers Stripe's error envelope for bad parameters and unknown ids", async () => {
    const stripe = sdk();
    await expect(stripe.checkout.sessions.create({ ...PREMIUM_PARAMS, line_items: PACK_PARAMS.line_items })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      param: "line_items[0][price_data][recurring]",
    });
    await expect(stripe.checkout.sessions.create({ ...PACK_PARAMS, success_url: undefined })).rejects.toMatchObject({
      param: "success_url",
    });
    await expect(stripe.checkout.sessions.retrieve("cs_test_doesnotexist")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("replays a request with the same Idempotency-Key and refuses the key with other parameters", async () => {
    const stripe = sdk();
    const key = `idem-${Date.now()}`;
    const first = await stripe.checkout.sessions.create(PACK_PARAMS, { idempotencyKey: key });
    const second = await stripe.checkout.sessions.create(PACK_PARAMS, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    await expect(
      stripe.checkout.sessions.create({ ...PACK_PARAMS, client_reference_id: "someone-else" }, { idempotencyKey: key }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError" });
  });

  it("parses Stripe's form encoding (nested objects, indexed arrays) and ignores prototype keys", () => {
    expect(parseStripeForm("line_items[0][price_data][unit_amount]=5&line_items[1][quantity]=2&metadata[a]=b&expand[0]=x")).toEqual({
      line_items: [{ price_data: { unit_amount: "5" } }, { quantity: "2" }],
      metadata: { a: "b" },
      expand: ["x"],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    parseStripeForm("__proto__[polluted]=yes&a[__proto__][polluted]=yes");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("hosted checkout and signed webhooks", () => {
  it("shows a page that says no money moves, with the item, the price, Pay and Cancel", async () => {
    const session = await sdk().checkout.sessions.create(PACK_PARAMS);
    const response = await fetch(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain("Nenhum dinheiro é movimentado aqui.");
    expect(html).toContain("3.000 moedas — Mesa de Truco");
    expect(html).toContain("2.500 moedas + 500 de bônus");
    expect(html).toMatch(/aria-label="Pagar US\$\s9,99"/);
    expect(html).toContain('aria-label="Cancelar e voltar"');
  });

  it("Cancel goes back to cancel_url and sends nothing", async () => {
    const session = await sdk().checkout.sessions.create(PACK_PARAMS);
    const response = await fetch(`${emulator.url}/checkout/${session.id}/cancel`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://app.test/payments/cancel?session_id=${session.id}`);
    await emulator.settled();
    expect(received).toEqual([]);
    expect((await sdk().checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("Pay sends a signed checkout.session.completed (paid) to the app, then redirects to success_url", async () => {
    const stripe = sdk();
    const session = await stripe.checkout.sessions.create(PACK_PARAMS);
    const response = await pay(session);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://app.test/payments/success?session_id=${session.id}`);
    expect(received.map((r) => r.event.type)).toEqual(["checkout.session.completed"]);
    const [{ event, signature, body }] = received;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(signature).toBe(signPayload(body, SECRET, Number(/t=(\d+)/.exec(signature)![1])));
    expect(event).toMatchObject({ object: "event", livemode: false, api_version: expect.any(String) });
    expect(event.id).toMatch(/^evt_/);
    const paid = event.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({ id: session.id, status: "complete", payment_status: "paid", metadata: PACK_PARAMS.metadata });
    expect(paid.payment_intent).toMatch(/^pi_/);
    // A signature made with another secret does not verify.
    expect(() => Stripe.webhooks.constructEvent(body, signature, "whsec_other")).toThrow();
    // The session is closed now.
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("complete");
    expect((await pay(session)).status).toBe(409);
  });

  it("a subscription checkout sends customer.subscription.created, invoice.paid and checkout.session.completed", async () => {
    const stripe = sdk();
    const session = await stripe.checkout.sessions.create(PREMIUM_PARAMS);
    const before = Math.floor(Date.now() / 1000);
    expect((await pay(session)).status).toBe(303);
    expect(received.map((r) => r.event.type).sort()).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    const byType = Object.fromEntries(received.map((r) => [r.event.type, r.event.data.object]));
    const sub = byType["customer.subscription.created"] as Stripe.Subscription;
    const invoice = byType["invoice.paid"] as Stripe.Invoice;
    const completed = byType["checkout.session.completed"] as Stripe.Checkout.Session;
    expect(sub).toMatchObject({ object: "subscription", status: "active", metadata: { user_id: "user-2", plan_type: "monthly" } });
    const item = sub.items.data[0];
    expect(item.price.recurring?.interval).toBe("month");
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86400);
    expect(item.current_period_start).toBeGreaterThanOrEqual(before);
    expect(invoice).toMatchObject({
      object: "invoice",
      status: "paid",
      amount_paid: 999,
      billing_reason: "subscription_create",
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: { user_id: "user-2" } } },
    });
    expect(invoice.lines.data[0].period.end).toBe(item.current_period_end);
    expect(completed).toMatchObject({ mode: "subscription", payment_status: "paid", subscription: sub.id });

    // The SDK can read and cancel it; cancelling sends customer.subscription.deleted.
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
    received = [];
    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({ status: "canceled", ended_at: expect.any(Number) });
    expect(received.map((r) => r.event.type)).toEqual(["customer.subscription.deleted"]);
  });

  it("renewing from the dashboard sends invoice.paid and customer.subscription.updated with the next period", async () => {
    const stripe = sdk();
    const session = await stripe.checkout.sessions.create(PREMIUM_PARAMS);
    await pay(session);
    const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const firstEnd = (await stripe.subscriptions.retrieve(subId)).items.data[0].current_period_end;
    received = [];
    const response = await fetch(`${emulator.url}/dashboard/subscriptions/${subId}/renew`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(response.status).toBe(303);
    expect(received.map((r) => r.event.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    const updated = received[1].event.data.object as Stripe.Subscription;
    expect(updated.items.data[0].current_period_start).toBe(firstEnd);
    expect(updated.items.data[0].current_period_end).toBeGreaterThan(firstEnd);
  });

  it("a delayed payment completes unpaid and is settled later with async_payment_succeeded", async () => {
    const session = await sdk().checkout.sessions.create(PACK_PARAMS);
    await pay(session, "delayed");
    expect(received.map((r) => [r.event.type, (r.event.data.object as Stripe.Checkout.Session).payment_status])).toEqual([
      ["checkout.session.completed", "unpaid"],
    ]);
    await fetch(`${emulator.url}/dashboard/sessions/${session.id}/settle`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(received.map((r) => [r.event.type, (r.event.data.object as Stripe.Checkout.Session).payment_status])).toEqual([
      ["checkout.session.completed", "unpaid"],
      ["checkout.session.async_payment_succeeded", "paid"],
    ]);
  });

  it("expiring an open session through the SDK sends checkout.session.expired", async () => {
    const stripe = sdk();
    const session = await stripe.checkout.sessions.create(PACK_PARAMS);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe("expired");
    expect(received.map((r) => r.event.type)).toEqual(["checkout.session.expired"]);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("retries a webhook the app did not accept, with the same event id", async () => {
    answers = [500];
    const session = await sdk().checkout.sessions.create(PACK_PARAMS);
    await pay(session);
    await emulator.settled();
    expect(received).toHaveLength(1);
    expect(received[0].event.type).toBe("checkout.session.completed");
    const attempts = emulator.state.deliveries.filter((d) => d.event === received[0].event.id);
    expect(attempts.map((d) => d.status).sort()).toEqual([200, 500]);
  });
});
