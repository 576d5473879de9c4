import type { i18n as I18n, TFunction } from "i18next";
import { formatInteger } from "./integer-format";

// The browser's translator (ADR 145): the part of i18next's instance that react-i18next and our
// pages use, with i18next's own lookup rules for what our texts contain (nested keys, "ns:key",
// plurals by Intl.PluralRules with `_zero` first, `{{value}}` and `{{value, number}}`, a language
// then pt-BR). The server renders with i18next itself; the client must draw exactly the same texts,
// which tests/unit/translator.test.ts checks against i18next for every text in every language.
// i18next was 48 KB of every page's entry chunk (about 11 KB of the landing page's JavaScript with
// brotli, against DESIGN.md §9's 100 KB for all of it). Not carried over, as no text or call uses
// them: backends, nesting (`$t(...)`), context, ordinals, post-processors, formats other than `number`.

type Options = Record<string, unknown>;
type Resources = Record<string, Record<string, Record<string, unknown>>>;
type Listener = (...args: unknown[]) => void;

interface Config {
  lng: string;
  fallbackLng: string;
  defaultNS: string;
  ns: readonly string[];
  supportedLngs: readonly string[];
  keySeparator: string;
  nsSeparator: string;
  resources: Resources;
}

const isString = (value: unknown): value is string => typeof value === "string";
const valid = (value: unknown) => value !== undefined && value !== null;

/** i18next's lookup of a key with dots in it when the nested path finds nothing (`deepFind`). */
function deepFind(object: unknown, path: string, separator: string): unknown {
  if (!object || typeof object !== "object") return undefined;
  const record = object as Record<string, unknown>;
  if (record[path]) return record[path];
  const tokens = path.split(separator);
  let current: unknown = object;
  for (let i = 0; i < tokens.length;) {
    if (!current || typeof current !== "object") return undefined;
    let next: unknown;
    let nextPath = "";
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += separator;
      nextPath += tokens[j];
      next = (current as Record<string, unknown>)[nextPath];
      if (next !== undefined) {
        if (["string", "number", "boolean"].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

function getPath(object: unknown, path: string[]): unknown {
  let current = object;
  for (const part of path) {
    if (!current || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Interpolation data by name: a plain name, or a dotted path into an object. */
function dataOf(data: Options, name: string): unknown {
  const found = getPath(data, name.split("."));
  return found ? found : (deepFind(data, name, ".") ?? found);
}

function deepExtend(target: Record<string, unknown>, source: Record<string, unknown>, overwrite: boolean) {
  for (const prop in source) {
    if (prop === "__proto__" || prop === "constructor") continue;
    if (prop in target) {
      if (isString(target[prop]) || isString(source[prop])) {
        if (overwrite) target[prop] = source[prop];
      } else {
        deepExtend(target[prop] as Record<string, unknown>, source[prop] as Record<string, unknown>, overwrite);
      }
    } else {
      target[prop] = source[prop];
    }
  }
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralSuffix(code: string, count: number): string {
  let rules = pluralRules.get(code);
  if (!rules) {
    rules = new Intl.PluralRules(code.replace("_", "-"));
    pluralRules.set(code, rules);
  }
  return `_${rules.select(count)}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/**
 * `{{value, number}}`. i18next hands the whole call's options to Intl.NumberFormat; no call of ours
 * passes one of Intl's own options, so one formatter per language gives the same text. Whole
 * numbers skip Intl (app/utils/integer-format.ts: its first use costs a page tens of milliseconds).
 */
function formatNumber(value: unknown, lng: string): string {
  const code = lng.replace("_", "-");
  if (typeof value === "number" && Number.isSafeInteger(value)) return formatInteger(value, code);
  let format = numberFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(code);
    numberFormats.set(code, format);
  }
  return format.format(value as number);
}

export class Translator {
  language: string;
  resolvedLanguage: string;
  languages: string[];
  readonly isInitialized = true;
  readonly options: Config & { react?: undefined };
  /** `<Trans>` fills the values of a text's inner tags with the instance's interpolator. */
  readonly services = {
    interpolator: { interpolate: (text: string, data: Options | undefined, lng: string) => this.interpolate(text, data ?? {}, lng) },
  };
  reportNamespaces?: unknown;
  private readonly data: Resources;
  private readonly listeners = new Map<string, Set<Listener>>();
  readonly store: { on: (event: string, fn: Listener) => void; off: (event: string, fn: Listener) => void };

  constructor(config: Config) {
    this.options = { ...config, ns: [...config.ns] };
    this.data = config.resources;
    this.language = config.lng;
    this.resolvedLanguage = config.lng;
    this.languages = this.hierarchy(config.lng);
    const storeListeners = new Map<string, Set<Listener>>();
    this.store = {
      on: (event, fn) => void (storeListeners.get(event) ?? storeListeners.set(event, new Set()).get(event)!).add(fn),
      off: (event, fn) => void storeListeners.get(event)?.delete(fn),
    };
    this.t = this.t.bind(this);
  }

  /** The languages a text is looked up in: this one, then the fallback (i18next's `toResolveHierarchy`). */
  private hierarchy(lng: string): string[] {
    return lng === this.options.fallbackLng ? [lng] : [lng, this.options.fallbackLng];
  }

  on(event: string, fn: Listener) {
    (this.listeners.get(event) ?? this.listeners.set(event, new Set()).get(event)!).add(fn);
    return this;
  }

  off(event: string, fn?: Listener) {
    if (fn) this.listeners.get(event)?.delete(fn);
    else this.listeners.delete(event);
    return this;
  }

  private emit(event: string, ...args: unknown[]) {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }

  /** For react-i18next's `initReactI18next` (a "3rdParty" module). */
  use(module: { type?: string; init?: (instance: Translator) => void }) {
    if (module.type === "3rdParty") module.init?.(this);
    return this;
  }

  changeLanguage(lng: string) {
    this.language = lng;
    this.resolvedLanguage = lng;
    this.languages = this.hierarchy(lng);
    this.emit("languageChanged", lng);
    return Promise.resolve(this.t);
  }

  addResourceBundle(lng: string, ns: string, resources: Record<string, unknown>, deep?: boolean, overwrite?: boolean) {
    const languageData = (this.data[lng] ??= {});
    const existing = languageData[ns];
    if (deep && existing) deepExtend(existing, resources, Boolean(overwrite));
    else languageData[ns] = { ...existing, ...resources };
    if (!this.options.ns.includes(ns)) (this.options.ns as string[]).push(ns);
    return this;
  }

  getResourceBundle(lng: string, ns: string) {
    return this.data[lng]?.[ns];
  }

  // Every text is here from the start (no backend): as i18next answers with inline resources.
  hasLoadedNamespace() {
    return true;
  }

  loadNamespaces(_ns: unknown, callback?: () => void) {
    callback?.();
    return Promise.resolve();
  }

  loadLanguages(_lngs: unknown, callback?: () => void) {
    callback?.();
    return Promise.resolve();
  }

  dir() {
    return "ltr";
  }

  exists(key: string | string[], options: Options = {}) {
    if (key === undefined || key === null) return false;
    return this.resolve(key, options).res !== undefined;
  }

  getFixedT(lng: string | readonly string[] | null, ns?: string | readonly string[], keyPrefix?: string): TFunction {
    const fixedT = (key: string | string[], second?: unknown, third?: unknown, fourth?: unknown) => {
      // i18next's `overloadTranslationOptionHandler`: `t(key, "default")`, `t(key, "default", options)`.
      const options: Options = typeof second === "object" && second !== null ? { ...second } : {};
      if (typeof second !== "object" || second === null) {
        if (isString(second)) options.defaultValue = second;
        const extra = typeof third === "object" || typeof fourth === "object" ? (fourth ?? third) : null;
        if (extra && typeof extra === "object") Object.assign(options, extra);
      }
      options.lng = options.lng || (isString(lng) ? lng : undefined);
      options.lngs = options.lngs || (isString(lng) ? undefined : lng);
      options.ns = options.ns || ns;
      if (options.keyPrefix !== "") options.keyPrefix = options.keyPrefix || keyPrefix;
      const prefix = options.keyPrefix as string | undefined;
      const sep = this.options.keySeparator;
      const fullKey = prefix ? (Array.isArray(key) ? key.map((k) => `${prefix}${sep}${k}`) : `${prefix}${sep}${key}`) : key;
      return this.t(fullKey, options);
    };
    return fixedT as unknown as TFunction;
  }

  private extractFromKey(key: string, options: Options): { key: string; namespaces: string[] } {
    const nsSeparator = this.options.nsSeparator;
    let namespaces = (options.ns as string | string[] | undefined) || this.options.defaultNS;
    if (key.includes(nsSeparator)) {
      const parts = key.split(nsSeparator);
      namespaces = parts.shift()!;
      key = parts.join(this.options.keySeparator);
    }
    return { key, namespaces: isString(namespaces) ? [namespaces] : namespaces };
  }

  private getResource(code: string, ns: string, key: string): unknown {
    const found = getPath(this.data, [code, ns, ...key.split(this.options.keySeparator)]);
    if (found) return found;
    return deepFind(this.data[code]?.[ns], key, this.options.keySeparator);
  }

  private resolve(keys: string | string[], options: Options): { res: unknown } {
    let found: unknown;
    const needsPlural = options.count !== undefined && !isString(options.count);
    const zero = needsPlural && options.count === 0;
    const codes = (options.lngs as string[] | undefined) ?? this.hierarchy((options.lng as string | undefined) || this.language);
    for (const k of isString(keys) ? [keys] : keys) {
      if (valid(found)) break;
      const { key, namespaces } = this.extractFromKey(k, options);
      for (const ns of namespaces) {
        if (valid(found)) break;
        for (const code of codes) {
          if (valid(found)) break;
          // i18next tries the most specific form first: `_zero`, then the plural form, then the key.
          const finalKeys = [key];
          if (needsPlural) finalKeys.push(key + pluralSuffix(code, options.count as number));
          if (zero) finalKeys.push(`${key}_zero`);
          for (let i = finalKeys.length - 1; i >= 0 && !valid(found); i -= 1) found = this.getResource(code, ns, finalKeys[i]);
        }
      }
    }
    return { res: found };
  }

  t(keys: string | string[], options?: unknown): string {
    const opts: Options = typeof options === "object" && options !== null ? { ...(options as Options) } : {};
    if (isString(options)) opts.defaultValue = options;
    if (keys === undefined || keys === null) return "";
    const list = Array.isArray(keys) ? keys : [String(keys)];
    const { key } = this.extractFromKey(list[list.length - 1], opts);
    const lng = (opts.lng as string | undefined) || this.language;
    let res = this.resolve(list, opts).res;
    if (res && typeof res === "object") return `key '${key} (${this.language})' returned an object instead of string.`;
    if (!valid(res)) {
      const needsPlural = opts.count !== undefined && !isString(opts.count);
      const suffix = needsPlural ? pluralSuffix(lng, opts.count as number) : "";
      const hasDefault = Object.keys(opts).some((name) => name.startsWith("defaultValue") && opts[name] !== undefined);
      if (hasDefault)
        res = (needsPlural && opts.count === 0 && opts.defaultValue_zero) || opts[`defaultValue${suffix}`] || opts.defaultValue;
      if (!valid(res)) res = key;
    }
    if (!isString(res)) return res as string;
    return this.interpolate(res, opts, (opts.lng as string | undefined) || this.language);
  }

  /** `{{name}}` and `{{name, number}}`; a name the call does not give stays as it is (i18next's `skipOnVariables`). */
  private interpolate(text: string, data: Options, lng: string): string {
    return text.replace(/\{\{(.+?)\}\}/g, (match, inner: string) => {
      const name = inner.trim();
      const comma = name.indexOf(",");
      let value: unknown;
      if (comma < 0) {
        value = dataOf(data, name);
      } else {
        const variable = name.slice(0, comma).trim();
        const format = name
          .slice(comma + 1)
          .trim()
          .toLowerCase();
        value = dataOf(data, variable);
        if (format === "number") value = formatNumber(value, (data.lng as string | undefined) || lng);
      }
      if (value === undefined) return Object.prototype.hasOwnProperty.call(data, name) ? "" : match;
      return isString(value) ? value : value === null ? "" : String(value);
    });
  }
}

/** The browser's translator, typed as the i18next instance react-i18next's provider takes. */
export function createTranslator(config: Config): I18n {
  return new Translator(config) as unknown as I18n;
}
