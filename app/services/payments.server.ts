import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { payments, stripeEvents, subscriptions, users, type Payment, type User } from "../../db/schema";
import { CURRENCY, findPack, packTotal, type CoinPack, type PlanType, type PremiumPlan } from "~/utils/catalog";
import type { Language } from "~/i18n";
import type { Database } from "../../db/client";
import { isUniqueViolation, keyExists, movementStatements, paymentRef, type Movement } from "../../db/ledger";
import { stripeClient, type Stripe } from "./stripe.server";
import { isPremium } from "./users.server";

// Coin packs and premium through Stripe Checkout (ADR 020). The browser only
// ever gets a session URL; coins and premium are granted by the verified
// webhook alone, exactly once, and premium follows the subscription
// whatever order its events arrive in.

type Translate = (key: string, options?: Record<string, unknown>) => string;

const STRIPE_LOCALES: Record<Language, "pt-BR" | "en" | "es"> = { "pt-BR": "pt-BR", en: "en", es: "es" };

function returnUrls(request: Request) {
  const origin = new URL(request.url).origin;
  // Stripe replaces {CHECKOUT_SESSION_ID} with the session's id on the way back.
  return {
    success_url: `${origin}/payments/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/payments/cancel?session_id={CHECKOUT_SESSION_ID}`,
  };
}

async function recordCheckout(db: Database, values: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(values);
}

/** A Checkout Session (mode payment) for a coin pack; answers its URL. */
export async function createCoinCheckout(
  context: AppLoadContext,
  request: Request,
  user: User,
  pack: CoinPack,
  language: Language,
  t: Translate,
): Promise<string> {
  const total = packTotal(pack);
  const metadata = { user_id: user.id, kind: "coins", pack_id: String(pack.id) };
  const session = await stripeClient(context.env).checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: CURRENCY,
          unit_amount: pack.priceCents,
          product_data: {
            name: t("payments:productCoins", { count: total }),
            description:
              pack.bonus > 0 ? t("payments:productCoinsBonus", { coins: pack.coins, bonus: pack.bonus }) : t("payments:productCoinsPlain"),
            metadata: { pack_id: String(pack.id) },
          },
        },
      },
    ],
    client_reference_id: user.id,
    customer_email: user.email ?? undefined,
    metadata,
    payment_intent_data: { metadata },
    locale: STRIPE_LOCALES[language],
    ...returnUrls(request),
  });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  await recordCheckout(context.db, {
    id: crypto.randomUUID(),
    user_id: user.id,
    kind: "coins",
    pack_id: pack.id,
    amount_cents: pack.priceCents,
    currency: CURRENCY,
    coins: total,
    stripe_session_id: session.id,
  });
  return session.url;
}

/** A Checkout Session (mode subscription) for a premium plan; answers its URL. */
export async function createPremiumCheckout(
  context: AppLoadContext,
  request: Request,
  user: User,
  plan: PremiumPlan,
  language: Language,
  t: Translate,
): Promise<string> {
  const metadata = { user_id: user.id, kind: "premium", plan_type: plan.type };
  const session = await stripeClient(context.env).checkout.sessions.create({
    mode: "subscription",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: CURRENCY,
          unit_amount: plan.priceCents,
          recurring: { interval: plan.interval },
          product_data: {
            name: t(plan.type === "monthly" ? "premium:productMonthly" : "premium:productYearly"),
            metadata: { plan_type: plan.type },
          },
        },
      },
    ],
    client_reference_id: user.id,
    customer_email: user.email ?? undefined,
    metadata,
    // Copied onto the subscription, so its events (and its invoices'
    // parent.subscription_details) name the player and the plan.
    subscription_data: { metadata },
    locale: STRIPE_LOCALES[language],
    ...returnUrls(request),
  });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  await recordCheckout(context.db, {
    id: crypto.randomUUID(),
    user_id: user.id,
    kind: "premium",
    plan_type: plan.type,
    amount_cents: plan.priceCents,
    currency: CURRENCY,
    coins: 0,
    stripe_session_id: session.id,
  });
  return session.url;
}

/** What the return pages show: the player's own payment, as the webhook left it. */
export interface PaymentStatus {
  session_id: string;
  kind: Payment["kind"];
  status: Payment["status"];
  coins: number;
  pack_id: number | null;
  plan_type: PlanType | null;
  amount_cents: number;
  /** For premium: granted once the subscription events have arrived too. */
  is_premium: boolean;
  premium_until: string | null;
  virtual_coins: number;
}

export async function paymentStatus(db: Database, userId: string, sessionId: string): Promise<PaymentStatus | null> {
  const row = await db
    .select({ payment: payments, user: { premium_until: users.premium_until, virtual_coins: users.virtual_coins } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.user_id))
    .where(and(eq(payments.stripe_session_id, sessionId), eq(payments.user_id, userId)))
    .get();
  if (!row) return null;
  const { payment, user } = row;
  return {
    session_id: payment.stripe_session_id,
    kind: payment.kind,
    status: payment.status,
    coins: payment.coins,
    pack_id: payment.pack_id,
    plan_type: payment.plan_type,
    amount_cents: payment.amount_cents,
    is_premium: isPremium(user),
    premium_until: user.premium_until,
    virtual_coins: user.virtual_coins,
  };
}

// ---------------------------------------------------------------------------
// Webhook events

export type EventOutcome = "processed" | "duplicate" | "ignored";

interface Effects {
  statements: BatchItem<"sqlite">[];
  credit?: Movement;
  /** Nothing to change: the event is only recorded. */
  ignored?: boolean;
}

/** The idempotency key of a checkout's coins: one credit per Checkout Session. */
export function checkoutCreditKey(sessionId: string): string {
  return `stripe:checkout:${sessionId}`;
}

/**
 * Applies one verified Stripe event: records its id and makes its changes in
 * a single batch. A redelivered event, or the second event of a checkout that
 * was already credited, changes nothing.
 */
export async function processStripeEvent(db: Database, event: Stripe.Event): Promise<EventOutcome> {
  const record = db.insert(stripeEvents).values({ id: event.id, type: event.type, created: event.created });
  const effects = await effectsOf(db, event);
  const credit = effects.credit ? movementStatements(db, effects.credit) : [];
  try {
    await db.batch([record, ...effects.statements, ...credit] as unknown as [BatchItem<"sqlite">]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (await eventRecorded(db, event.id)) return "duplicate";
    if (!effects.credit || !(await keyExists(db, effects.credit.key))) throw error;
    // The other event of this checkout (completed / async_payment_succeeded)
    // credited it first: record this one and its other changes, credit nothing.
    try {
      await db.batch([record, ...effects.statements] as unknown as [BatchItem<"sqlite">]);
    } catch (retryError) {
      if (isUniqueViolation(retryError) && (await eventRecorded(db, event.id))) return "duplicate";
      throw retryError;
    }
  }
  return effects.ignored ? "ignored" : "processed";
}

async function eventRecorded(db: Database, id: string): Promise<boolean> {
  return Boolean(await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id)).get());
}

async function effectsOf(db: Database, event: Stripe.Event): Promise<Effects> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutPaid(db, event.data.object);
    case "checkout.session.async_payment_failed":
      return checkoutClosed(db, event.data.object, "failed");
    case "checkout.session.expired":
      return checkoutClosed(db, event.data.object, "expired");
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return subscriptionChanged(db, event.data.object, event.created);
    case "invoice.paid":
      return invoicePaid(db, event.data.object, event.created);
    default:
      return { statements: [], ignored: true };
  }
}

/** The checkout's payment row, or one rebuilt from the session's metadata (set by us at creation). */
async function paymentOfSession(db: Database, session: Stripe.Checkout.Session): Promise<Payment | null> {
  const row = await db.select().from(payments).where(eq(payments.stripe_session_id, session.id)).get();
  if (row) return row;
  const meta = session.metadata ?? {};
  const userId = meta.user_id ?? session.client_reference_id;
  if (!userId) return null;
  const known = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  if (!known) return null;
  if (session.mode === "payment" && meta.kind === "coins") {
    const pack = findPack(Number(meta.pack_id));
    if (!pack) return null;
    return paymentRow(session, userId, { kind: "coins", pack_id: pack.id, coins: packTotal(pack), plan_type: null });
  }
  if (session.mode === "subscription" && meta.kind === "premium" && (meta.plan_type === "monthly" || meta.plan_type === "yearly")) {
    return paymentRow(session, userId, { kind: "premium", pack_id: null, coins: 0, plan_type: meta.plan_type });
  }
  return null;
}

function paymentRow(
  session: Stripe.Checkout.Session,
  userId: string,
  item: Pick<Payment, "kind" | "pack_id" | "coins" | "plan_type">,
): Payment {
  return {
    id: `session:${session.id}`,
    user_id: userId,
    ...item,
    amount_cents: session.amount_total ?? 0,
    currency: session.currency ?? CURRENCY,
    status: "pending",
    stripe_session_id: session.id,
    stripe_subscription_id: null,
    created_at: new Date(session.created * 1000).toISOString(),
    completed_at: null,
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

async function checkoutPaid(db: Database, session: Stripe.Checkout.Session): Promise<Effects> {
  const payment = await paymentOfSession(db, session);
  if (!payment) return { statements: [], ignored: true };
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const now = new Date().toISOString();
  const subscriptionId = idOf(session.subscription as string | { id: string } | null);
  // Upsert: the row exists unless the checkout was created elsewhere.
  const upsert = db
    .insert(payments)
    .values({ ...payment, status: paid ? "paid" : payment.status, completed_at: paid ? now : null, stripe_subscription_id: subscriptionId })
    .onConflictDoUpdate({
      target: payments.stripe_session_id,
      set: paid
        ? { status: "paid", completed_at: sql`COALESCE(${payments.completed_at}, ${now})`, stripe_subscription_id: subscriptionId }
        : { stripe_subscription_id: subscriptionId },
    });
  if (!paid) return { statements: [upsert] }; // completed, payment still processing: no coins yet
  if (payment.kind !== "coins" || payment.coins <= 0) return { statements: [upsert] };
  const pack = payment.pack_id ? findPack(payment.pack_id) : undefined;
  return {
    statements: [upsert],
    credit: {
      userId: payment.user_id,
      amount: payment.coins,
      type: "purchase",
      description: pack
        ? pack.bonus > 0
          ? `Pacote de ${formatCoins(pack.coins)} moedas + ${formatCoins(pack.bonus)} de bônus`
          : `Pacote de ${formatCoins(pack.coins)} moedas`
        : `Compra de ${formatCoins(payment.coins)} moedas`,
      ref: paymentRef(payment.id),
      key: checkoutCreditKey(session.id),
    },
  };
}

function formatCoins(value: number): string {
  return value.toLocaleString("pt-BR");
}

async function checkoutClosed(db: Database, session: Stripe.Checkout.Session, status: "failed" | "expired"): Promise<Effects> {
  // Only a pending payment can fail or expire; a paid one stays paid.
  return {
    statements: [
      db
        .update(payments)
        .set({ status, completed_at: new Date().toISOString() })
        .where(and(eq(payments.stripe_session_id, session.id), eq(payments.status, "pending"))),
    ],
  };
}

// ---------------------------------------------------------------------------
// Premium: the subscription's state converges

/** Statuses under which the player has premium. */
const ACCESS_STATUSES = ["active", "trialing", "past_due"] as const;

interface SubscriptionSnapshot {
  id: string;
  userId: string;
  planType: PlanType;
  status: string;
  /** ISO end of the paid period (null when unknown). */
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The event's `created`: snapshots are ordered by it. */
  at: number;
}

/**
 * Statuses in the order a subscription moves through them, to break ties
 * between two events of the same second (Stripe's `created` has 1 s
 * resolution): a same-second "canceled" comes after "active", and so on.
 */
const STATUS_ORDER = ["incomplete", "trialing", "active", "past_due", "paused", "unpaid", "incomplete_expired", "canceled"];

function statusRank(column: string) {
  const cases = STATUS_ORDER.map((status, i) => `WHEN '${status}' THEN ${i + 1}`).join(" ");
  return sql.raw(`(CASE ${column} ${cases} ELSE 0 END)`);
}

/**
 * The snapshot replaces the stored state only if it is newer by the total
 * order (event time, status order, period end, cancel flag): any delivery
 * order of the same events leaves the same row.
 */
function upsertSnapshot(db: Database, s: SubscriptionSnapshot) {
  const now = new Date().toISOString();
  const newRank = statusRank("excluded.status");
  const oldRank = statusRank('"subscriptions"."status"');
  const newEnd = sql.raw("COALESCE(excluded.current_period_end, '')");
  const oldEnd = sql`COALESCE(${subscriptions.current_period_end}, '')`;
  return db
    .insert(subscriptions)
    .values({
      id: s.id,
      user_id: s.userId,
      plan_type: s.planType,
      status: s.status,
      current_period_end: s.periodEnd,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      last_event_at: s.at,
      updated_at: now,
    })
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: {
        plan_type: sql.raw("excluded.plan_type"),
        status: sql.raw("excluded.status"),
        current_period_end: sql.raw("excluded.current_period_end"),
        cancel_at_period_end: sql.raw("excluded.cancel_at_period_end"),
        last_event_at: sql.raw("excluded.last_event_at"),
        updated_at: sql.raw("excluded.updated_at"),
      },
      setWhere: sql`(excluded.last_event_at, ${newRank}, ${newEnd}, excluded.cancel_at_period_end)
        > (${subscriptions.last_event_at}, ${oldRank}, ${oldEnd}, ${subscriptions.cancel_at_period_end})`,
    });
}

/** users.premium_until from the player's subscriptions, in the same batch. */
function premiumFromSubscriptions(db: Database, userId: string) {
  const live = ACCESS_STATUSES.map((status) => `'${status}'`).join(",");
  return db
    .update(users)
    .set({
      premium_until: sql`(SELECT MAX(CASE WHEN ${subscriptions.status} IN (${sql.raw(live)}) THEN ${subscriptions.current_period_end} END) FROM ${subscriptions} WHERE ${subscriptions.user_id} = ${userId})`,
    })
    .where(eq(users.id, userId));
}

function isoOf(seconds: number | null | undefined): string | null {
  return typeof seconds === "number" && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
}

function planOf(metadata: Record<string, string> | null | undefined, interval?: string | null): PlanType | null {
  const declared = metadata?.plan_type;
  if (declared === "monthly" || declared === "yearly") return declared;
  if (interval === "month") return "monthly";
  if (interval === "year") return "yearly";
  return null;
}

/** The stored owner and plan of a subscription we already know. */
async function knownSubscription(db: Database, id: string) {
  const row = await db
    .select({ user_id: subscriptions.user_id, plan_type: subscriptions.plan_type })
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .get();
  if (row) return row;
  const payment = await db
    .select({ user_id: payments.user_id, plan_type: payments.plan_type })
    .from(payments)
    .where(eq(payments.stripe_subscription_id, id))
    .get();
  return payment?.plan_type ? { user_id: payment.user_id, plan_type: payment.plan_type } : null;
}

async function ownerOf(db: Database, userId: string | undefined): Promise<string | null> {
  if (!userId) return null;
  const row = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  return row?.id ?? null;
}

async function applySnapshot(
  db: Database,
  snapshot: Omit<SubscriptionSnapshot, "userId" | "planType">,
  hints: {
    userId?: string;
    planType: PlanType | null;
  },
): Promise<Effects> {
  const known = await knownSubscription(db, snapshot.id);
  const userId = known?.user_id ?? (await ownerOf(db, hints.userId));
  const planType = hints.planType ?? known?.plan_type ?? null;
  if (!userId || !planType) return { statements: [], ignored: true };
  const full = { ...snapshot, userId, planType };
  return { statements: [upsertSnapshot(db, full), premiumFromSubscriptions(db, userId)] };
}

function subscriptionChanged(db: Database, sub: Stripe.Subscription, created: number): Promise<Effects> {
  const items = sub.items?.data ?? [];
  // Since API 2025-03-31 the period lives on the items; older versions had it on the subscription.
  const itemEnds = items.map((item) => item.current_period_end).filter((end): end is number => typeof end === "number");
  const legacyEnd = (sub as unknown as { current_period_end?: number }).current_period_end;
  const periodEnd = itemEnds.length ? Math.max(...itemEnds) : legacyEnd;
  const interval = items[0]?.price?.recurring?.interval ?? null;
  return applySnapshot(
    db,
    {
      id: sub.id,
      status: sub.status,
      periodEnd: isoOf(periodEnd),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      at: created,
    },
    { userId: sub.metadata?.user_id, planType: planOf(sub.metadata, interval) },
  );
}

/** A paid subscription invoice proves the subscription is live through its period. */
function invoicePaid(db: Database, invoice: Stripe.Invoice, created: number): Promise<Effects> | Effects {
  const details = invoice.parent?.subscription_details ?? null;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const subscriptionId = idOf((details?.subscription as string | { id: string } | undefined) ?? legacy ?? null);
  if (!subscriptionId) return { statements: [], ignored: true };
  const lines = invoice.lines?.data ?? [];
  const ends = lines.map((line) => line.period?.end).filter((end): end is number => typeof end === "number");
  if (!ends.length) return { statements: [], ignored: true };
  return applySnapshot(
    db,
    { id: subscriptionId, status: "active", periodEnd: isoOf(Math.max(...ends)), cancelAtPeriodEnd: false, at: created },
    { userId: details?.metadata?.user_id, planType: planOf(details?.metadata) },
  );
}
