import { createInstance, type i18n as I18n } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, Trans, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES, cacheLanguageHierarchy, i18nConfig, type Language } from "~/i18n";
import { RESOURCES } from "~/locales/index.server";
import { createTranslator } from "~/utils/translator";

// The browser's translator (app/utils/translator.ts) must draw every text exactly as i18next does
// on the server, or hydration would find other words: every text of every group in every language,
// with and without a count (0, 1, 2, a large one), its values given or missing, through
// `useTranslation`'s fixed `t`, by "ns:key", with a default, after a switch of language.

type T = (key: string | string[], options?: Record<string, unknown>) => string;
const tOf = (i18n: I18n): T => i18n.t as unknown as T;
const fixed = (i18n: I18n, ns: string): T => i18n.getFixedT(null, ns) as unknown as T;

const clone = <V>(value: V): V => JSON.parse(JSON.stringify(value)) as V;

function resourcesFor(languages: readonly Language[]) {
  return Object.fromEntries(languages.map((language) => [language, clone(RESOURCES[language])]));
}

async function real(lng: Language, languages: readonly Language[] = [lng]) {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, ns: [...i18nConfig.ns], supportedLngs: [...LANGUAGES], lng, resources: resourcesFor(languages) });
  cacheLanguageHierarchy(i18n);
  return i18n;
}

function ours(lng: Language, languages: readonly Language[] = [lng]) {
  return createTranslator({
    ...i18nConfig,
    ns: [...i18nConfig.ns],
    supportedLngs: [...LANGUAGES],
    lng,
    resources: resourcesFor(languages),
  });
}

/** Every text's key (plural forms folded into their base key) and the values its texts name. */
function keysOf(ns: string, lng: Language): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === "string") {
      const base = path.join(".").replace(/_(zero|one|two|few|many|other)$/, "");
      const names = keys.get(base) ?? new Set<string>();
      for (const match of node.matchAll(/\{\{(.+?)\}\}/g)) names.add(match[1].split(",")[0].trim());
      keys.set(base, names);
      return;
    }
    for (const [name, child] of Object.entries(node as Record<string, unknown>)) walk(child, [...path, name]);
  };
  walk((RESOURCES[lng] as Record<string, unknown>)[ns], []);
  return keys;
}

function optionSets(names: Set<string>): Record<string, unknown>[] {
  const values = Object.fromEntries([...names].map((name) => [name, `«${name}»`]));
  const sets: Record<string, unknown>[] = [{}, values];
  for (const count of [0, 1, 2, 1234567]) sets.push({ ...values, count }, { count });
  // Numbers where a text formats them; an empty value; a value that looks like a placeholder or a replacement pattern.
  sets.push(Object.fromEntries([...names].map((name) => [name, 98765.5])));
  sets.push(Object.fromEntries([...names].map((name) => [name, ""])));
  sets.push(Object.fromEntries([...names].map((name) => [name, "$& {{x}} $1"])));
  sets.push({ ...values, defaultValue: "por omissão" });
  return sets;
}

describe("the browser's translator", () => {
  for (const lng of LANGUAGES) {
    it(`draws every text as i18next does (${lng})`, async () => {
      const server = await real(lng);
      const browser = ours(lng);
      let compared = 0;
      for (const ns of NAMESPACES) {
        const serverT = fixed(server, ns);
        const browserT = fixed(browser, ns);
        for (const [key, names] of keysOf(ns, lng)) {
          for (const options of optionSets(names)) {
            expect(browserT(key, options), `${ns}:${key} ${JSON.stringify(options)}`).toBe(serverT(key, options));
            expect(tOf(browser)(`${ns}:${key}`, options)).toBe(tOf(server)(`${ns}:${key}`, options));
            compared += 1;
          }
          expect(browser.exists(`${ns}:${key}`)).toBe(server.exists(`${ns}:${key}`));
        }
      }
      expect(compared).toBeGreaterThan(1000);
      // Tens of thousands of lookups through both: seconds on a busy machine.
    }, 60_000);
  }

  it("answers missing keys, defaults, other groups and several keys as i18next does", async () => {
    const server = await real("en");
    const browser = ours("en");
    const calls: [string | string[], Record<string, unknown>?][] = [
      ["no.such.key"],
      ["no.such.key", { defaultValue: "fallback {{n}}", n: 3 }],
      ["no.such.key", { count: 2, defaultValue_other: "{{count}} others", defaultValue: "one" }],
      ["no.such.key", { count: 0, defaultValue_zero: "none", defaultValue: "some" }],
      ["nosuchns:title"],
      ["home:no.such"],
      [["no.such.key", "common:appName"]],
      ["common:appName", { ns: "home" }],
      ["appName", { ns: ["home", "common"] }],
      ["game", {}],
      ["game:result", {}],
    ];
    for (const [key, options] of calls) expect(tOf(browser)(key, options), JSON.stringify([key, options])).toBe(tOf(server)(key, options));
    for (const key of ["no.such", "common:no.such", "game:result"]) expect(browser.exists(key)).toBe(server.exists(key));
  });

  it("follows a switch of language, falling back to pt-BR where a bundle lacks a text", async () => {
    const server = await real("pt-BR", LANGUAGES);
    const browser = ours("pt-BR", LANGUAGES);
    const seen: string[] = [];
    browser.on("languageChanged", (lng: string) => seen.push(lng));
    for (const lng of ["es", "en"] as const) {
      await server.changeLanguage(lng);
      await browser.changeLanguage(lng);
      expect(browser.language).toBe(lng);
      expect(browser.languages).toEqual(server.languages);
      for (const key of ["common:appName", "home:title", "game:turn.yours"])
        expect(tOf(browser)(key, { count: 2 })).toBe(tOf(server)(key, { count: 2 }));
      expect(tOf(browser)("common:appName", { lng: "pt-BR" })).toBe(tOf(server)("common:appName", { lng: "pt-BR" }));
    }
    expect(seen).toEqual(["es", "en"]);
    // A bundle that lacks a text: the pt-BR one is drawn.
    browser.addResourceBundle("es", "zz", { only: "x" }, true, true);
    server.addResourceBundle("es", "zz", { only: "x" }, true, true);
    browser.addResourceBundle("pt-BR", "zz", { both: "pt {{n}}" }, true, true);
    server.addResourceBundle("pt-BR", "zz", { both: "pt {{n}}" }, true, true);
    await server.changeLanguage("es");
    await browser.changeLanguage("es");
    for (const key of ["zz:only", "zz:both"]) expect(tOf(browser)(key, { n: 1 })).toBe(tOf(server)(key, { n: 1 }));
  });

  it("renders react-i18next's hooks and <Trans> the same", async () => {
    const html = (i18n: I18n) => {
      function Page() {
        const { t } = useTranslation("admin");
        return createElement(
          "p",
          null,
          t("title"),
          createElement(Trans, {
            i18nKey: "admin:ledgerTotals",
            values: { rows: "1,234", credits: "5", debits: "-2", net: "3" },
            components: { credit: createElement("span", { className: "c" }), debit: createElement("span", { className: "d" }) },
          }),
        );
      }
      return renderToString(createElement(I18nextProvider, { i18n }, createElement(Page)));
    };
    for (const lng of LANGUAGES) expect(html(ours(lng))).toBe(html(await real(lng)));
  });
});
