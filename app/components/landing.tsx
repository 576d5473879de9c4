import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BoltIcon, CoinIcon, TrophyIcon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { LiveCounts } from "./live-counts";
import { Logo } from "./logo";
import { SignInButton } from "./sign-in-button";
import type { loader as homeLoader } from "~/routes/_index";

function FeatureCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="felt-panel flex gap-4 p-5 sm:flex-col sm:gap-3">
      <span aria-hidden className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-400">
        {icon}
      </span>
      <div>
        <h2 className="font-display text-lg font-bold text-gold-300">{title}</h2>
        <p className="mt-1 text-sm leading-relaxed text-cream-100/85">{text}</p>
      </div>
    </li>
  );
}

/** The public landing page (spec §2): title, subtitle, three features, two sign-in buttons. */
export function Landing() {
  const { t } = useTranslation();
  // Players online and games being played, from a short server cache (not per request).
  const counts = useRouteLoaderData<typeof homeLoader>("routes/_index")?.counts;
  return (
    <div className="mx-auto flex min-h-dvh max-w-5xl flex-col px-4 pb-10 pt-4 sm:px-6">
      <header className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Logo className="h-9 w-9" />
          <span className="font-display text-lg font-bold text-cream-50">{t("common:appName")}</span>
        </div>
        <div className="flex items-center gap-2">
          <LanguageSwitcher compact />
          <SignInButton variant="secondary" size="sm">
            {t("auth:login")}
          </SignInButton>
        </div>
      </header>

      <main id="main" className="flex flex-1 flex-col items-center justify-center gap-10 py-10 text-center">
        <div className="relative flex flex-col items-center gap-5">
          <span className="rounded-full border border-gold-400/40 bg-gold-400/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-gold-300">
            {t("home:landingBadge")}
          </span>
          <CardFan />
          <h1 className="gold-text font-display text-5xl font-extrabold tracking-tight sm:text-6xl">{t("home:landingTitle")}</h1>
          <p className="max-w-xl text-base leading-relaxed text-cream-100/90 sm:text-lg">{t("home:landingSubtitle")}</p>
          {counts ? <LiveCounts online={counts.online} playing={counts.playing} /> : null}
          <div className="flex w-full max-w-sm flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
            <SignInButton size="lg" className="w-full sm:w-auto">
              {t("auth:startPlaying")}
            </SignInButton>
            <SignInButton variant="secondary" size="lg" className="w-full sm:w-auto">
              <GoogleMark /> {t("auth:loginWithGoogle")}
            </SignInButton>
          </div>
        </div>

        <ul className="grid w-full gap-4 text-left sm:grid-cols-3">
          <FeatureCard icon={<BoltIcon className="h-6 w-6" />} title={t("home:featureQuickTitle")} text={t("home:featureQuickText")} />
          <FeatureCard icon={<CoinIcon className="h-7 w-7" />} title={t("home:featureCoinsTitle")} text={t("home:featureCoinsText")} />
          <FeatureCard
            icon={<TrophyIcon className="h-7 w-7" />}
            title={t("home:featureRankingTitle")}
            text={t("home:featureRankingText")}
          />
        </ul>
      </main>

      <footer className="text-center text-xs text-cream-100/60">{t("home:landingFooter")}</footer>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5">
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.9-5.5 3.9-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.2.8 3.9 1.5l2.7-2.6C16.9 3.1 14.7 2 12 2 6.5 2 2 6.5 2 12s4.5 10 10 10c5.8 0 9.6-4.1 9.6-9.8 0-.7-.1-1.2-.2-1.7H12Z"
      />
    </svg>
  );
}

/** The landing hero: a fanned hand with the zap (4♣) on top. */
function CardFan() {
  const cards = [
    { rank: "3", suit: "♦", red: true, rotate: -14 },
    { rank: "7", suit: "♥", red: true, rotate: 0 },
    { rank: "4", suit: "♣", red: false, rotate: 14 },
  ];
  return (
    <div aria-hidden className="relative mb-2 flex h-32 w-48 items-end justify-center">
      {cards.map((card, index) => (
        <div
          key={card.rank}
          className="absolute bottom-0 flex h-28 w-20 flex-col justify-between rounded-xl border border-gold-500/60 bg-cream-50 p-2 shadow-[var(--shadow-card)]"
          style={{ transform: `translateX(${(index - 1) * 34}px) rotate(${card.rotate}deg)`, transformOrigin: "50% 120%" }}
        >
          <span className={`text-left text-lg font-bold leading-none ${card.red ? "text-suit-red" : "text-suit-black"}`}>
            {card.rank}
            <br />
            {card.suit}
          </span>
          <span className={`self-center text-3xl ${card.red ? "text-suit-red" : "text-suit-black"}`}>{card.suit}</span>
        </div>
      ))}
    </div>
  );
}
