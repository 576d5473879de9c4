import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, CoinIcon, StarIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { Tabs } from "~/components/ui/tabs";
import { HOME_ACTION, HOME_FORMS } from "~/components/home/home-forms";
import type { FormResult } from "~/schemas/home-forms";
import type { Profile } from "~/services/users.server";
import { DIALOG_PARAM, withParam } from "~/utils/ui-params";
import { useBrowserLayoutEffect } from "~/utils/use-browser-layout-effect";
import { useHydrated } from "~/utils/use-hydrated";
import {
  COIN_PACKS,
  PREMIUM_FEATURES,
  PREMIUM_PLANS,
  findPack,
  findPlan,
  formatPrice,
  packTotal,
  yearlySavingPercent,
  type PlanType,
} from "~/utils/catalog";
import { dailyRewardFor, DAILY_REWARD_MAX_DAY } from "~/utils/daily-reward";
import { formatDate } from "~/utils/format";

export type PurchaseTab = "coins" | "premium";

const PACK_BADGES: Record<number, "packPopular" | "packBestValue"> = { 3: "packPopular", 5: "packBestValue" };

/**
 * The purchase modal of spec §2: coin packs (with their bonus) and the
 * premium plans. It belongs to the URL (`?dialog=coins|premium`, its tabs are
 * links), and each tab is a form posting to the home action, which checks the
 * price list and sends the browser to the Stripe Checkout page — with or
 * without the page's script. The button waits for a choice (spec
 * §5; before hydration the browser's `required` does) and is disabled while
 * processing.
 */
export function PurchaseModal({ open, closeTo, user, tab }: { open: boolean; closeTo: string; user: Profile; tab: PurchaseTab }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<FormResult>({ key: HOME_FORMS.purchase });
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [packId, setPackId] = useState<number | null>(null);
  const [plan, setPlan] = useState<PlanType | null>(null);
  // A redirect to the checkout page keeps it "processing" while the browser leaves.
  const processing = fetcher.state !== "idle";
  const locale = i18n.language;

  // A choice made before hydration is in the form already: read in the hydrating commit.
  const readForm = () => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    const pack = Number(data.get("pack_id"));
    setPackId(findPack(pack) ? pack : null);
    const chosen = data.get("plan_type");
    setPlan(typeof chosen === "string" && findPlan(chosen) ? (chosen as PlanType) : null);
  };
  useBrowserLayoutEffect(() => {
    if (open) readForm();
  }, [open, tab]);

  const pack = packId !== null ? findPack(packId) : undefined;
  const chosenPlan = plan ? findPlan(plan) : undefined;
  const premiumActive = user.is_premium;
  const canBuy = tab === "coins" ? Boolean(pack) : Boolean(chosenPlan) && !premiumActive;
  const label = processing
    ? t("payments:processing")
    : tab === "coins"
      ? pack
        ? t("payments:buyFor", { price: formatPrice(pack.priceCents, locale) })
        : t("payments:buy")
      : chosenPlan
        ? t("premium:subscribeFor", { price: formatPrice(chosenPlan.priceCents, locale) })
        : t("premium:subscribe");

  const form = (children: ReactNode) => (
    <fetcher.Form method="post" action={HOME_ACTION} id={formId} ref={formRef} onChange={readForm}>
      <input type="hidden" name="intent" value={tab === "coins" ? "buy-coins" : "buy-premium"} />
      {children}
    </fetcher.Form>
  );

  return (
    <Modal
      open={open}
      onClose={() => navigate(closeTo, { replace: true, preventScrollReset: true })}
      closeTo={closeTo}
      title={t("payments:storeTitle")}
      size="lg"
      testId="purchase-modal"
      footer={
        tab === "premium" && premiumActive ? null : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-cream-100/65 sm:max-w-sm">{tab === "coins" ? t("payments:secureNote") : t("premium:renewNote")}</p>
            <Button
              type="submit"
              form={formId}
              size="lg"
              className="w-full shrink-0 sm:w-auto"
              disabled={hydrated && (!canBuy || processing)}
              aria-busy={processing}
            >
              {label}
            </Button>
          </div>
        )
      }
    >
      <Tabs
        label={t("payments:storeTitle")}
        value={tab}
        onChange={(id) => navigate(withParam(location.search, DIALOG_PARAM, id), { replace: true, preventScrollReset: true })}
        hrefOf={(id) => withParam(location.search, DIALOG_PARAM, id)}
        items={[
          {
            id: "coins",
            label: (
              <span className="inline-flex items-center gap-1.5">
                <CoinIcon className="h-4 w-4" /> {t("payments:tabCoins")}
              </span>
            ),
            content: form(<CoinPacks disabled={processing} />),
          },
          {
            id: "premium",
            label: (
              <span className="inline-flex items-center gap-1.5">
                <StarIcon className="h-4 w-4" /> {t("payments:tabPremium")}
              </span>
            ),
            content: premiumActive ? <PremiumActive until={user.premium_until} /> : form(<PremiumPlans disabled={processing} />),
          },
        ]}
      />
    </Modal>
  );
}

/**
 * A card-shaped radio button: the native input stays for keyboard and screen readers, and for the
 * form (the browser keeps the choice; CSS shows it, so it is right before hydration too).
 */
function ChoiceCard({
  name,
  value,
  disabled,
  children,
  testId,
}: {
  name: string;
  value: string;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label
      data-testid={testId}
      className={`group relative flex cursor-pointer rounded-2xl border-2 border-white/10 bg-black/20 p-3 transition-colors hover:border-white/25 hover:bg-black/30 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-400/10 has-[:checked]:shadow-lg has-[:checked]:shadow-black/30 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400 sm:p-4 ${
        disabled ? "cursor-not-allowed opacity-70" : ""
      }`}
    >
      <input type="radio" name={name} value={value} required disabled={disabled} className="sr-only" />
      {children}
      <span
        className="absolute -right-2 -top-2 hidden h-6 w-6 place-items-center rounded-full bg-gold-400 text-felt-950 shadow group-has-[:checked]:grid"
        aria-hidden
      >
        <CheckIcon className="h-4 w-4" />
      </span>
    </label>
  );
}

function CoinPacks({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const legend = useId();
  const locale = i18n.language;
  return (
    <fieldset>
      <legend id={legend} className="mb-3 text-sm font-semibold text-cream-100/85">
        {t("payments:choosePack")}
      </legend>
      <div className="flex flex-col gap-2.5">
        {COIN_PACKS.map((pack) => {
          const badge = PACK_BADGES[pack.id];
          return (
            <ChoiceCard key={pack.id} name="pack_id" value={String(pack.id)} disabled={disabled} testId={`coin-pack-${pack.id}`}>
              <span className="flex w-full items-center gap-3">
                <CoinStack size={pack.id} />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="whitespace-nowrap text-base font-bold text-cream-50 sm:text-lg">
                      {t("payments:packCoins", { count: pack.coins })}
                    </span>
                    {badge ? (
                      <span className="whitespace-nowrap rounded-full bg-felt-600 px-2 py-0.5 text-[0.65rem] font-bold uppercase tracking-wide text-cream-50">
                        {t(`payments:${badge}`)}
                      </span>
                    ) : null}
                  </span>
                  {pack.bonus > 0 ? (
                    <span className="text-xs sm:text-sm">
                      <span className="font-semibold text-gold-300">{t("payments:packBonus", { count: pack.bonus })}</span>
                      <span className="text-cream-100/65"> · {t("payments:packTotal", { count: packTotal(pack) })}</span>
                    </span>
                  ) : null}
                </span>
                <span className="shrink-0 whitespace-nowrap rounded-xl bg-black/30 px-2.5 py-1.5 text-sm font-bold tabular-nums text-cream-50 sm:px-3 sm:text-base">
                  {formatPrice(pack.priceCents, locale)}
                </span>
              </span>
            </ChoiceCard>
          );
        })}
      </div>
      <p className="mt-3 text-xs text-cream-100/60">{t("payments:virtualNote")}</p>
    </fieldset>
  );
}

/** A little pile of coins that grows with the pack. */
function CoinStack({ size }: { size: number }) {
  return (
    <span aria-hidden className="relative h-10 w-10 shrink-0">
      {Array.from({ length: Math.min(size, 5) }, (_, i) => (
        // Fanned out from the bottom-left, so a bigger pack looks fuller.
        <span key={i} className="absolute drop-shadow" style={{ left: `${(i % 3) * 5}px`, bottom: `${Math.floor(i / 1.5) * 3}px` }}>
          <CoinIcon className="h-7 w-7" />
        </span>
      ))}
    </span>
  );
}

function PremiumPlans({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const legend = useId();
  const locale = i18n.language;
  const saving = yearlySavingPercent();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3 rounded-2xl border border-gold-500/30 bg-gradient-to-br from-gold-400/15 to-transparent p-4">
        <StarIcon className="mt-0.5 h-7 w-7 shrink-0 text-gold-400" />
        <div>
          <p className="font-display text-lg font-bold text-cream-50">{t("premium:title")}</p>
          <p className="text-sm text-cream-100/80">{t("premium:subtitle")}</p>
        </div>
      </div>
      <fieldset>
        <legend id={legend} className="mb-3 text-sm font-semibold text-cream-100/85">
          {t("premium:choosePlan")}
        </legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {PREMIUM_PLANS.map((plan) => (
            <ChoiceCard key={plan.type} name="plan_type" value={plan.type} disabled={disabled} testId={`premium-plan-${plan.type}`}>
              <span className="flex w-full flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-lg font-bold text-cream-50">{t(`premium:${plan.type}`)}</span>
                  {plan.type === "yearly" ? (
                    <span className="rounded-full bg-emerald-500/20 px-2 py-0.5 text-xs font-bold text-emerald-300">
                      {t("premium:saving", { percent: saving })}
                    </span>
                  ) : null}
                </span>
                <span className="text-2xl font-bold tabular-nums text-gold-300">
                  {formatPrice(plan.priceCents, locale)}{" "}
                  <span className="text-sm font-medium text-cream-100/70">
                    {t(plan.type === "monthly" ? "premium:perMonth" : "premium:perYear")}
                  </span>
                </span>
                {plan.type === "yearly" ? (
                  <span className="text-xs text-cream-100/65">
                    {t("premium:yearlyEquivalent", { price: formatPrice(Math.round(plan.priceCents / 12), locale) })}
                  </span>
                ) : null}
              </span>
            </ChoiceCard>
          ))}
        </div>
      </fieldset>
      <section aria-labelledby={`${legend}-features`}>
        <h3 id={`${legend}-features`} className="mb-2 text-sm font-semibold text-cream-100/85">
          {t("premium:featuresTitle")}
        </h3>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {PREMIUM_FEATURES.map((feature) => (
            <li key={feature} className="flex items-start gap-2 rounded-xl bg-black/20 p-3">
              <span className="mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full bg-gold-400 text-felt-950">
                <CheckIcon className="h-3.5 w-3.5" />
              </span>
              <span className="flex flex-col">
                <span className="text-sm font-semibold text-cream-50">{t(`premium:features.${feature}`)}</span>
                <span className="text-xs text-cream-100/70">
                  {t(`premium:features.${feature}Text`, { count: dailyRewardFor(DAILY_REWARD_MAX_DAY, true) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function PremiumActive({ until }: { until: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-gold-500/40 bg-gold-400/10 p-6 text-center">
      <StarIcon className="h-10 w-10 text-gold-400" />
      <p className="font-display text-xl font-bold text-cream-50">{t("premium:activeTitle")}</p>
      {until ? <p className="text-sm text-cream-100/80">{t("premium:activeUntil", { date: formatDate(until, i18n.language) })}</p> : null}
    </div>
  );
}
