import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckIcon, CoinIcon, GiftIcon, StarIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import type { FormResult } from "~/schemas/home-forms";
import type { Profile } from "~/services/users.server";
import { HOME_ACTION, HOME_FORMS } from "./home-forms";
import { DAILY_REWARD_MAX_DAY, dailyRewardFor, nextStreakDay, rewardClaimedOn, rewardDate } from "~/utils/daily-reward";
import { formatInteger } from "~/utils/integer-format";

/**
 * The daily reward banner of spec §2 and §4: shown only while today's reward
 * (São Paulo calendar day) is unclaimed. The button is disabled while
 * collecting; on success the banner goes and the profile reloads. On a phone it is one line
 * (the gift, the day's coins, the button) so that the ways to play stay on the first screen;
 * the week's ladder and its hint show from `sm` up.
 */
export function DailyRewardBanner({ user }: { user: Profile }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<FormResult>({ key: HOME_FORMS.daily });
  const collecting = fetcher.state !== "idle";

  const today = rewardDate(new Date());
  // Collected: the loaders reload the profile, and the banner goes (the notice says how much).
  if ((fetcher.state === "idle" && fetcher.data?.ok) || rewardClaimedOn(user.last_daily_reward_at, today)) return null;

  const day = nextStreakDay(user.last_daily_reward_at, user.daily_streak, today);
  const coins = dailyRewardFor(day, user.is_premium);
  const shownDay = Math.min(day, DAILY_REWARD_MAX_DAY);

  return (
    <section
      aria-labelledby="daily-reward-title"
      data-testid="daily-reward-banner"
      className="relative overflow-hidden rounded-2xl border border-gold-500/40 bg-gradient-to-br from-felt-700 via-felt-800 to-felt-900 p-3 shadow-lg shadow-black/30 sm:p-5"
    >
      <div aria-hidden className="pointer-events-none absolute -right-10 -top-12 h-40 w-40 rounded-full bg-gold-400/15 blur-2xl" />
      <div className="relative flex items-center gap-3 sm:gap-4">
        <div className="flex min-w-0 flex-1 items-center gap-3 sm:items-start">
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-gold-400 text-felt-950 shadow-md shadow-black/30 sm:h-12 sm:w-12 sm:rounded-2xl">
            <GiftIcon className="h-6 w-6 sm:h-7 sm:w-7" />
          </span>
          <div className="min-w-0">
            <h2 id="daily-reward-title" className="font-display text-base font-bold leading-tight text-cream-50 sm:text-xl">
              {t("payments:dailyTitle")}
            </h2>
            <p className="text-sm text-cream-100/85 max-sm:hidden">{t("payments:dailyText", { day, count: coins })}</p>
            {/* A phone has the line's room for the streak's day only: the button says the coins. */}
            <p className="text-xs text-cream-100/85 sm:hidden">{t("payments:dailyDay", { day })}</p>
            {user.is_premium ? (
              <p className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-gold-300 max-sm:hidden">
                <StarIcon className="h-3.5 w-3.5" /> {t("payments:dailyPremium")}
              </p>
            ) : (
              <p className="mt-1 text-xs text-cream-100/65 max-sm:hidden">
                {t("payments:dailyHint", { count: dailyRewardFor(DAILY_REWARD_MAX_DAY, false) })}
              </p>
            )}
          </div>
        </div>
        {/* A form, so a tap before hydration collects too. */}
        <fetcher.Form method="post" action={HOME_ACTION} className="shrink-0">
          <input type="hidden" name="intent" value="daily-reward" />
          <Button
            type="submit"
            size="lg"
            disabled={collecting}
            aria-busy={collecting}
            className="max-sm:min-h-11 max-sm:gap-1.5 max-sm:px-3 max-sm:text-sm"
          >
            <CoinIcon className="h-5 w-5" />
            {collecting ? t("payments:dailyCollecting") : `${t("payments:dailyCollect")} +${formatInteger(coins, i18n.language)}`}
          </Button>
        </fetcher.Form>
      </div>
      <ol aria-label={t("payments:dailyStreak")} className="relative mt-4 grid grid-cols-7 gap-1.5 max-sm:hidden">
        {Array.from({ length: DAILY_REWARD_MAX_DAY }, (_, i) => {
          const n = i + 1;
          const done = n < shownDay;
          const current = n === shownDay;
          return (
            <li
              key={n}
              aria-label={
                done
                  ? t("payments:dailyDayDone", { day: n })
                  : current
                    ? t("payments:dailyDayToday", { day: n })
                    : t("payments:dailyDay", { day: n })
              }
              aria-current={current ? "step" : undefined}
              className={`flex flex-col items-center rounded-lg px-0.5 py-1.5 text-center ${
                current ? "bg-gold-400 text-felt-950 shadow" : done ? "bg-felt-600/60 text-cream-50" : "bg-black/25 text-cream-100/60"
              }`}
            >
              <span className="text-[0.65rem] font-semibold uppercase leading-tight">{t("payments:dailyDay", { day: n })}</span>
              <span className="flex h-5 items-center text-xs font-bold tabular-nums">
                {done ? <CheckIcon className="h-4 w-4" /> : dailyRewardFor(n, user.is_premium)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
