// First: before any schema is built.
import "~/utils/zod-jitless";
import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChannelProvider } from "~/components/channel/channel-provider";
import { InvitationPrompt } from "~/components/channel/invitation-prompt";
import { TournamentGamePrompt } from "~/components/channel/tournament-game-prompt";
import { LoadingScreen } from "~/components/loading-screen";
import { ModulePreloads } from "~/components/module-preloads";
import { PageStyles } from "~/components/page-styles";
import { ResumeBanner } from "~/components/resume-banner";
import { InstallBanner } from "~/components/pwa/install-banner";
import { ServiceWorkerUpdates } from "~/components/pwa/service-worker";
import { useNonce } from "~/components/nonce";
import { buttonClasses } from "~/components/ui/button";
import { ToastProvider } from "~/components/ui/toast";
import { DEFAULT_LANGUAGE, languageFromCookie, type Language } from "./i18n";
import { bundleHref } from "~/locales/index.server";
import { banOfSession } from "~/services/admin.server";
import { getUser, sessionIdFrom } from "~/services/auth.server";
import { pendingRequestCount } from "~/services/friends.server";
import { resumeTableOf } from "~/services/games.server";
import { searchingQueueOf } from "~/services/matchmaking.server";
import { pageContext } from "~/services/replica.server";
import { i18nServer } from "~/services/i18n.server";
import { profileOf } from "~/services/users.server";
import stylesheet from "./tailwind.css?url";
import { rememberLanguage, storedLanguage, storeLanguageLocally } from "~/utils/language";
import { releaseHydrationGate } from "~/utils/hydration-gate";
import { START_BUNDLE_FETCH, bundleLoaded, loadBundle } from "~/utils/translations";
import { LAST_COINS_KEY } from "~/utils/pwa";
import { DIALOG_PARAM, onlyUiParamsChanged } from "~/utils/ui-params";

export const links: LinksFunction = () => [
  // Built pages carry the sheet in their head (PageStyles); development links it so that Vite can swap it.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export const meta: MetaFunction = () => [
  { title: "Mesa de Truco" },
  { name: "description", content: "Truco online ao vivo: Paulista, Mineiro, Gaúcho, Argentino e Internacional." },
  { name: "theme-color", content: "#063523" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = (await i18nServer.getLocale(request)) as Language;
  const user = await getUser(request, context);
  // A browser whose session a ban revoked is told why, once.
  if (!user && new URL(request.url).pathname !== "/banned" && (await banOfSession(context.db, await sessionIdFrom(request, context)))) {
    throw redirect("/banned");
  }
  // The player's three small lookups go side by side, not one after another; the banners tolerate
  // a moment's lag, so a page's GET reads them from a replica.
  const reads = pageContext(request, context);
  const [pendingRequests, resumeTable, searching] = user
    ? await Promise.all([pendingRequestCount(reads, user.id), resumeTableOf(reads, user.id), searchingQueueOf(context, user.id)])
    : [0, null, null];
  return {
    locale,
    // The page's texts: fetched by the client next to its code, not embedded. Visitors
    // only ever see the landing page: just its texts; only admins carry the dashboard's.
    translations: bundleHref(locale, user ? (user.role === "admin" ? "admin" : "player") : "visitor"),
    user: user ? profileOf(user) : null,
    /** The friends button's badge; the live channel makes this loader run again when one arrives. */
    pendingRequests,
    /** The table the player may go back to ("Voltar para a partida"). */
    resumeTable,
    /** The quick-match queue the player is still searching in, when they left the waiting page. */
    searching: resumeTable ? null : searching,
    /** The visitor chose a language (the `lng` cookie): that choice, not the browser's, is the page's. */
    languageChosen: languageFromCookie(request.headers.get("Cookie")) !== null,
  };
}

/**
 * Opening a dialog or a tab by its link (`?dialog=…`) changes nothing the root loads:
 * no new round trip for the user and the translations then.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && onlyUiParamsChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
};

/**
 * The end of the page's server-drawn body. The head's `<link rel="expect" blocking="render">` holds
 * the first frame until the parser has reached it, so the browser draws the page once, whole,
 * instead of a frame per parsed slice (each a full style and layout pass on a slow phone) that
 * shows the page growing from the top.
 */
const PAGE_END = "page-end";

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = data?.locale ?? DEFAULT_LANGUAGE;
  // The shell has committed (the page's and an error page's alike): taps reach React again.
  useEffect(releaseHydrationGate, []);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <link rel="expect" href={`#${PAGE_END}`} {...{ blocking: "render" }} />
        <Meta />
        {/* The texts' JSON starts loading with the page, from a script rather than a preload link: a
            page read without JavaScript has no use for it. entry.client waits for it to hydrate. */}
        {data?.translations ? (
          <script
            id="i18n-bundle"
            nonce={nonce}
            data-href={data.translations}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: START_BUNDLE_FETCH }}
          />
        ) : null}
        <PageStyles />
        <Links />
        <ModulePreloads />
      </head>
      <body>
        {children}
        <div id={PAGE_END} hidden />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Follows the root loader's language and bundle (a new language, or signed in): loads its texts and switches to it. */
function useLanguageSync(locale: Language, bundle: string, signedIn: boolean, chosen: boolean) {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (i18n.language === locale && bundleLoaded(bundle)) return;
    let cancelled = false;
    loadBundle(i18n, locale, bundle)
      .then(() => {
        // Switching (even to the same language) draws every text again, now with the new ones.
        if (!cancelled) return i18n.changeLanguage(locale);
      })
      .catch((error: unknown) => console.warn("translations did not load", error));
    return () => {
      cancelled = true;
    };
  }, [i18n, locale, bundle]);
  // The stored choice wins over what the server guessed (spec §9 detection order). A choice the
  // server already has (its cookie, maybe set by the switcher's form before hydration) is mirrored.
  useEffect(() => {
    const stored = storedLanguage();
    if (chosen) {
      if (stored !== locale) storeLanguageLocally(locale);
    } else if (stored && stored !== locale) {
      rememberLanguage(stored, signedIn).then(() => revalidator.revalidate());
    }
    // Only on first load: later changes come from the switcher.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Shows the loading screen when a page change takes more than a moment; answers where to. */
function useSlowNavigation(): string | null {
  const navigation = useNavigation();
  const [slow, setSlow] = useState(false);
  const destination = navigation.state === "loading" ? (navigation.location?.pathname ?? null) : null;
  useEffect(() => {
    if (!destination) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), 400);
    return () => clearTimeout(timer);
  }, [destination]);
  return slow ? destination : null;
}

export default function App() {
  const { locale, translations, user, languageChosen, resumeTable, searching } = useLoaderData<typeof loader>();
  useLanguageSync(locale, translations, Boolean(user), languageChosen);
  const loadingPage = useSlowNavigation();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  // The install banner belongs to the front page (spec §4 lists it on the home screen; the landing
  // page too): not over a form or a list the player is working on elsewhere, and never over an
  // open dialog (it would cover its buttons).
  const bannerAllowed = pathname === "/" && !new URLSearchParams(search).has(DIALOG_PARAM);
  useLastKnownBalance(user?.virtual_coins);
  return (
    <ToastProvider>
      {/* Every signed-in page holds the player's live channel. */}
      <ChannelProvider userId={user?.id ?? null}>
        {/* Past the header (and the table's chrome) to the page's own content: every page has a #main. */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[70] focus:rounded-xl focus:bg-gold-400 focus:px-4 focus:py-2 focus:font-semibold focus:text-felt-950"
        >
          {t("common:skipToContent")}
        </a>
        <ResumeBanner table={resumeTable} searching={searching} />
        <Outlet />
        {user ? <InvitationPrompt /> : null}
        {user ? <TournamentGamePrompt /> : null}
        <ServiceWorkerUpdates />
        {bannerAllowed ? <InstallBanner /> : null}
        {loadingPage ? <LoadingScreen overlay message={loadingPage === "/profile" ? t("profile:loading") : undefined} /> : null}
      </ChannelProvider>
    </ToastProvider>
  );
}

/** Keeps the last balance shown, for the offline page (public/offline.html). */
function useLastKnownBalance(coins: number | undefined) {
  useEffect(() => {
    try {
      if (coins === undefined) window.localStorage.removeItem(LAST_COINS_KEY);
      else window.localStorage.setItem(LAST_COINS_KEY, String(coins));
    } catch {
      // No storage (private mode): the offline page just leaves the balance out.
    }
  }, [coins]);
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-6 text-center">
      <p className="font-display text-3xl font-bold text-gold-400">{notFound ? t("common:notFound") : t("common:genericError")}</p>
      <a href="/" className={buttonClasses("primary", "lg")}>
        {t("common:backHome")}
      </a>
    </main>
  );
}
