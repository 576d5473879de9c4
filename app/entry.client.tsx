import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HOME_DASHBOARD_MARKER, loadHomeDashboard } from "~/components/home/home-dashboard-module";
import { DEFAULT_LANGUAGE, LANGUAGES, i18nConfig, matchLanguage } from "./i18n";
import { holdEventsWhileHydrating } from "~/utils/hydration-gate";
import { watchPageLeaving } from "~/utils/page-leaving";
import { fetchBundle, markLoaded, takeStartedBundle } from "~/utils/translations";
import { createTranslator } from "~/utils/translator";

// The server renders the detected language; its texts are not embedded in the page but linked
// (root.tsx, #i18n-bundle, a head script that starts the download next to the code): the client starts from
// exactly those once they are here.
async function hydrate() {
  // The signed-in home: its dashboard's code is fetched now, beside the texts, so the page hydrates
  // in one pass with it already here. If the chunk fails here, React.lazy asks for it
  // again while hydrating.
  const dashboard = document.querySelector(`[${HOME_DASHBOARD_MARKER}]`)
    ? loadHomeDashboard().catch((error: unknown) => console.warn("the home dashboard's code did not load", error))
    : null;
  const lng = matchLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
  const href = document.getElementById("i18n-bundle")?.dataset.href;
  let resources = {};
  if (href) {
    try {
      resources = await fetchBundle(href, takeStartedBundle());
      markLoaded(href);
    } catch (error) {
      // Without its texts the page would hydrate into bare keys: it stays the server's page, whose
      // links and forms work without JavaScript.
      console.error("the page's translations did not load", error);
      return;
    }
  }
  await dashboard;
  // i18next's lookup rules without i18next's weight (app/utils/translator.ts, ADR 145): the server
  // renders with i18next, this draws the same texts.
  const i18next = createTranslator({
    ...i18nConfig,
    ns: [...i18nConfig.ns],
    supportedLngs: [...LANGUAGES],
    lng,
    resources: { [lng]: resources },
  }).use(initReactI18next);
  holdEventsWhileHydrating();
  watchPageLeaving();
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
