import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, CoinIcon, CrossIcon, SpinnerIcon, StarIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import type { PaymentStatus } from "~/services/payments.server";
import { api } from "~/utils/api";
import { formatPrice } from "~/utils/catalog";
import { formatDate } from "~/utils/format";

/** Fast polls at first (the webhook usually lands within a second or two), then slower. */
const FAST_POLL_MS = 1_000;
const SLOW_POLL_MS = 4_000;
const SLOW_AFTER_MS = 20_000;
const GIVE_UP_AFTER_MS = 10 * 60_000;

/** Settled: nothing more will change without the player. Premium also waits for the subscription events. */
function settled(payment: PaymentStatus): boolean {
  if (payment.status === "failed" || payment.status === "expired") return true;
  if (payment.status !== "paid") return false;
  return payment.kind === "coins" || payment.is_premium;
}

/** The payment as the server knows it, polled until the webhook has settled it. */
function usePaymentStatus(initial: PaymentStatus | null, poll: boolean) {
  const revalidator = useRevalidator();
  const [payment, setPayment] = useState(initial);
  const [slow, setSlow] = useState(false);
  const sessionId = initial?.session_id;

  useEffect(() => {
    if (!poll || !sessionId || (initial && settled(initial))) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    async function tick() {
      const result = await api<PaymentStatus>(`/api/payments/sessions/${encodeURIComponent(sessionId!)}`, {
        signal: controller.signal,
      }).catch(() => null);
      if (controller.signal.aborted) return;
      if (result?.ok) {
        setPayment(result.data);
        if (settled(result.data)) {
          // The header's balance and premium state come from the root loader.
          revalidator.revalidate();
          return;
        }
      }
      const elapsed = Date.now() - started;
      if (elapsed > SLOW_AFTER_MS) setSlow(true);
      if (elapsed < GIVE_UP_AFTER_MS) timer = setTimeout(tick, elapsed > SLOW_AFTER_MS ? SLOW_POLL_MS : FAST_POLL_MS);
    }
    timer = setTimeout(tick, FAST_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // Polling follows the session, not each render of the revalidator.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, poll]);

  return { payment, slow };
}

/**
 * The return pages of Stripe Checkout: what really happened to the payment.
 * "success" polls until the webhook has credited it; "cancel" shows that
 * nothing was charged (unless the payment went through after all).
 */
export function PaymentResult({ initial, page }: { initial: PaymentStatus | null; page: "success" | "cancel" }) {
  const { t, i18n } = useTranslation();
  const { payment, slow } = usePaymentStatus(initial, page === "success");
  const locale = i18n.language;

  let tone: "pending" | "good" | "bad" | "neutral";
  let icon: ReactNode;
  let title: string;
  let text: ReactNode;
  if (!payment && page === "cancel") {
    // Stripe may send the player back without a usable session id: still nothing was charged.
    tone = "neutral";
    icon = <CrossIcon className="h-8 w-8" />;
    title = t("payments:cancelTitle");
    text = t("payments:cancelText");
  } else if (!payment) {
    tone = "neutral";
    icon = <CrossIcon className="h-8 w-8" />;
    title = t("payments:paymentNotFound");
    text = t("payments:notFoundText");
  } else if (payment.status === "paid" && payment.kind === "coins") {
    tone = "good";
    icon = <CheckIcon className="h-9 w-9" />;
    title = t("payments:successCoinsTitle");
    text = t("payments:successCoinsText", { count: payment.coins });
  } else if (payment.status === "paid" && payment.is_premium) {
    tone = "good";
    icon = <StarIcon className="h-9 w-9" />;
    title = t("payments:successPremiumTitle");
    text = payment.premium_until ? t("payments:successPremiumText", { date: formatDate(payment.premium_until, locale) }) : null;
  } else if (payment.status === "failed") {
    tone = "bad";
    icon = <CrossIcon className="h-8 w-8" />;
    title = t("payments:failedTitle");
    text = t("payments:failedText");
  } else if (payment.status === "expired") {
    tone = "bad";
    icon = <CrossIcon className="h-8 w-8" />;
    title = t("payments:expiredTitle");
    text = t("payments:expiredText");
  } else if (page === "cancel") {
    tone = "neutral";
    icon = <CrossIcon className="h-8 w-8" />;
    title = t("payments:cancelTitle");
    text = t("payments:cancelText");
  } else {
    tone = "pending";
    icon = <SpinnerIcon className="h-9 w-9" />;
    title = t("payments:successPendingTitle");
    text = slow ? t("payments:successSlowText") : t("payments:successPendingText");
  }

  const ring = {
    pending: "bg-white/10 text-cream-50",
    good: "bg-gold-400 text-felt-950",
    bad: "bg-red-500/20 text-red-300",
    neutral: "bg-white/10 text-cream-100/80",
  }[tone];
  const item = payment
    ? payment.kind === "coins"
      ? t("payments:itemPack", { count: payment.coins })
      : t(payment.plan_type === "yearly" ? "payments:itemPlanYearly" : "payments:itemPlanMonthly")
    : null;
  const retry = payment && tone !== "good" && tone !== "pending" ? `/?purchase=${payment.kind}` : null;

  return (
    <section
      aria-labelledby="payment-result-title"
      data-testid="payment-result"
      data-state={tone}
      className="felt-panel mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-5 py-8 text-center sm:px-8"
    >
      <span className={`grid h-16 w-16 place-items-center rounded-full shadow-lg shadow-black/30 ${ring}`}>{icon}</span>
      <div role={tone === "pending" ? "status" : undefined} aria-live="polite" className="flex flex-col gap-2">
        <h1 id="payment-result-title" className="font-display text-2xl font-bold text-cream-50 sm:text-3xl">
          {title}
        </h1>
        {text ? <p className="text-cream-100/80">{text}</p> : null}
      </div>
      {payment ? (
        <dl className="w-full divide-y divide-white/10 rounded-xl bg-black/25 text-sm">
          <div className="flex justify-between gap-4 px-4 py-2.5">
            <dt className="text-cream-100/70">{t("payments:summaryItem")}</dt>
            <dd className="font-semibold text-cream-50">{item}</dd>
          </div>
          <div className="flex justify-between gap-4 px-4 py-2.5">
            <dt className="text-cream-100/70">{t("payments:summaryPrice")}</dt>
            <dd className="font-semibold tabular-nums text-cream-50">{formatPrice(payment.amount_cents, locale)}</dd>
          </div>
        </dl>
      ) : null}
      {payment && tone === "good" && payment.kind === "coins" ? (
        <p
          className="inline-flex items-center gap-2 rounded-xl bg-gold-400/10 px-3 py-1.5 text-sm font-semibold text-gold-300"
          data-testid="payment-balance"
        >
          <CoinIcon /> {t("payments:newBalance", { count: payment.virtual_coins })}
        </p>
      ) : null}
      <div className="mt-2 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to="/" className={buttonClasses(tone === "good" || !retry ? "primary" : "secondary", "lg")}>
          {t("common:backHome")}
        </Link>
        {retry ? (
          <Link to={retry} className={buttonClasses("primary", "lg")}>
            {t("payments:tryAgain")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
