import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, LANGUAGES, i18nConfig, languageFromCookie } from "~/i18n";
import { RESOURCES } from "~/locales/index.server";

// Detection order (spec §9): the stored choice (cookie, mirrored from local
// storage by the client), then the browser's Accept-Language, then pt-BR.
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["custom", "header"],
    findLocale: async (request) => languageFromCookie(request.headers.get("Cookie")),
  },
  i18next: { ...i18nConfig, ns: [...i18nConfig.ns], supportedLngs: [...LANGUAGES], resources: RESOURCES },
});

export async function serverT(request: Request) {
  const locale = await i18nServer.getLocale(request);
  return i18nServer.getFixedT(locale, ["errors", "common", "profile", "auth"]);
}
