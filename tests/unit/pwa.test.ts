// The install banner's timing rule (spec §9: 24 h after a dismissal) and the precache list the
// build writes into the service worker (ADR 050).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INSTALL_SUPPRESSION_MS, installBannerDue, isPlayPath } from "../../app/utils/pwa";
import { writePrecacheManifest } from "../../scripts/precache-manifest";

describe("installBannerDue", () => {
  const now = 1_800_000_000_000;
  it("shows when never dismissed, or when the stored value is not a time", () => {
    expect(installBannerDue(null, now)).toBe(true);
    expect(installBannerDue("nonsense", now)).toBe(true);
    expect(installBannerDue(String(now + 60_000), now)).toBe(true); // a clock moved back
  });
  it("stays away for 24 h after a dismissal, then shows again", () => {
    expect(installBannerDue(String(now - 1_000), now)).toBe(false);
    expect(installBannerDue(String(now - INSTALL_SUPPRESSION_MS + 1), now)).toBe(false);
    expect(installBannerDue(String(now - INSTALL_SUPPRESSION_MS), now)).toBe(true);
  });
});

describe("isPlayPath", () => {
  it("is a game room only", () => {
    expect(isPlayPath("/game/abc")).toBe(true);
    expect(isPlayPath("/")).toBe(false);
    expect(isPlayPath("/profile")).toBe(false);
  });
});

describe("writePrecacheManifest", () => {
  it("lists the hashed assets (no source maps) and versions the worker by them", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sw-"));
    mkdirSync(path.join(dir, "assets", "nested"), { recursive: true });
    for (const file of ["a-1.js", "b-2.css", "a-1.js.map", "nested/c-3.js"]) writeFileSync(path.join(dir, "assets", file), file);
    writeFileSync(path.join(dir, "sw.js"), 'const BUILD = /* PRECACHE */ { version: "dev", assets: [] };\n');
    const first = writePrecacheManifest(dir);
    expect(first.assets).toEqual(["/assets/a-1.js", "/assets/b-2.css", "/assets/nested/c-3.js"]);
    const source = readFileSync(path.join(dir, "sw.js"), "utf8");
    expect(source).toContain(`const BUILD = ${JSON.stringify(first)};`);

    writeFileSync(path.join(dir, "sw.js"), 'const BUILD = /* PRECACHE */ { version: "dev", assets: [] };\n');
    writeFileSync(path.join(dir, "assets", "d-4.js"), "d");
    expect(writePrecacheManifest(dir).version).not.toBe(first.version);
  });
  it("refuses a worker without the marker", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sw-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "sw.js"), "const BUILD = {};\n");
    expect(() => writePrecacheManifest(dir)).toThrow(/marker/);
  });
});
