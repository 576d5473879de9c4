import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { startAfterFirstPaint } from "../../app/components/paint-first-scripts";
import { START_BUNDLE_FETCH } from "../../app/utils/translations";

// The page's code and texts are asked for after the first contentful paint (ADR 161). The inline
// scripts run here against a small stand-in of the browser's objects: what they insert or fetch,
// and when.

interface Inserted {
  type: string;
  nonce: string;
  textContent: string;
  removed: boolean;
}

function browser(visibility: "visible" | "hidden" = "visible") {
  const inserted: Inserted[] = [];
  const fetched: string[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  let observer: ((list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void) | null = null;
  let observing = false;
  const context = {
    window: {} as Record<string, unknown>,
    document: {
      visibilityState: visibility,
      currentScript: { nonce: "n0nce", dataset: { href: "/locales/pt-BR?set=player&v=1" } },
      createElement: () => {
        const element: Inserted & { remove(): void } = {
          type: "",
          nonce: "",
          textContent: "",
          removed: false,
          remove: () => (element.removed = true),
        };
        return element;
      },
      head: { appendChild: (element: Inserted) => inserted.push(element) },
    },
    PerformanceObserver: class {
      constructor(callback: typeof observer) {
        observer = callback;
      }
      observe(options: { type: string; buffered: boolean }) {
        observing = options.type === "paint" && options.buffered;
      }
    },
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    fetch: (href: string) => {
      fetched.push(href);
      return { catch: () => "started" };
    },
  };
  context.window = context as unknown as Record<string, unknown>;
  return {
    run: (code: string) => vm.runInNewContext(code, context),
    inserted,
    fetched,
    window: context as unknown as Record<string, unknown>,
    /** The browser reports paint entries: `names` are in the list. */
    paint(...names: string[]) {
      expect(observing).toBe(true);
      let disconnected = false;
      observer!({ getEntriesByName: (name) => (names.includes(name) ? [{}] : []) }, { disconnect: () => (disconnected = true) });
      return disconnected;
    },
    /** Runs the timers due within `ms` (in the order they were set). */
    tick(ms: number) {
      for (const timer of timers.splice(0).filter((t) => t.ms <= ms)) timer.fn();
    },
  };
}

const MODULE_CODE =
  'import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\nwindow.__remixRouteModules = {"root":route0};\n\nimport("/assets/entry.client.js");';

describe("the page's code starts after the first contentful paint", () => {
  it("inserts one module script, with the page's nonce, the modules imported up front and Remix's code, once the paint is reported", () => {
    const b = browser();
    b.run(startAfterFirstPaint(["/assets/components.js", "/assets/root.js"], MODULE_CODE));
    b.tick(0);
    expect(b.inserted).toHaveLength(0);
    // A first paint that is not contentful (the background) does not count.
    expect(b.paint("first-paint")).toBe(false);
    b.tick(0);
    expect(b.inserted).toHaveLength(0);
    expect(b.paint("first-paint", "first-contentful-paint")).toBe(true);
    expect(b.inserted).toHaveLength(0); // in a task of its own, after the one reporting the paint
    b.tick(0);
    expect(b.inserted.map(({ type, nonce, textContent, removed }) => ({ type, nonce, textContent, removed }))).toEqual([
      {
        type: "module",
        nonce: "n0nce",
        textContent: `import "/assets/components.js";import "/assets/root.js";${MODULE_CODE}`,
        removed: true,
      },
    ]);
    // The fallback timer, later, does not start it again.
    b.tick(1000);
    b.tick(0);
    expect(b.inserted).toHaveLength(1);
  });

  it("starts after 1 s without a paint report, and only once", () => {
    const b = browser();
    b.run(startAfterFirstPaint(["/assets/a.js"], MODULE_CODE));
    b.tick(1000);
    b.tick(0);
    expect(b.inserted).toHaveLength(1);
    b.paint("first-contentful-paint");
    b.tick(0);
    expect(b.inserted).toHaveLength(1);
  });

  it("starts at once in a hidden tab, which draws no frames", () => {
    const b = browser("hidden");
    b.run(startAfterFirstPaint([], MODULE_CODE));
    b.tick(0);
    expect(b.inserted).toHaveLength(1);
    expect(b.inserted[0].textContent).toBe(MODULE_CODE);
  });

  it("cannot close the script element it is written in", () => {
    const code = 'window.x = "</script><script>alert(1)</script>";';
    const script = startAfterFirstPaint(["/assets/a.js"], code);
    expect(script).not.toContain("</");
    const b = browser("hidden");
    b.run(script);
    b.tick(0);
    expect(b.inserted[0].textContent).toBe(`import "/assets/a.js";${code}`);
  });

  it("fetches the page's texts from the head script's data-href after the paint as well", () => {
    const b = browser();
    b.run(START_BUNDLE_FETCH);
    b.tick(0);
    expect(b.fetched).toEqual([]);
    b.paint("first-contentful-paint");
    b.tick(0);
    expect(b.fetched).toEqual(["/locales/pt-BR?set=player&v=1"]);
    expect(b.window.__trucoBundle).toBe("started");
  });
});
