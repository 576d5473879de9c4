import { describe, expect, it } from "vitest";
import { BUNDLES, bundleHref, bundleOf, RESOURCES } from "../../app/locales/index.server";

// ADR 094: a page's texts are one JSON per language and bundle, linked by a content-hash URL.
describe("translation bundles", () => {
  it("hold the visitor's namespaces, every one but the dashboard's, or every one, in the page's language", () => {
    const visitor = JSON.parse(bundleOf("en", "visitor").json) as Record<string, unknown>;
    expect(Object.keys(visitor).sort()).toEqual([...BUNDLES.visitor].sort());
    expect(visitor.common).toEqual(RESOURCES.en.common);
    const player = JSON.parse(bundleOf("pt-BR", "player").json) as Record<string, unknown>;
    expect(Object.keys(player).sort()).toEqual(
      Object.keys(RESOURCES["pt-BR"])
        .filter((ns) => ns !== "admin")
        .sort(),
    );
    const admin = JSON.parse(bundleOf("es", "admin").json) as Record<string, unknown>;
    expect(Object.keys(admin).sort()).toEqual(Object.keys(RESOURCES.es).sort());
    expect(admin.admin).toEqual(RESOURCES.es.admin);
  });

  it("are named by their content: each language and bundle its own version, stable across calls", () => {
    const versions = new Set(
      ["pt-BR", "en", "es"].flatMap((l) => [bundleOf(l as "en", "visitor").version, bundleOf(l as "en", "player").version]),
    );
    expect(versions.size).toBe(6);
    expect(bundleHref("es", "player")).toBe(`/locales/es?set=player&v=${bundleOf("es", "player").version}`);
    expect(bundleHref("es", "player")).toBe(bundleHref("es", "player"));
  });
});
