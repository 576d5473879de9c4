import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Fills the service worker's precache list after each build: every file Vite wrote under
// build/client/assets (content-hashed names), and a version derived from that list so a new build
// is a new worker (the browser compares the bytes of /sw.js). Called from the Remix plugin's
// buildEnd in vite.config.ts, so `npm run build`, `npm start` and the deploy all get it.

const MARKER = /\/\* PRECACHE \*\/ \{[^}]*\}/;

function filesUnder(dir: string, base: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [`/${path.relative(base, full).split(path.sep).join("/")}`];
  });
}

export function writePrecacheManifest(clientDir: string): { version: string; assets: string[] } {
  // Source maps and the Vite manifest are for tools, not for players.
  const assets = filesUnder(path.join(clientDir, "assets"), clientDir)
    .filter((file) => !file.endsWith(".map"))
    .sort();
  const worker = path.join(clientDir, "sw.js");
  const source = readFileSync(worker, "utf8");
  if (!MARKER.test(source)) throw new Error(`${worker}: the /* PRECACHE */ marker is missing`);
  const hash = createHash("sha256");
  hash.update(source);
  for (const asset of assets) hash.update(asset);
  const version = hash.digest("hex").slice(0, 12);
  writeFileSync(worker, source.replace(MARKER, JSON.stringify({ version, assets })));
  return { version, assets };
}
