import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { call, createPlayer, expectLedgerInvariant, userRow } from "./helpers";
import {
  checkout,
  checkoutSession,
  countRows,
  deliver,
  emulatorGet,
  invoiceObject,
  nowSeconds,
  paidPackEvent,
  randomId,
  stripeEvent,
  subscriptionObject,
} from "./payment-helpers";

afterEach(expectLedgerInvariant);

describe("POST /api/payments/coins and /api/payments/premium", () => {
  it("answers 401 when signed out", async () => {
    expect((await call("/api/payments/coins", { method: "POST", body: { pack_id: 1, amount: 499 } })).status).toBe(401);
    expect((await call("/api/payments/premium", { method: "POST", body: { plan_type: "monthly", amount: 999 } })).status).toBe(401);
  });

  it("refuses a tampered amount, an unknown pack and an unknown plan, creating nothing", async () => {
    const { user, cookie } = await createPlayer("Esperto");
    const tampered = await call("/api/payments/coins", { method: "POST", cookie, body: { pack_id: 5, amount: 1 } });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ error: "O valor informado não corresponde ao preço atual" });
    const premiumTampered = await call("/api/payments/premium", { method: "POST", cookie, body: { plan_type: "yearly", amount: 999 } });
    expect(premiumTampered.status).toBe(400);
    const unknownPack = await call("/api/payments/coins", { method: "POST", cookie, body: { pack_id: 9, amount: 499 } });
    expect(unknownPack.status).toBe(400);
    expect(await unknownPack.json()).toEqual({ error: "Pacote de moedas inválido" });
    const unknownPlan = await call("/api/payments/premium", { method: "POST", cookie, body: { plan_type: "weekly", amount: 999 } });
    expect(unknownPlan.status).toBe(400);
    expect(await unknownPlan.json()).toEqual({ error: "Plano inválido" });
    const malformed = await call("/api/payments/coins", { method: "POST", cookie, body: { pack_id: "2", amount: 9.99 } });
    expect(malformed.status).toBe(400);
    expect(await countRows("SELECT COUNT(*) AS n FROM payments WHERE user_id = ?", user.id)).toBe(0);
  });

  it("creates a payment-mode Checkout Session with the pack's line item, and a pending payment", async () => {
    const { user, cookie } = await createPlayer("Comprador");
    const sessionId = await checkout(cookie, { pack_id: 3, amount: 1999 });
    const session = await emulatorGet<Record<string, unknown>>(`/v1/checkout/sessions/${sessionId}`);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 1999,
      currency: "usd",
      client_reference_id: user.id,
      metadata: { user_id: user.id, kind: "coins", pack_id: "3" },
      locale: "pt-BR",
      success_url: "http://example.com/payments/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://example.com/payments/cancel?session_id={CHECKOUT_SESSION_ID}",
    });
    const items = await emulatorGet<{ data: Array<Record<string, unknown>> }>(`/v1/checkout/sessions/${sessionId}/line_items`);
    expect(items.data).toHaveLength(1);
    expect(items.data[0]).toMatchObject({ quantity: 1, description: "7.000 moedas — Mesa de Truco", amount_total: 1999 });
    expect(items.data[0].price).toMatchObject({ unit_amount: 1999, currency: "usd", type: "one_time" });

    const payment = await env.DB.prepare("SELECT * FROM payments WHERE stripe_session_id = ?").bind(sessionId).first();
    expect(payment).toMatchObject({ user_id: user.id, kind: "coins", pack_id: 3, amount_cents: 1999, coins: 7000, status: "pending" });
    // Nothing is credited before the webhook.
    expect((await userRow(user.id))?.virtual_coins).toBe(1000);

    const status = await call(`/api/payments/sessions/${sessionId}`, { cookie });
    expect(await status.json()).toMatchObject({ status: "pending", kind: "coins", coins: 7000, virtual_coins: 1000 });
    const stranger = await createPlayer("Curioso");
    expect((await call(`/api/payments/sessions/${sessionId}`, { cookie: stranger.cookie })).status).toBe(404);
  });

  it("creates a subscription-mode Checkout Session for a premium plan, in the player's language", async () => {
    const { user, cookie } = await createPlayer("Assinante");
    const sessionId = await checkout(`${cookie}; lng=en`, { plan_type: "yearly", amount: 9999 });
    const session = await emulatorGet<Record<string, unknown>>(`/v1/checkout/sessions/${sessionId}`);
    expect(session).toMatchObject({
      mode: "subscription",
      amount_total: 9999,
      locale: "en",
      metadata: { user_id: user.id, plan_type: "yearly" },
    });
    const items = await emulatorGet<{ data: Array<Record<string, unknown>> }>(`/v1/checkout/sessions/${sessionId}/line_items`);
    expect(items.data[0]).toMatchObject({ description: "Mesa de Truco Premium — yearly" });
    expect(items.data[0].price).toMatchObject({ unit_amount: 9999, type: "recurring", recurring: { interval: "year" } });
    expect(
      await env.DB.prepare("SELECT kind, plan_type, amount_cents, status FROM payments WHERE stripe_session_id = ?")
        .bind(sessionId)
        .first(),
    ).toEqual({
      kind: "premium",
      plan_type: "yearly",
      amount_cents: 9999,
      status: "pending",
    });
  });

  it("refuses premium to a player who already has it", async () => {
    const { user, cookie } = await createPlayer("JaPremium");
    await env.DB.prepare("UPDATE users SET premium_until = ? WHERE id = ?").bind("2999-01-01T00:00:00.000Z", user.id).run();
    const response = await call("/api/payments/premium", { method: "POST", cookie, body: { plan_type: "monthly", amount: 999 } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "Você já é Premium" });
  });
});

describe("POST /api/webhooks/stripe: signatures", () => {
  async function paidEvent() {
    const { user, cookie } = await createPlayer("Assinado");
    const sessionId = await checkout(cookie, { pack_id: 2, amount: 999 });
    const event = paidPackEvent(user.id, sessionId, 2);
    return { user, event };
  }

  async function expectNothingHappened(userId: string, eventId: string) {
    expect((await userRow(userId))?.virtual_coins).toBe(1000);
    expect(await countRows("SELECT COUNT(*) AS n FROM stripe_events WHERE id = ?", eventId)).toBe(0);
    expect(await countRows("SELECT COUNT(*) AS n FROM payments WHERE user_id = ? AND status = 'paid'", userId)).toBe(0);
  }

  it("refuses a missing, malformed or forged signature with 400", async () => {
    const { user, event } = await paidEvent();
    expect((await deliver(event, { signature: null })).status).toBe(400);
    expect((await deliver(event, { signature: "nonsense" })).status).toBe(400);
    expect((await deliver(event, { signature: `t=${nowSeconds()},v1=${"0".repeat(64)}` })).status).toBe(400);
    await expectNothingHappened(user.id, event.id);
  });

  it("refuses an event signed with another secret", async () => {
    const { user, event } = await paidEvent();
    const response = await deliver(event, { secret: "whsec_someone_else" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid signature" });
    await expectNothingHappened(user.id, event.id);
  });

  it("refuses a stale timestamp (a replay) even with a valid signature", async () => {
    const { user, event } = await paidEvent();
    expect((await deliver(event, { timestamp: nowSeconds() - 10 * 60 })).status).toBe(400);
    await expectNothingHappened(user.id, event.id);
  });

  it("refuses a body changed after signing", async () => {
    const { user, event } = await paidEvent();
    const payload = JSON.stringify(event);
    const { signStripe } = await import("./payment-helpers");
    const signature = await signStripe(payload);
    const tampered = payload.replace('"pack_id":"2"', '"pack_id":"5"');
    expect(tampered).not.toBe(payload);
    expect((await deliver(tampered, { signature })).status).toBe(400);
    await expectNothingHappened(user.id, event.id);
  });

  it("is not subject to the Origin check, and answers 405 to other methods", async () => {
    const { event } = await paidEvent();
    expect((await deliver(event)).status).toBe(200);
    expect((await call("/api/webhooks/stripe", { method: "PUT", origin: null, body: "{}" })).status).toBe(405);
  });
});

describe("POST /api/webhooks/stripe: coins", () => {
  it("credits pack coins plus bonus once, however many times and however concurrently the event arrives", async () => {
    const { user, cookie } = await createPlayer("Repetido");
    const sessionId = await checkout(cookie, { pack_id: 2, amount: 999 }); // 2,500 + 500
    const event = paidPackEvent(user.id, sessionId, 2);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    const sequential = [];
    for (let i = 0; i < 5; i++) sequential.push(await deliver(event));
    for (const response of [...concurrent, ...sequential]) expect(response.status).toBe(200);
    const outcomes = await Promise.all([...concurrent, ...sequential].map((r) => r.json<{ outcome: string }>()));
    expect(outcomes.filter((o) => o.outcome === "processed")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "duplicate")).toHaveLength(9);

    expect((await userRow(user.id))?.virtual_coins).toBe(4000);
    const rows = await env.DB.prepare(
      "SELECT amount, transaction_type, idempotency_key, description FROM coin_transactions WHERE user_id = ? AND transaction_type = 'purchase'",
    )
      .bind(user.id)
      .all();
    expect(rows.results).toEqual([
      {
        amount: 3000,
        transaction_type: "purchase",
        idempotency_key: `stripe:checkout:${sessionId}`,
        description: "Pacote de 2.500 moedas + 500 de bônus",
      },
    ]);
    expect(await countRows("SELECT COUNT(*) AS n FROM stripe_events WHERE id = ?", event.id)).toBe(1);
    const status = await (await call(`/api/payments/sessions/${sessionId}`, { cookie })).json();
    expect(status).toMatchObject({ status: "paid", coins: 3000, virtual_coins: 4000 });
  });

  it("credits nothing for a completed but unpaid session, then once when the async payment succeeds", async () => {
    const { user, cookie } = await createPlayer("Boleto");
    const sessionId = await checkout(cookie, { pack_id: 1, amount: 499 });
    const meta = { user_id: user.id, kind: "coins", pack_id: "1" };
    const completed = stripeEvent(
      "checkout.session.completed",
      checkoutSession({ id: sessionId, mode: "payment", payment_status: "unpaid", userId: user.id, metadata: meta }),
    );
    expect((await deliver(completed)).status).toBe(200);
    expect((await userRow(user.id))?.virtual_coins).toBe(1000);
    expect(await env.DB.prepare("SELECT status FROM payments WHERE stripe_session_id = ?").bind(sessionId).first("status")).toBe("pending");

    const succeeded = stripeEvent(
      "checkout.session.async_payment_succeeded",
      checkoutSession({ id: sessionId, mode: "payment", payment_status: "paid", userId: user.id, metadata: meta }),
    );
    // The success and a stray "completed (paid)" for the same session arrive together: one credit.
    const completedPaid = stripeEvent(
      "checkout.session.completed",
      checkoutSession({ id: sessionId, mode: "payment", payment_status: "paid", userId: user.id, metadata: meta }),
    );
    const responses = await Promise.all([deliver(succeeded), deliver(completedPaid), deliver(succeeded)]);
    for (const response of responses) expect(response.status).toBe(200);
    expect((await userRow(user.id))?.virtual_coins).toBe(2000);
    expect(await countRows("SELECT COUNT(*) AS n FROM coin_transactions WHERE idempotency_key = ?", `stripe:checkout:${sessionId}`)).toBe(
      1,
    );
    // Both distinct events are recorded.
    expect(
      await countRows("SELECT COUNT(*) AS n FROM stripe_events WHERE id IN (?, ?, ?)", completed.id, succeeded.id, completedPaid.id),
    ).toBe(3);
    expect(await env.DB.prepare("SELECT status FROM payments WHERE stripe_session_id = ?").bind(sessionId).first("status")).toBe("paid");
  });

  it("marks a failed async payment and an expired session, crediting nothing", async () => {
    const { user, cookie } = await createPlayer("Falhou");
    const failedId = await checkout(cookie, { pack_id: 1, amount: 499 });
    const expiredId = await checkout(cookie, { pack_id: 1, amount: 499 });
    await deliver(
      stripeEvent(
        "checkout.session.async_payment_failed",
        checkoutSession({ id: failedId, mode: "payment", payment_status: "unpaid", userId: user.id }),
      ),
    );
    await deliver(
      stripeEvent("checkout.session.expired", {
        ...checkoutSession({ id: expiredId, mode: "payment", payment_status: "unpaid", userId: user.id }),
        status: "expired",
      }),
    );
    const statuses = await env.DB.prepare("SELECT stripe_session_id AS id, status FROM payments WHERE user_id = ?")
      .bind(user.id)
      .all<{ id: string; status: string }>();
    expect(Object.fromEntries(statuses.results.map((r) => [r.id, r.status]))).toEqual({ [failedId]: "failed", [expiredId]: "expired" });
    expect((await userRow(user.id))?.virtual_coins).toBe(1000);
  });

  it("credits a paid session it has no record of from the metadata set at creation", async () => {
    const { user } = await createPlayer("SemRegistro");
    const session = checkoutSession({
      mode: "payment",
      payment_status: "paid",
      userId: user.id,
      metadata: { user_id: user.id, kind: "coins", pack_id: "4" },
    });
    expect((await deliver(stripeEvent("checkout.session.completed", session))).status).toBe(200);
    expect((await userRow(user.id))?.virtual_coins).toBe(1000 + 16000);
    expect(await env.DB.prepare("SELECT status, coins FROM payments WHERE stripe_session_id = ?").bind(session.id).first()).toEqual({
      status: "paid",
      coins: 16000,
    });
  });

  it("records and ignores events it does not act on, and sessions that are not ours", async () => {
    const unknownType = stripeEvent("customer.created", { id: randomId("cus_"), object: "customer" });
    const response = await deliver(unknownType);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
    const foreign = stripeEvent(
      "checkout.session.completed",
      checkoutSession({ mode: "payment", payment_status: "paid", userId: "nobody" }),
    );
    expect(await (await deliver(foreign)).json()).toEqual({ received: true, outcome: "ignored" });
    expect(await countRows("SELECT COUNT(*) AS n FROM stripe_events WHERE id IN (?, ?)", unknownType.id, foreign.id)).toBe(2);
  });
});

describe("POST /api/webhooks/stripe: premium", () => {
  const DAY = 86400;

  function permutations<T>(items: T[]): T[][] {
    if (items.length <= 1) return [items];
    return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
  }

  async function premiumOf(cookie: string) {
    return (await call("/api/users/me", { cookie })).json<{ is_premium: boolean; premium_until: string | null }>();
  }

  it("activates premium from the subscription and invoice events of a checkout, in any order", async () => {
    const t0 = nowSeconds();
    const periodEnd = t0 + 30 * DAY;
    for (const order of permutations(["created", "invoice", "checkout"])) {
      const { user, cookie } = await createPlayer("Premium");
      const subId = randomId("sub_");
      const events = {
        created: stripeEvent(
          "customer.subscription.created",
          subscriptionObject({ id: subId, userId: user.id, status: "active", periodEnd }),
          t0,
        ),
        invoice: stripeEvent("invoice.paid", invoiceObject({ subscriptionId: subId, userId: user.id, periodEnd }), t0),
        checkout: stripeEvent(
          "checkout.session.completed",
          checkoutSession({
            mode: "subscription",
            payment_status: "paid",
            userId: user.id,
            subscription: subId,
            metadata: { user_id: user.id, kind: "premium", plan_type: "monthly" },
          }),
          t0,
        ),
      };
      for (const name of order) expect((await deliver(events[name as keyof typeof events])).status).toBe(200);
      const me = await premiumOf(cookie);
      expect(me.is_premium).toBe(true);
      expect(me.premium_until).toBe(new Date(periodEnd * 1000).toISOString());
      // No coins for a subscription.
      expect((await userRow(user.id))?.virtual_coins).toBe(1000);
    }
  });

  it("converges to ended whatever the order of created, updated (cancel at period end) and deleted", async () => {
    const t0 = nowSeconds() - 60;
    const periodEnd = t0 + 30 * DAY;
    for (const order of permutations(["created", "updated", "deleted"])) {
      const { user, cookie } = await createPlayer("Cancelado");
      const subId = randomId("sub_");
      const events = {
        created: stripeEvent(
          "customer.subscription.created",
          subscriptionObject({ id: subId, userId: user.id, status: "active", periodEnd }),
          t0,
        ),
        updated: stripeEvent(
          "customer.subscription.updated",
          subscriptionObject({ id: subId, userId: user.id, status: "active", periodEnd, cancelAtPeriodEnd: true }),
          t0 + 10,
        ),
        deleted: stripeEvent(
          "customer.subscription.deleted",
          subscriptionObject({ id: subId, userId: user.id, status: "canceled", periodEnd, endedAt: t0 + 20 }),
          t0 + 20,
        ),
      };
      for (const name of order) await deliver(events[name as keyof typeof events]);
      expect((await premiumOf(cookie)).is_premium).toBe(false);
      expect(await env.DB.prepare("SELECT status, last_event_at FROM subscriptions WHERE id = ?").bind(subId).first()).toEqual({
        status: "canceled",
        last_event_at: t0 + 20,
      });
    }
  });

  it("keeps premium until the period end after cancel-at-period-end, and follows renewals in any order", async () => {
    const t0 = nowSeconds() - 100;
    const end1 = t0 + 30 * DAY;
    const end2 = end1 + 30 * DAY;
    const scenarios = permutations(["created", "invoice1", "renewed", "invoice2"]);
    for (const order of scenarios.slice(0, 8)) {
      const { user, cookie } = await createPlayer("Renovado");
      const subId = randomId("sub_");
      const events = {
        created: stripeEvent(
          "customer.subscription.created",
          subscriptionObject({ id: subId, userId: user.id, status: "active", periodEnd: end1 }),
          t0,
        ),
        invoice1: stripeEvent("invoice.paid", invoiceObject({ subscriptionId: subId, userId: user.id, periodEnd: end1 }), t0),
        renewed: stripeEvent(
          "customer.subscription.updated",
          subscriptionObject({ id: subId, userId: user.id, status: "active", periodEnd: end2 }),
          t0 + 50,
        ),
        invoice2: stripeEvent("invoice.paid", invoiceObject({ subscriptionId: subId, userId: user.id, periodEnd: end2 }), t0 + 50),
      };
      for (const name of order) await deliver(events[name as keyof typeof events]);
      expect((await premiumOf(cookie)).premium_until).toBe(new Date(end2 * 1000).toISOString());
    }
    // Cancel at period end: still premium until then.
    const { user, cookie } = await createPlayer("AteOFim");
    const subId = randomId("sub_");
    await deliver(
      stripeEvent(
        "customer.subscription.created",
        subscriptionObject({ id: subId, userId: user.id, status: "active", periodEnd: end1 }),
        t0,
      ),
    );
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ id: subId, userId: user.id, status: "active", periodEnd: end1, cancelAtPeriodEnd: true }),
        t0 + 5,
      ),
    );
    const me = await premiumOf(cookie);
    expect(me).toMatchObject({ is_premium: true, premium_until: new Date(end1 * 1000).toISOString() });
  });

  it("breaks same-second ties by the subscription's life cycle, so both orders agree", async () => {
    const t0 = nowSeconds();
    const periodEnd = t0 + 30 * DAY;
    for (const order of [
      ["active", "canceled"],
      ["canceled", "active"],
    ]) {
      const { user, cookie } = await createPlayer("Empate");
      const subId = randomId("sub_");
      const events = {
        active: stripeEvent(
          "customer.subscription.updated",
          subscriptionObject({ id: subId, userId: user.id, status: "active", periodEnd }),
          t0,
        ),
        canceled: stripeEvent(
          "customer.subscription.deleted",
          subscriptionObject({ id: subId, userId: user.id, status: "canceled", periodEnd, endedAt: t0 }),
          t0,
        ),
      };
      for (const name of order) await deliver(events[name as keyof typeof events]);
      expect((await premiumOf(cookie)).is_premium).toBe(false);
    }
  });
});
