// Local payment emulator: a loopback stand-in for the few Stripe API calls the
// app makes, so `npm start` runs purchases end to end with no account and no
// internet. The app's real `stripe` SDK is pointed at it with its host, port
// and protocol options. See docs/decisions/020-stripe-and-payment-emulator.md.
//
//   node dev/payment-emulator/server.mjs
//     PAYMENT_EMULATOR_PORT  port to listen on (default 8791)
//     APP_URL                where the app runs (default http://127.0.0.1:8788);
//                            events are POSTed to APP_URL/api/webhooks/stripe
//     STRIPE_WEBHOOK_SECRET  the endpoint secret shared with the app
//                            (default whsec_local_payment_emulator)
//
// API (form-encoded bodies as the SDK sends them, Stripe's JSON shapes and
// error envelope, `Authorization: Bearer sk_test_payment_emulator`):
//   POST   /v1/checkout/sessions                create (mode payment | subscription)
//   GET    /v1/checkout/sessions/:id            retrieve (expand[]=line_items)
//   GET    /v1/checkout/sessions/:id/line_items list line items
//   POST   /v1/checkout/sessions/:id/expire     expire an open session
//   GET    /v1/subscriptions/:id                retrieve
//   POST   /v1/subscriptions/:id                update (cancel_at_period_end)
//   DELETE /v1/subscriptions/:id                cancel now
//   GET    /v1/invoices/:id, /v1/events/:id, /v1/customers/:id
// Pages:
//   GET  /checkout/:id   the hosted checkout page: says no money moves; Pay / Cancel
//   GET  /               dashboard: sessions, subscriptions, webhook deliveries,
//                        and test actions (settle a delayed payment, renew, cancel)
//
// Paying sends signed events (Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of
// "<t>.<payload>">) to the app's webhook: checkout.session.completed, and for
// subscriptions customer.subscription.created and invoice.paid; then it
// redirects to the session's success_url, as Stripe does.

import { createHash, createHmac, randomBytes } from "node:crypto";
import { esc, isMain, runAlone, sendHtml, startServers } from "../emulator-http.mjs";

export const EMULATOR_API_KEY = "sk_test_payment_emulator";
export const DEFAULT_WEBHOOK_SECRET = "whsec_local_payment_emulator";
export const WEBHOOK_PATH = "/api/webhooks/stripe";
export const API_VERSION = "2026-10-28.endive";

const MAX_BODY_BYTES = 64 * 1024;
const SESSION_TTL_SECONDS = 24 * 60 * 60;
const DELIVERY_ATTEMPTS = 5;

/**
 * Start the emulator.
 *
 * @param {object} [options]
 * @param {number} [options.port=8791] 0 picks a free port.
 * @param {string} [options.host='127.0.0.1'] also listens on [::1] (best effort) when 127.0.0.1.
 * @param {string} [options.appUrl='http://127.0.0.1:8788'] the app; events go to appUrl + /api/webhooks/stripe.
 * @param {string} [options.webhookSecret] the endpoint secret events are signed with.
 * @param {string} [options.apiKey] the secret key API calls must carry.
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<{ url: string, port: number, apiKey: string, webhookSecret: string,
 *   webhookUrl: string,
 *   state: { deliveries: Array<{ event: string, type: string, attempt: number, at: string,
 *     status: number | null, error: string | null }> } & Record<string, unknown>,
 *   settled(): Promise<void>, close(): Promise<void> }>}
 */
export async function startPaymentEmulator({
  port = 8791,
  host = "127.0.0.1",
  appUrl = "http://127.0.0.1:8788",
  webhookSecret = DEFAULT_WEBHOOK_SECRET,
  apiKey = EMULATOR_API_KEY,
  log = (line) => console.log(line),
} = {}) {
  const listening = await startServers({ port, host, name: "Payment emulator" });
  const actualPort = listening.port;

  const url = `http://localhost:${actualPort}`;
  const webhookUrl = new URL(WEBHOOK_PATH, appUrl).toString();
  const state = {
    sessions: new Map(),
    lineItems: new Map(), // session id -> line items
    customers: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    events: new Map(),
    deliveries: [], // newest first, capped
    idempotency: new Map(), // key -> { fingerprint, status, body }
  };
  const pending = new Set();
  const ctx = { url, apiKey, webhookSecret, webhookUrl, state, log, pending };

  listening.serve((req, res) => {
    route(req, res, ctx).catch((err) => {
      log(`Payment emulator: internal error: ${err?.stack || err}`);
      if (!res.headersSent) sendJson(res, 500, stripeError("api_error", "The payment emulator hit an internal error."));
      else res.destroy();
    });
  });

  return {
    url,
    port: actualPort,
    apiKey,
    webhookSecret,
    webhookUrl,
    state,
    /** Resolves when every webhook delivery started so far has finished (tests). */
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    close: listening.close,
  };
}

// ---------------------------------------------------------------------------
// Routing

async function route(req, res, ctx) {
  const url = new URL(req.url ?? "/", "http://emulator.local");
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if (path.startsWith("/v1/")) return api(req, res, ctx, url, path);

  let match;
  if (req.method === "GET" && path === "/") return sendHtml(res, 200, dashboardPage(ctx));
  if ((match = /^\/checkout\/(cs_[A-Za-z0-9_]+)$/.exec(path)) && req.method === "GET") {
    const session = ctx.state.sessions.get(match[1]);
    if (!session)
      return sendHtml(
        res,
        404,
        messagePage(
          "en",
          "Checkout session not found",
          "This checkout session does not exist in the payment emulator (it keeps sessions in memory, so a restart forgets them).",
        ),
      );
    return sendHtml(res, 200, checkoutPage(ctx, session));
  }
  if ((match = /^\/checkout\/(cs_[A-Za-z0-9_]+)\/(pay|cancel)$/.exec(path)) && req.method === "POST") {
    const form = await readForm(req, res);
    if (!form) return;
    const session = ctx.state.sessions.get(match[1]);
    if (!session)
      return sendHtml(
        res,
        404,
        messagePage("en", "Checkout session not found", "This checkout session does not exist in the payment emulator."),
      );
    if (match[2] === "cancel") return redirect(res, withSessionId(session.cancel_url, session.id));
    if (session.status !== "open") {
      return sendHtml(res, 409, messagePage(session.locale, text(session.locale, "closedTitle"), text(session.locale, "closedText")));
    }
    const delayed = form.get("method") === "delayed" && session.mode === "payment";
    await completeCheckout(ctx, session, { delayed });
    return redirect(res, withSessionId(session.success_url, session.id));
  }
  if ((match = /^\/dashboard\/(sessions|subscriptions)\/([A-Za-z0-9_]+)\/([a-z_]+)$/.exec(path)) && req.method === "POST") {
    const form = await readForm(req, res);
    if (!form) return;
    await dashboardAction(ctx, match[1], match[2], match[3]);
    return redirect(res, "/");
  }
  sendHtml(res, 404, messagePage("en", "Not found", "The payment emulator has no page here."));
}

async function api(req, res, ctx, url, path) {
  res.setHeader("request-id", `req_${randomId(14)}`);
  res.setHeader("stripe-version", req.headers["stripe-version"] || API_VERSION);
  if (!authorized(req, ctx.apiKey)) {
    const given = bearer(req);
    return sendJson(
      res,
      401,
      stripeError(
        "invalid_request_error",
        given
          ? `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.",
      ),
    );
  }
  let params = {};
  if (req.method === "POST") {
    const raw = await readBody(req, res);
    if (raw === undefined) return;
    params = parseStripeForm(raw);
    const key = req.headers["idempotency-key"];
    if (key) {
      const fingerprint = createHash("sha256").update(`${req.method} ${path} ${raw}`).digest("hex");
      const cached = ctx.state.idempotency.get(key);
      if (cached) {
        if (cached.fingerprint !== fingerprint) {
          return sendJson(
            res,
            400,
            stripeError(
              "idempotency_error",
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            ),
          );
        }
        res.setHeader("idempotent-replayed", "true");
        return sendJson(res, cached.status, cached.body);
      }
      const remember = (status, body) => ctx.state.idempotency.set(key, { fingerprint, status, body });
      return dispatch(req, res, ctx, url, path, params, remember);
    }
  } else {
    params = parseStripeForm(url.search.slice(1));
  }
  return dispatch(req, res, ctx, url, path, params, () => {});
}

async function dispatch(req, res, ctx, url, path, params, remember) {
  const reply = (status, body) => {
    remember(status, body);
    sendJson(res, status, body);
  };
  const { state } = ctx;
  let m;
  if (path === "/v1/checkout/sessions" && req.method === "POST") {
    const result = createSession(ctx, params);
    if (result.error) return reply(400, result.error);
    return reply(200, expandSession(state, result.session, params.expand));
  }
  if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && req.method === "GET") {
    const session = state.sessions.get(m[1]);
    if (!session) return reply(404, missing("checkout.session", m[1]));
    return reply(200, expandSession(state, session, params.expand));
  }
  if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(path)) && req.method === "GET") {
    const session = state.sessions.get(m[1]);
    if (!session) return reply(404, missing("checkout.session", m[1]));
    return reply(200, list(state.lineItems.get(session.id) ?? [], `/v1/checkout/sessions/${session.id}/line_items`));
  }
  if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && req.method === "POST") {
    const session = state.sessions.get(m[1]);
    if (!session) return reply(404, missing("checkout.session", m[1]));
    if (session.status !== "open") {
      return reply(
        400,
        stripeError(
          "invalid_request_error",
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        ),
      );
    }
    session.status = "expired";
    await emit(ctx, "checkout.session.expired", session);
    return reply(200, session);
  }
  if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
    const sub = state.subscriptions.get(m[1]);
    if (!sub) return reply(404, missing("subscription", m[1]));
    if (req.method === "GET") return reply(200, sub);
    if (req.method === "DELETE") {
      if (sub.status === "canceled")
        return reply(
          400,
          stripeError("invalid_request_error", `A canceled subscription can only update its cancellation_details and metadata.`),
        );
      await cancelSubscriptionNow(ctx, sub);
      return reply(200, sub);
    }
    if (req.method === "POST") {
      if ("cancel_at_period_end" in params) {
        await setCancelAtPeriodEnd(ctx, sub, params.cancel_at_period_end === "true");
      }
      if (params.metadata && typeof params.metadata === "object") {
        sub.metadata = { ...sub.metadata, ...params.metadata };
      }
      return reply(200, sub);
    }
  }
  if ((m = /^\/v1\/invoices\/([^/]+)$/.exec(path)) && req.method === "GET") {
    const invoice = state.invoices.get(m[1]);
    return invoice ? reply(200, invoice) : reply(404, missing("invoice", m[1]));
  }
  if ((m = /^\/v1\/events\/([^/]+)$/.exec(path)) && req.method === "GET") {
    const event = state.events.get(m[1]);
    return event ? reply(200, event) : reply(404, missing("event", m[1]));
  }
  if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path)) && req.method === "GET") {
    const customer = state.customers.get(m[1]);
    return customer ? reply(200, customer) : reply(404, missing("customer", m[1]));
  }
  return reply(
    404,
    stripeError(
      "invalid_request_error",
      `Unrecognized request URL (${req.method}: ${path}). The payment emulator implements only the calls listed in dev/payment-emulator/server.mjs.`,
    ),
  );
}

// ---------------------------------------------------------------------------
// Checkout Sessions

const LOCALES = new Set(["auto", "pt-BR", "en", "es"]);

function createSession(ctx, params) {
  const invalid = (message, param) => ({ error: stripeError("invalid_request_error", message, param) });
  const mode = params.mode;
  if (mode !== "payment" && mode !== "subscription") {
    return invalid(
      mode
        ? `Invalid mode: must be one of payment, setup, or subscription (the emulator supports payment and subscription)`
        : "Missing required param: mode.",
      "mode",
    );
  }
  if (!params.success_url) return invalid("Missing required param: success_url.", "success_url");
  for (const name of ["success_url", "cancel_url"]) {
    if (params[name] && !isHttpUrl(params[name])) return invalid(`Not a valid URL`, name);
  }
  const rawItems = Array.isArray(params.line_items) ? params.line_items : [];
  if (!rawItems.length) return invalid("Missing required param: line_items.", "line_items");
  const created = now();
  const items = [];
  for (const [index, raw] of rawItems.entries()) {
    const param = `line_items[${index}]`;
    const quantity = raw.quantity === undefined ? 1 : toInt(raw.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) return invalid("Invalid integer: quantity must be at least 1", `${param}[quantity]`);
    const data = raw.price_data;
    if (!data || typeof data !== "object")
      return invalid("The emulator needs price_data on every line item (it has no stored prices).", `${param}[price_data]`);
    const currency = String(data.currency ?? "").toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) return invalid("Missing required param: currency.", `${param}[price_data][currency]`);
    const unitAmount = toInt(data.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 0)
      return invalid("Invalid integer: unit_amount", `${param}[price_data][unit_amount]`);
    const name = data.product_data?.name;
    if (!name) return invalid("Missing required param: product_data[name].", `${param}[price_data][product_data][name]`);
    const recurring = data.recurring;
    if (mode === "subscription" && !recurring?.interval) {
      return invalid(
        "You must provide at least one recurring price in `subscription` mode when using prices.",
        `${param}[price_data][recurring]`,
      );
    }
    if (mode === "payment" && recurring) {
      return invalid(
        "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
        `${param}[price_data][recurring]`,
      );
    }
    if (recurring && !["day", "week", "month", "year"].includes(recurring.interval)) {
      return invalid("Invalid recurring[interval]: must be one of day, week, month, or year", `${param}[price_data][recurring][interval]`);
    }
    const productId = `prod_${randomId(14)}`;
    const price = {
      id: `price_${randomId(24)}`,
      object: "price",
      active: false,
      billing_scheme: "per_unit",
      created,
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: productId,
      recurring: recurring
        ? {
            interval: recurring.interval,
            interval_count: toInt(recurring.interval_count ?? 1),
            meter: null,
            trial_period_days: null,
            usage_type: "licensed",
          }
        : null,
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? "recurring" : "one_time",
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    const item = {
      id: `li_${randomId(24)}`,
      object: "item",
      amount_discount: 0,
      amount_subtotal: unitAmount * quantity,
      amount_tax: 0,
      amount_total: unitAmount * quantity,
      currency,
      description: name,
      price,
      quantity,
    };
    // Not part of Stripe's item (so not enumerable, never sent): for the checkout page.
    Object.defineProperty(item, "_product", { value: { id: productId, name, description: data.product_data.description ?? null } });
    items.push(item);
  }
  const currencies = new Set(items.map((item) => item.currency));
  if (currencies.size > 1) return invalid("All line items must use the same currency.", "line_items");
  const total = items.reduce((sum, item) => sum + item.amount_total, 0);
  const id = `cs_test_${randomId(58)}`;
  const locale = LOCALES.has(params.locale) ? params.locale : null;
  const session = {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id || null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: items[0].currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: mode === "payment" ? "if_required" : "always",
    customer_details: null,
    customer_email: params.customer_email || null,
    discounts: [],
    expires_at: created + SESSION_TTL_SECONDS,
    invoice: null,
    invoice_creation: mode === "payment" ? { enabled: false, invoice_data: {} } : null,
    livemode: false,
    locale,
    metadata: stringMap(params.metadata),
    mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: mode === "subscription" ? "always" : "if_required",
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ["card"],
    payment_status: "unpaid",
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: params.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: `${ctx.url}/checkout/${id}`,
    wallet_options: null,
  };
  // Kept off the session object (Stripe does not return them) but needed later.
  Object.defineProperty(session, "_private", {
    value: {
      paymentIntentMetadata: stringMap(params.payment_intent_data?.metadata),
      subscriptionMetadata: stringMap(params.subscription_data?.metadata),
    },
    enumerable: false,
  });
  ctx.state.sessions.set(id, session);
  ctx.state.lineItems.set(id, items);
  ctx.log(`Payment emulator: checkout ${id} (${mode}, ${formatMoney(total, session.currency, "en")})`);
  return { session };
}

function expandSession(state, session, expand) {
  const wanted = Array.isArray(expand) ? expand : expand ? [expand] : [];
  if (!wanted.includes("line_items")) return session;
  return { ...session, line_items: list(state.lineItems.get(session.id) ?? [], `/v1/checkout/sessions/${session.id}/line_items`) };
}

async function completeCheckout(ctx, session, { delayed }) {
  const { state } = ctx;
  const customer = customerFor(ctx, session);
  session.customer = customer.id;
  session.customer_details = {
    address: null,
    email: customer.email,
    name: customer.name,
    phone: null,
    tax_exempt: "none",
    tax_ids: [],
  };
  session.status = "complete";
  if (session.mode === "payment") {
    session.payment_intent = `pi_${randomId(24)}`;
    session.payment_status = delayed ? "unpaid" : "paid";
    await emit(ctx, "checkout.session.completed", session);
    return;
  }
  // Subscription: the subscription and its first paid invoice, then the events.
  const items = state.lineItems.get(session.id) ?? [];
  const start = now();
  const sub = {
    id: `sub_${randomId(24)}`,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created: start,
    currency: session.currency,
    customer: customer.id,
    days_until_due: null,
    default_payment_method: `pm_${randomId(24)}`,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: null,
    items: list(
      items.map((item) => ({
        id: `si_${randomId(14)}`,
        object: "subscription_item",
        billing_thresholds: null,
        created: start,
        current_period_end: addInterval(start, item.price.recurring),
        current_period_start: start,
        discounts: [],
        metadata: {},
        price: item.price,
        quantity: item.quantity,
        subscription: null,
        tax_rates: [],
      })),
      "/v1/subscription_items",
    ),
    latest_invoice: null,
    livemode: false,
    metadata: session._private.subscriptionMetadata,
    next_pending_invoice_item_invoice: null,
    pause_collection: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: "active",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
  for (const item of sub.items.data) item.subscription = sub.id;
  sub.items.url = `/v1/subscription_items?subscription=${sub.id}`;
  const invoice = invoiceFor(ctx, sub, "subscription_create", start);
  sub.latest_invoice = invoice.id;
  state.subscriptions.set(sub.id, sub);
  session.subscription = sub.id;
  session.invoice = invoice.id;
  session.payment_status = "paid";
  // Stripe does not promise an order; these are the events a subscription checkout sends.
  await emit(ctx, "customer.subscription.created", sub);
  await emit(ctx, "invoice.paid", invoice);
  await emit(ctx, "checkout.session.completed", session);
}

function customerFor(ctx, session) {
  const email = session.customer_email ?? "player@example.test";
  const customer = {
    id: `cus_${randomId(14)}`,
    object: "customer",
    address: null,
    balance: 0,
    created: now(),
    currency: session.currency,
    default_source: null,
    delinquent: false,
    description: null,
    email,
    invoice_prefix: randomId(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    phone: null,
    preferred_locales: session.locale && session.locale !== "auto" ? [session.locale] : [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
  ctx.state.customers.set(customer.id, customer);
  return customer;
}

function invoiceFor(ctx, sub, billingReason, at) {
  const lines = sub.items.data.map((item) => ({
    id: `il_${randomId(24)}`,
    object: "line_item",
    amount: item.price.unit_amount * item.quantity,
    currency: sub.currency,
    description: `${item.quantity} × subscription`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: sub.id,
        subscription_item: item.id,
      },
    },
    period: { end: item.current_period_end, start: item.current_period_start },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: item.price.id, product: item.price.product },
      type: "price_details",
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity: item.quantity,
    taxes: [],
  }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const id = `in_${randomId(24)}`;
  for (const line of lines) line.invoice = id;
  const invoice = {
    id,
    object: "invoice",
    account_country: "BR",
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: total,
    amount_remaining: 0,
    attempt_count: 1,
    attempted: true,
    auto_advance: false,
    billing_reason: billingReason,
    collection_method: "charge_automatically",
    created: at,
    currency: sub.currency,
    customer: sub.customer,
    customer_email: ctx.state.customers.get(sub.customer)?.email ?? null,
    description: null,
    due_date: null,
    hosted_invoice_url: null,
    lines: list(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    number: `${randomId(8).toUpperCase()}-0001`,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
    },
    period_end: at,
    period_start: at,
    status: "paid",
    status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: at, voided_at: null },
    subtotal: total,
    total,
  };
  ctx.state.invoices.set(id, invoice);
  return invoice;
}

// ---------------------------------------------------------------------------
// Subscription life cycle (dashboard and API)

async function renewSubscription(ctx, sub) {
  if (sub.status === "canceled") return;
  const previous = { items: structuredClone(sub.items), latest_invoice: sub.latest_invoice };
  const at = now();
  for (const item of sub.items.data) {
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_end, item.price.recurring);
  }
  const invoice = invoiceFor(ctx, sub, "subscription_cycle", at);
  sub.latest_invoice = invoice.id;
  await emit(ctx, "invoice.paid", invoice);
  await emit(ctx, "customer.subscription.updated", sub, previous);
}

async function setCancelAtPeriodEnd(ctx, sub, flag) {
  if (sub.status === "canceled" || sub.cancel_at_period_end === flag) return;
  const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at, canceled_at: sub.canceled_at };
  sub.cancel_at_period_end = flag;
  sub.cancel_at = flag ? Math.max(...sub.items.data.map((item) => item.current_period_end)) : null;
  sub.canceled_at = flag ? now() : null;
  sub.cancellation_details = { comment: null, feedback: null, reason: flag ? "cancellation_requested" : null };
  await emit(ctx, "customer.subscription.updated", sub, previous);
}

async function cancelSubscriptionNow(ctx, sub) {
  const at = now();
  sub.status = "canceled";
  sub.canceled_at = sub.canceled_at ?? at;
  sub.ended_at = at;
  sub.cancel_at_period_end = false;
  sub.cancellation_details = { comment: null, feedback: null, reason: "cancellation_requested" };
  await emit(ctx, "customer.subscription.deleted", sub);
}

async function dashboardAction(ctx, kind, id, action) {
  if (kind === "sessions") {
    const session = ctx.state.sessions.get(id);
    if (!session) return;
    if (action === "settle" && session.status === "complete" && session.payment_status === "unpaid") {
      session.payment_status = "paid";
      await emit(ctx, "checkout.session.async_payment_succeeded", session);
    } else if (action === "fail" && session.status === "complete" && session.payment_status === "unpaid") {
      await emit(ctx, "checkout.session.async_payment_failed", session);
    } else if (action === "expire" && session.status === "open") {
      session.status = "expired";
      await emit(ctx, "checkout.session.expired", session);
    } else if (action === "resend") {
      const last = [...ctx.state.events.values()].reverse().find((event) => event.data.object.id === id);
      if (last) await deliverAll(ctx, last);
    }
    return;
  }
  const sub = ctx.state.subscriptions.get(id);
  if (!sub) return;
  if (action === "renew") await renewSubscription(ctx, sub);
  else if (action === "cancel_at_period_end") await setCancelAtPeriodEnd(ctx, sub, true);
  else if (action === "resume") await setCancelAtPeriodEnd(ctx, sub, false);
  else if (action === "cancel_now" && sub.status !== "canceled") await cancelSubscriptionNow(ctx, sub);
}

// ---------------------------------------------------------------------------
// Events and webhook delivery

async function emit(ctx, type, object, previousAttributes) {
  const event = {
    id: `evt_${randomId(24)}`,
    object: "event",
    api_version: API_VERSION,
    created: now(),
    data: previousAttributes
      ? { object: structuredClone(object), previous_attributes: previousAttributes }
      : { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  ctx.state.events.set(event.id, event);
  await deliverAll(ctx, event);
  return event;
}

/** Signs a payload as Stripe does: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">. */
export function signPayload(payload, secret, timestamp = now()) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** The first attempt is awaited (so the app has the event before the redirect); retries run in the background. */
async function deliverAll(ctx, event) {
  const payload = JSON.stringify(event, null, 2);
  const ok = await deliver(ctx, event, payload, 1);
  if (!ok) {
    const retry = (async () => {
      for (let attempt = 2; attempt <= DELIVERY_ATTEMPTS; attempt++) {
        await sleep(500 * 2 ** (attempt - 2));
        if (await deliver(ctx, event, payload, attempt)) return;
      }
      ctx.log(`Payment emulator: gave up delivering ${event.type} ${event.id} after ${DELIVERY_ATTEMPTS} attempts`);
    })();
    ctx.pending.add(retry);
    retry.finally(() => ctx.pending.delete(retry));
  }
}

async function deliver(ctx, event, payload, attempt) {
  const record = { event: event.id, type: event.type, attempt, at: new Date().toISOString(), status: null, error: null };
  ctx.state.deliveries.unshift(record);
  ctx.state.deliveries.length = Math.min(ctx.state.deliveries.length, 200);
  try {
    const response = await fetch(ctx.webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "stripe-signature": signPayload(payload, ctx.webhookSecret),
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    record.status = response.status;
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) ctx.log(`Payment emulator: webhook ${event.type} answered ${response.status} (attempt ${attempt})`);
    return response.ok;
  } catch (err) {
    record.error = String(err?.cause?.code || err?.message || err);
    ctx.log(`Payment emulator: webhook ${event.type} not delivered (${record.error}, attempt ${attempt})`);
    return false;
  }
}

// ---------------------------------------------------------------------------
// Stripe's form encoding: a[b][0][c]=v, nested objects and indexed arrays

export function parseStripeForm(raw) {
  const root = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = [];
    const head = /^[^[]+/.exec(key);
    if (!head) continue;
    path.push(head[0]);
    for (const part of key.slice(head[0].length).matchAll(/\[([^\]]*)\]/g)) path.push(part[1]);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      let segment = path[i];
      const last = i === path.length - 1;
      if (segment === "") segment = String(Object.keys(node).length); // a[]=x
      if (segment === "__proto__" || segment === "constructor" || segment === "prototype") break;
      if (last) node[segment] = value;
      else {
        if (typeof node[segment] !== "object" || node[segment] === null) node[segment] = {};
        node = node[segment];
      }
    }
  }
  return arraysFromIndexes(root);
}

function arraysFromIndexes(value) {
  if (typeof value !== "object" || value === null) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arraysFromIndexes(value[key]);
  if (keys.length && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
  }
  return value;
}

// ---------------------------------------------------------------------------
// HTML

const TEXTS = {
  en: {
    lang: "en",
    title: "Test checkout",
    badge: "Local test environment",
    noMoney: "No money moves here.",
    noMoneyText:
      "This is the local payment emulator of Mesa de Truco. No card is charged and no card details are asked for: paying only tells the app that the payment succeeded.",
    item: "Item",
    quantity: "Qty",
    total: "Total",
    every: { day: "every day", week: "every week", month: "every month", year: "every year" },
    email: "Email",
    pay: "Pay {price}",
    subscribe: "Subscribe for {price}",
    cancel: "Cancel and go back",
    more: "More test options",
    delayed: "Pay with a delayed method (confirmed later on the emulator dashboard)",
    closedTitle: "This checkout is closed",
    closedText: "This checkout session was already completed or has expired. Go back to the app to start a new purchase.",
    footer: "Payment emulator — local development only.",
  },
  "pt-BR": {
    lang: "pt-BR",
    title: "Pagamento de teste",
    badge: "Ambiente de teste local",
    noMoney: "Nenhum dinheiro é movimentado aqui.",
    noMoneyText:
      "Este é o emulador de pagamentos local da Mesa de Truco. Nenhum cartão é cobrado e nenhum dado de cartão é pedido: pagar apenas avisa o app de que o pagamento foi aprovado.",
    item: "Item",
    quantity: "Qtd.",
    total: "Total",
    every: { day: "por dia", week: "por semana", month: "por mês", year: "por ano" },
    email: "E-mail",
    pay: "Pagar {price}",
    subscribe: "Assinar por {price}",
    cancel: "Cancelar e voltar",
    more: "Mais opções de teste",
    delayed: "Pagar com método de confirmação posterior (confirmado no painel do emulador)",
    closedTitle: "Este pagamento foi encerrado",
    closedText: "Esta sessão de pagamento já foi concluída ou expirou. Volte ao app para iniciar uma nova compra.",
    footer: "Emulador de pagamentos — apenas para desenvolvimento local.",
  },
  es: {
    lang: "es",
    title: "Pago de prueba",
    badge: "Entorno de prueba local",
    noMoney: "Aquí no se mueve dinero.",
    noMoneyText:
      "Este es el emulador de pagos local de Mesa de Truco. No se cobra ninguna tarjeta ni se piden datos de tarjeta: pagar solo le avisa a la app que el pago fue aprobado.",
    item: "Artículo",
    quantity: "Cant.",
    total: "Total",
    every: { day: "por día", week: "por semana", month: "al mes", year: "al año" },
    email: "Correo",
    pay: "Pagar {price}",
    subscribe: "Suscribirse por {price}",
    cancel: "Cancelar y volver",
    more: "Más opciones de prueba",
    delayed: "Pagar con un método de confirmación posterior (se confirma en el panel del emulador)",
    closedTitle: "Este pago está cerrado",
    closedText: "Esta sesión de pago ya se completó o venció. Vuelve a la app para iniciar una nueva compra.",
    footer: "Emulador de pagos — solo para desarrollo local.",
  },
};

function textsFor(locale) {
  return TEXTS[locale] ?? TEXTS.en;
}

function text(locale, key) {
  return textsFor(locale)[key];
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1d2433;--muted:#5b6476;--line:#d5d9e0;--accent:#1a6b3c;--accent-text:#fff;--warn-bg:#fff4d6;--warn-text:#6b4e00;--warn-line:#e9c46a}
@media (prefers-color-scheme:dark){:root{--bg:#12151b;--card:#1c212b;--text:#e8ebf1;--muted:#a3acbd;--line:#394152;--accent:#3fa66a;--accent-text:#0b1a11;--warn-bg:#3a2f0f;--warn-text:#ffd978;--warn-line:#7a6220}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:440px;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:28px}
main.wide{max-width:960px}
.badge{display:inline-block;margin:0 0 12px;padding:2px 10px;border-radius:999px;background:var(--warn-bg);color:var(--warn-text);font-size:13px;font-weight:600}
.notice{margin:0 0 20px;padding:12px 14px;border:1px solid var(--warn-line);border-radius:8px;background:var(--warn-bg);color:var(--warn-text)}
.notice strong{display:block;margin-bottom:4px;font-size:17px}
.notice p{margin:0;color:inherit}
h1{margin:0 0 12px;font-size:22px;line-height:1.3}
h2{margin:24px 0 8px;font-size:17px}
p{margin:0 0 16px;color:var(--muted)}
table{width:100%;border-collapse:collapse;margin:0 0 16px;font-size:15px}
th,td{padding:8px 6px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot td{font-weight:700;border-bottom:0}
.muted{color:var(--muted);font-size:14px}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:20px}
button{width:100%;padding:12px 16px;font:inherit;font-weight:600;border-radius:8px;border:1px solid var(--accent);cursor:pointer}
button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.primary{background:var(--accent);color:var(--accent-text)}
.secondary{background:transparent;color:var(--text);border-color:var(--line)}
.small{width:auto;padding:4px 10px;font-size:13px;font-weight:600}
details{margin-top:16px}
summary{cursor:pointer;color:var(--muted);font-size:14px}
details form{margin-top:10px}
.note{margin:20px 0 0;font-size:13px}
code{font-size:13px}
.inline{display:inline}
`;

function layout(lang, title, body, { wide = false } = {}) {
  return `<!doctype html>
<html lang="${esc(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main${wide ? ' class="wide"' : ""}>
${body}
</main>
</body>
</html>
`;
}

function checkoutPage(ctx, session) {
  const T = textsFor(session.locale);
  if (session.status !== "open") {
    return messagePage(session.locale, T.closedTitle, T.closedText);
  }
  const items = ctx.state.lineItems.get(session.id) ?? [];
  const money = (amount) => formatMoney(amount, session.currency, T.lang);
  const recurring = items.find((item) => item.price.recurring)?.price.recurring;
  const totalText = `${money(session.amount_total)}${recurring ? ` ${T.every[recurring.interval]}` : ""}`;
  const payLabel = (session.mode === "subscription" ? T.subscribe : T.pay).replace("{price}", money(session.amount_total));
  const rows = items
    .map(
      (item) => `
<tr>
  <td><strong>${esc(item._product.name)}</strong>${item._product.description ? `<br><span class="muted">${esc(item._product.description)}</span>` : ""}</td>
  <td class="num">${item.quantity}</td>
  <td class="num">${esc(money(item.amount_total))}${item.price.recurring ? `<br><span class="muted">${esc(T.every[item.price.recurring.interval])}</span>` : ""}</td>
</tr>`,
    )
    .join("");
  const action = `/checkout/${encodeURIComponent(session.id)}`;
  const delayed =
    session.mode === "payment"
      ? `<details><summary>${esc(T.more)}</summary>
<form method="post" action="${action}/pay"><input type="hidden" name="method" value="delayed"><button class="secondary" type="submit">${esc(T.delayed)}</button></form>
</details>`
      : "";
  return layout(
    T.lang,
    `${T.title} — ${money(session.amount_total)}`,
    `
<p class="badge">${esc(T.badge)}</p>
<h1>${esc(T.title)}</h1>
<div class="notice" role="note"><strong>${esc(T.noMoney)}</strong><p>${esc(T.noMoneyText)}</p></div>
<table>
  <thead><tr><th scope="col">${esc(T.item)}</th><th scope="col" class="num">${esc(T.quantity)}</th><th scope="col" class="num">${esc(T.total)}</th></tr></thead>
  <tbody>${rows}</tbody>
  <tfoot><tr><td colspan="2">${esc(T.total)}</td><td class="num" data-testid="checkout-total">${esc(totalText)}</td></tr></tfoot>
</table>
${session.customer_email ? `<p class="muted">${esc(T.email)}: ${esc(session.customer_email)}</p>` : ""}
<div class="actions">
  <form method="post" action="${action}/pay"><input type="hidden" name="method" value="card"><button class="primary" type="submit" aria-label="${esc(payLabel)}">${esc(payLabel)}</button></form>
  <form method="post" action="${action}/cancel"><button class="secondary" type="submit" aria-label="${esc(T.cancel)}">${esc(T.cancel)}</button></form>
</div>
${delayed}
<p class="note">${esc(T.footer)}</p>`,
  );
}

function messagePage(locale, heading, message) {
  const T = textsFor(locale);
  return layout(
    T.lang,
    heading,
    `
<p class="badge">${esc(T.badge)}</p>
<h1>${esc(heading)}</h1>
<p role="alert">${esc(message)}</p>
<p class="note">${esc(T.footer)}</p>`,
  );
}

function dashboardPage(ctx) {
  const { state } = ctx;
  const when = (seconds) => (seconds ? new Date(seconds * 1000).toISOString().replace("T", " ").slice(0, 19) : "—");
  const button = (kind, id, action, label) =>
    `<form class="inline" method="post" action="/dashboard/${kind}/${encodeURIComponent(id)}/${action}"><button class="secondary small" type="submit">${esc(label)}</button></form>`;
  const sessions =
    [...state.sessions.values()]
      .reverse()
      .slice(0, 50)
      .map((s) => {
        const actions = [];
        if (s.status === "complete" && s.payment_status === "unpaid") {
          actions.push(
            button("sessions", s.id, "settle", "Confirm delayed payment"),
            button("sessions", s.id, "fail", "Fail delayed payment"),
          );
        }
        if (s.status === "open") actions.push(button("sessions", s.id, "expire", "Expire"));
        if (s.status !== "open") actions.push(button("sessions", s.id, "resend", "Resend last event"));
        return `<tr><td><code>${esc(s.id.slice(0, 24))}…</code><br><span class="muted">${esc(s.metadata?.user_id ?? "")}</span></td><td>${esc(s.mode)}</td><td class="num">${esc(formatMoney(s.amount_total, s.currency, "en"))}</td><td>${esc(s.status)} / ${esc(s.payment_status)}</td><td>${actions.join(" ")}</td></tr>`;
      })
      .join("") || '<tr><td colspan="5" class="muted">No checkout sessions yet.</td></tr>';
  const subs =
    [...state.subscriptions.values()]
      .reverse()
      .slice(0, 50)
      .map((s) => {
        const end = Math.max(...s.items.data.map((item) => item.current_period_end));
        const actions =
          s.status === "canceled"
            ? []
            : [
                button("subscriptions", s.id, "renew", "Renew now"),
                s.cancel_at_period_end
                  ? button("subscriptions", s.id, "resume", "Resume")
                  : button("subscriptions", s.id, "cancel_at_period_end", "Cancel at period end"),
                button("subscriptions", s.id, "cancel_now", "Cancel now"),
              ];
        return `<tr><td><code>${esc(s.id)}</code><br><span class="muted">${esc(s.metadata?.user_id ?? "")}</span></td><td>${esc(s.status)}${s.cancel_at_period_end ? " (cancels at period end)" : ""}</td><td>${esc(when(end))}</td><td>${actions.join(" ")}</td></tr>`;
      })
      .join("") || '<tr><td colspan="4" class="muted">No subscriptions yet.</td></tr>';
  const deliveries =
    state.deliveries
      .slice(0, 30)
      .map(
        (d) =>
          `<tr><td>${esc(d.at.slice(11, 19))}</td><td>${esc(d.type)}</td><td><code>${esc(d.event)}</code></td><td>${d.attempt}</td><td>${d.status ?? esc(d.error ?? "…")}</td></tr>`,
      )
      .join("") || '<tr><td colspan="5" class="muted">No webhook deliveries yet.</td></tr>';
  return layout(
    "en",
    "Payment emulator",
    `
<p class="badge">Local development only</p>
<h1>Payment emulator</h1>
<div class="notice" role="note"><strong>No money moves here.</strong><p>A local stand-in for the Stripe API. Webhooks go to <code>${esc(ctx.webhookUrl)}</code>, signed with the local endpoint secret.</p></div>
<h2>Checkout sessions</h2>
<table><thead><tr><th>Session</th><th>Mode</th><th class="num">Amount</th><th>Status</th><th>Test actions</th></tr></thead><tbody>${sessions}</tbody></table>
<h2>Subscriptions</h2>
<table><thead><tr><th>Subscription</th><th>Status</th><th>Period end (UTC)</th><th>Test actions</th></tr></thead><tbody>${subs}</tbody></table>
<h2>Webhook deliveries</h2>
<table><thead><tr><th>Time</th><th>Event</th><th>Id</th><th>Try</th><th>Answer</th></tr></thead><tbody>${deliveries}</tbody></table>`,
    { wide: true },
  );
}

// ---------------------------------------------------------------------------
// Helpers

function stripeError(type, message, param) {
  return { error: { type, message, ...(param ? { param } : {}), doc_url: null, request_log_url: null } };
}

function missing(object, id) {
  const names = {
    "checkout.session": "checkout.session",
    subscription: "subscription",
    invoice: "invoice",
    event: "event",
    customer: "customer",
  };
  return {
    error: {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such ${names[object] ?? object}: '${id}'`,
      param: "id",
      doc_url: null,
    },
  };
}

function list(data, url) {
  return { object: "list", data, has_more: false, url };
}

function bearer(req) {
  const header = String(req.headers.authorization ?? "");
  if (header.startsWith("Bearer ")) return header.slice(7).trim();
  if (header.startsWith("Basic ")) return Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0];
  return "";
}

function authorized(req, apiKey) {
  const given = Buffer.from(bearer(req));
  const expected = Buffer.from(apiKey);
  return (
    given.length === expected.length &&
    createHash("sha256").update(given).digest("hex") === createHash("sha256").update(expected).digest("hex")
  );
}

function stringMap(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === "string"));
}

function withSessionId(url, id) {
  return String(url).replaceAll("{CHECKOUT_SESSION_ID}", encodeURIComponent(id));
}

function addInterval(seconds, recurring) {
  const date = new Date(seconds * 1000);
  const count = recurring?.interval_count ?? 1;
  switch (recurring?.interval) {
    case "day":
      date.setUTCDate(date.getUTCDate() + count);
      break;
    case "week":
      date.setUTCDate(date.getUTCDate() + 7 * count);
      break;
    case "year":
      date.setUTCFullYear(date.getUTCFullYear() + count);
      break;
    default:
      date.setUTCMonth(date.getUTCMonth() + count);
  }
  return Math.floor(date.getTime() / 1000);
}

function formatMoney(amount, currency, locale) {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency: String(currency).toUpperCase() }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${String(currency).toUpperCase()}`;
  }
}

function isHttpUrl(value) {
  try {
    const url = new URL(String(value).replaceAll("{CHECKOUT_SESSION_ID}", "x"));
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function toInt(value) {
  return typeof value === "number" ? value : /^-?\d+$/.test(String(value)) ? Number(value) : NaN;
}

function now() {
  return Math.floor(Date.now() / 1000);
}

function randomId(length) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}

function sendJson(res, status, body) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body, null, 2));
}

function redirect(res, location) {
  res.statusCode = 303;
  res.setHeader("location", location);
  res.setHeader("cache-control", "no-store");
  res.end();
}

async function readBody(req, res) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      sendJson(res, 413, stripeError("invalid_request_error", "Request body too large."));
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readForm(req, res) {
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    res.writeHead(415, { "content-type": "text/plain; charset=utf-8" });
    res.end("Expected a form submission\n");
    return undefined;
  }
  const raw = await readBody(req, res);
  return raw === undefined ? undefined : new URLSearchParams(raw);
}

// ---------------------------------------------------------------------------
// CLI

if (isMain(import.meta.url)) {
  await runAlone({
    name: "Payment emulator",
    portVar: "PAYMENT_EMULATOR_PORT",
    defaultPort: 8791,
    start: (port) =>
      startPaymentEmulator({
        port,
        appUrl: process.env.APP_URL || "http://127.0.0.1:8788",
        webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || DEFAULT_WEBHOOK_SECRET,
      }),
    describe: (emulator) => `${emulator.url} (webhooks to ${emulator.webhookUrl})`,
  });
}
