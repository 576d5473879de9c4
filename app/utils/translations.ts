import type { i18n as I18n } from "i18next";

// The page's texts come as one JSON per language and bundle (`/locales/{language}`, ADR 094): the
// page's head starts fetching it (START_BUNDLE_FETCH, so it downloads next to the code), entry.client waits for
// it before hydrating, and a new language or bundle later (the switcher, signing in) loads its own.

type Bundle = Record<string, Record<string, unknown>>;

const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();

export function bundleLoaded(href: string): boolean {
  return loaded.has(href);
}

/** Where the page's head script leaves the fetch of the page's own bundle (root.tsx). */
const STARTED = "__trucoBundle";

/**
 * The head script that starts fetching the page's bundle (its `data-href`) as the page is parsed,
 * so it downloads next to the code. A failed fetch leaves null: entry.client then fetches anew.
 */
export const START_BUNDLE_FETCH = `window.${STARTED}=fetch(document.currentScript.dataset.href,{credentials:"same-origin"}).catch(function(){return null})`;

/** The fetch the head script started, once (null: none, or it failed). */
export function takeStartedBundle(): Promise<Response | null> | null {
  const started = (window as unknown as Record<string, Promise<Response | null> | undefined>)[STARTED] ?? null;
  delete (window as unknown as Record<string, unknown>)[STARTED];
  return started;
}

/** Fetches a bundle (one retry: a flaky network should not leave the page unhydrated), from `started` first when given. */
export async function fetchBundle(href: string, started: Promise<Response | null> | null = null): Promise<Bundle> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = (attempt === 1 && started ? await started : null) ?? (await fetch(href, { credentials: "same-origin" }));
      if (!response.ok) throw new Error(`translations: ${response.status}`);
      const body: unknown = await response.json();
      // Our own server's JSON: checked for shape only (zod would put its weight in the entry chunk).
      if (!isBundle(body)) throw new Error("translations: not a bundle");
      return body;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

/** Marks the bundle the page started with (entry.client put it in the i18n instance). */
export function markLoaded(href: string) {
  loaded.add(href);
  loads.set(href, Promise.resolve());
}

/** Loads a bundle into `i18n` once; resolves when its texts are there. */
export function loadBundle(i18n: I18n, language: string, href: string): Promise<void> {
  let load = loads.get(href);
  if (!load) {
    load = fetchBundle(href).then((bundle) => {
      for (const [ns, texts] of Object.entries(bundle)) i18n.addResourceBundle(language, ns, texts, true, true);
      loaded.add(href);
    });
    load.catch(() => loads.delete(href));
    loads.set(href, load);
  }
  return load;
}

function isBundle(value: unknown): value is Bundle {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((group) => typeof group === "object" && group !== null && !Array.isArray(group))
  );
}
