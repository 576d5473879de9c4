import { useFetcher, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, matchLanguage } from "~/i18n";
import { storeLanguageLocally } from "~/utils/language";
import { GlobeIcon } from "./icons";
import { useDismissDisclosure } from "~/utils/use-dismiss-disclosure";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * The language switcher (spec §1: saved in the browser and sent to the server): a disclosure
 * (<details>, which opens without any script) holding a form with one button per language. The
 * form posts to `/language`, which sets the cookie the server renders from, saves it on the
 * account and comes back to the page — before hydration as a plain form, after it through a
 * fetcher that also keeps the choice in local storage.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const menu = useRef<HTMLDetailsElement>(null);
  const current = matchLanguage(i18n.language) ?? "pt-BR";
  const short = current.split("-")[0].toUpperCase();
  const name = t("common:languageCurrent", { language: t(`common:languageNames.${current}`) });

  useDismissDisclosure(menu);

  return (
    <details ref={menu} className="group/lang relative" data-testid="language-switcher">
      <summary
        className="flex min-h-10 cursor-pointer list-none items-center gap-1.5 rounded-xl border border-white/15 bg-felt-900/80 pl-2.5 pr-2 text-sm font-medium text-cream-50 hover:bg-felt-800 [&::-webkit-details-marker]:hidden"
        // The name starts with the text on screen ("PT — Idioma: Português"), so a voice command
        // saying what the player sees reaches it (WCAG 2.5.3, Lighthouse label-content-name-mismatch).
        aria-label={compact ? `${short} — ${name}` : name}
      >
        <GlobeIcon className="h-4 w-4 text-cream-100/70" />
        <span aria-hidden>{compact ? short : t(`common:languageNames.${current}`)}</span>
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 text-cream-100/70 transition-transform group-open/lang:rotate-180">
          <path fill="currentColor" d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </summary>
      <fetcher.Form
        method="post"
        action="/language"
        onSubmit={(event) => {
          const language = matchLanguage((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value"));
          if (language) storeLanguageLocally(language);
          if (menu.current) menu.current.open = false;
        }}
        className="absolute right-0 top-full z-40 mt-1 flex min-w-40 flex-col gap-0.5 rounded-xl border border-white/15 bg-felt-900 p-1 shadow-xl shadow-black/40"
      >
        {hydrated ? (
          <input type="hidden" name="stay" value="1" />
        ) : (
          <input type="hidden" name="redirect_to" value={`${location.pathname}${location.search}`} />
        )}
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="submit"
            name="language"
            value={language}
            lang={language}
            aria-current={language === current ? "true" : undefined}
            className="flex min-h-10 items-center justify-between gap-3 rounded-lg px-3 text-left text-sm font-medium text-cream-50 hover:bg-white/10 aria-[current]:text-gold-300"
          >
            {t(`common:languageNames.${language}`)}
            <span aria-hidden className="text-xs text-cream-100/70">
              {language.split("-")[0].toUpperCase()}
            </span>
          </button>
        ))}
      </fetcher.Form>
    </details>
  );
}
