import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, matchLanguage } from "~/i18n";
import { GlobeIcon } from "./icons";
import type { loader as rootLoader } from "~/root";
import { rememberLanguage } from "~/utils/language";

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const revalidator = useRevalidator();
  const current = matchLanguage(i18n.language) ?? "pt-BR";

  async function change(value: string) {
    const language = matchLanguage(value);
    if (!language || language === current) return;
    await rememberLanguage(language, Boolean(root?.user));
    // The root loader answers the new language's texts; root.tsx switches to them.
    revalidator.revalidate();
  }

  return (
    <div className="relative inline-flex items-center">
      <GlobeIcon className="pointer-events-none absolute left-2.5 h-4 w-4 text-cream-100/70" />
      <label htmlFor={id} className="sr-only">
        {t("common:language")}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => change(event.target.value)}
        className={`appearance-none rounded-xl border border-white/15 bg-felt-900/80 py-2 pr-8 text-sm font-medium text-cream-50 hover:bg-felt-800 pl-8`}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {compact ? language.split("-")[0].toUpperCase() : t(`common:languageNames.${language}`)}
          </option>
        ))}
      </select>
      <svg aria-hidden viewBox="0 0 20 20" className="pointer-events-none absolute right-2 h-4 w-4 text-cream-100/70">
        <path fill="currentColor" d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </div>
  );
}
