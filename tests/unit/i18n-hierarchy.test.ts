import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { LANGUAGES, cacheLanguageHierarchy, i18nConfig } from "~/i18n";

// ADR 103: the language hierarchy is kept per code and the key separators are stated; every text
// must come out as with i18next's own defaults (`cached: false`: no cache, separators left unsaid).
async function instance(lng: string, cached: boolean) {
  const i18n = createInstance();
  const { keySeparator: _key, nsSeparator: _ns, ...defaults } = i18nConfig;
  await i18n.init({
    ...(cached ? i18nConfig : defaults),
    ns: ["common"],
    supportedLngs: [...LANGUAGES],
    lng,
    resources: {
      "pt-BR": {
        common: { hello: "Olá, {{name}}", only_pt: "só em português", coins_one: "{{count}} moeda", coins_other: "{{count}} moedas" },
      },
      en: { common: { hello: "Hello, {{name}}", coins_one: "{{count}} coin", coins_other: "{{count}} coins" } },
    },
  });
  if (cached) cacheLanguageHierarchy(i18n);
  return i18n;
}

const calls: [string, Record<string, unknown>?][] = [
  ["hello", { name: "Ana" }],
  ["only_pt"],
  ["coins", { count: 1 }],
  ["coins", { count: 3 }],
  ["missing_key"],
  ["common:hello", { name: "Bia" }],
  ["other:hello"],
  ["hello", { name: "Ana", lng: "en" }],
  ["only_pt", { lng: "es" }],
  ["hello", { name: "Ana", fallbackLng: "en", lng: "es" }],
];

describe("cacheLanguageHierarchy", () => {
  for (const lng of ["pt-BR", "en", "es"]) {
    it(`gives the same texts as i18next's own lookup (${lng}), twice in a row`, async () => {
      const plain = await instance(lng, false);
      const cached = await instance(lng, true);
      for (let round = 0; round < 2; round += 1) {
        for (const [key, options] of calls) expect(cached.t(key, options)).toBe(plain.t(key, options));
      }
      expect(cached.languages).toEqual(plain.languages);
    });
  }

  it("follows a language change", async () => {
    const plain = await instance("pt-BR", false);
    const cached = await instance("pt-BR", true);
    cached.t("hello", { name: "Ana" });
    await Promise.all([plain.changeLanguage("en"), cached.changeLanguage("en")]);
    for (const [key, options] of calls) expect(cached.t(key, options)).toBe(plain.t(key, options));
    expect(cached.languages).toEqual(plain.languages);
  });

  it("resolves a language once, however many texts are looked up", async () => {
    const i18n = await instance("pt-BR", false);
    const utils = i18n.services.languageUtils as { toResolveHierarchy(code: string, fallback?: unknown): string[] };
    const resolve = utils.toResolveHierarchy.bind(utils);
    let resolved = 0;
    utils.toResolveHierarchy = (code, fallback) => {
      resolved += 1;
      return resolve(code, fallback);
    };
    cacheLanguageHierarchy(i18n);
    for (let i = 0; i < 50; i += 1) i18n.t("hello", { name: "Ana" });
    expect(resolved).toBe(1);
  });

  it("hands out copies, so a caller changing its array changes nothing", async () => {
    const cached = await instance("pt-BR", true);
    const utils = cached.services.languageUtils as { toResolveHierarchy(code: string): string[] };
    utils.toResolveHierarchy("pt-BR").push("xx");
    expect(utils.toResolveHierarchy("pt-BR")).toEqual(["pt-BR"]);
  });
});
