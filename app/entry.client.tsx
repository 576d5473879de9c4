import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, i18nConfig } from "./i18n";

// The server renders the detected language and embeds its translations in
// the page (root.tsx, #i18n-resources); the client starts from exactly that.
async function hydrate() {
  const lng = document.documentElement.lang || DEFAULT_LANGUAGE;
  const embedded = document.getElementById("i18n-resources")?.textContent;
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    ns: [...i18nConfig.ns],
    supportedLngs: [...LANGUAGES],
    lng,
    resources: embedded ? { [lng]: JSON.parse(embedded) } : {},
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
