import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { LANGUAGES, cacheLanguageHierarchy, i18nConfig } from "./i18n";
import { RESOURCES } from "~/locales/index.server";
import { i18nServer } from "~/services/i18n.server";
import { NonceContext } from "~/components/nonce";
import { PageStylesContext } from "~/components/page-styles";
import pageStyles from "./tailwind.css?inline";
import type { AppEnv } from "~/services/env.server";
import { formActionSources, PRIVATE_NO_STORE } from "~/services/http.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const locale = await i18nServer.getLocale(request);
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nConfig,
    ns: [...i18nConfig.ns],
    supportedLngs: [...LANGUAGES],
    lng: locale,
    resources: { [locale]: RESOURCES[locale as keyof typeof RESOURCES] },
  });
  cacheLanguageHierarchy(i18n);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      {/* The stylesheet goes in the page's head (components/page-styles.tsx); development links it instead. */}
      <PageStylesContext.Provider value={import.meta.env.DEV ? null : pageStyles}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </PageStylesContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timer));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Language", locale);
  responseHeaders.set("Vary", "Cookie, Accept-Language");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, request, loadContext.env));
  // Every page carries the player's data (and a one-time nonce): no shared cache may keep it.
  responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  responseHeaders.set("X-Frame-Options", "DENY");
  responseHeaders.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

function contentSecurityPolicy(nonce: string, request: Request, env: AppEnv): string {
  const url = new URL(request.url);
  const ws = `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}`;
  const dev = import.meta.env.DEV;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src 'self' ${ws}${dev ? " ws://localhost:*" : ""}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `form-action 'self' ${formActionSources(env).join(" ")}`,
    "object-src 'none'",
  ].join("; ");
}
