import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "../../../db/local-d1";
import { budget, BUDGETS, row } from "../lib/report";
import type { Scenario } from "../lib/scenario";
import { fmtKB } from "../lib/stats";
import { errorMessage, log } from "../lib/util";

// C. The front-end budgets from the build: the landing page's critical path
// (the HTML of `/` signed out, which carries the stylesheet in its head, and
// every stylesheet and modulepreload it names) and the game route's JS (from the Remix manifest: entry + root + the
// route, with their imports), compressed (gzip -9 and brotli q11).

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

function compressed(buffer: Buffer): Size {
  return {
    raw: buffer.length,
    gzip: zlib.gzipSync(buffer, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buffer, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }).length,
  };
}

const addSizes = (list: Size[]): Size =>
  list.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 });

interface ManifestRoute {
  path?: string;
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
}
interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function remixManifest(): { manifest: RemixManifest; url: string } {
  const client = path.join(ROOT, "build", "client");
  const vite = path.join(client, ".vite", "manifest.json");
  const assets = path.join(client, "assets");
  const file = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name)) : null;
  if (!file) {
    throw new Error(
      `no Remix browser manifest (build/client/assets/manifest-*.js)${fs.existsSync(vite) ? "" : " and no build/client/.vite/manifest.json"}: build first`,
    );
  }
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return { manifest: JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")), url: `/assets/${file}` };
}

const assetSize = (url: string) => compressed(fs.readFileSync(path.join(ROOT, "build", "client", url.replace(/^\//, ""))));

async function measure(base: string) {
  const { manifest, url: manifestUrl } = remixManifest();
  const notes: string[] = [];

  // Landing page, from the server's real HTML.
  const response = await fetch(`${base}/`, { headers: { "Accept-Language": "pt-BR" } });
  const html = await response.text();
  if (response.status !== 200) notes.push(`GET / answered ${response.status}`);
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const hrefOf = (tag: string) => /href="([^"]+)"/.exec(tag)?.[1];
  const localHrefs = (rel: string) =>
    links
      .filter((tag) => tag.includes(`rel="${rel}"`))
      .map(hrefOf)
      .filter((h): h is string => Boolean(h?.startsWith("/")));
  const css = localHrefs("stylesheet");
  const preloads = localHrefs("modulepreload");
  const scripts = [...html.matchAll(/<script\b[^>]*src="(\/[^"]+)"/g)].map((m) => m[1]);
  const imported = [...html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]);
  const landingJs = [...new Set([...preloads, ...scripts, ...imported])];
  const htmlSize = compressed(Buffer.from(html));
  const cssSize = addSizes([...new Set(css)].map(assetSize));
  const jsSize = addSizes(landingJs.map(assetSize));
  const landing = {
    html: htmlSize,
    css: cssSize,
    js: jsSize,
    critical: addSizes([htmlSize, cssSize, jsSize]),
    files: { css, js: landingJs },
  };
  if (!landingJs.length) notes.push("the landing HTML names no modulepreload: JS measured as 0");

  // Game route, from the manifest.
  let game: { cold: Size; increment: Size; files: string[] } | null = null;
  const routeId = Object.keys(manifest.routes).find((id) => manifest.routes[id].path === "game/:gameId" || id === "routes/game.$gameId");
  if (!routeId) {
    notes.push("no route game/:gameId in the Remix manifest");
  } else {
    const chain: ManifestRoute[] = [];
    for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
    const cold = new Set([manifestUrl, manifest.entry.module, ...manifest.entry.imports]);
    for (const route of chain) [route.module, ...(route.imports ?? [])].forEach((u) => cold.add(u));
    const own = [manifest.routes[routeId].module, ...(manifest.routes[routeId].imports ?? [])].filter((u) => !landingJs.includes(u));
    game = { cold: addSizes([...cold].map(assetSize)), increment: addSizes([...new Set(own)].map(assetSize)), files: [...cold] };
  }
  return { landing, game, notes };
}

export const frontEnd: Scenario = {
  id: "web",
  players: () => ({ signIn: 0, bulk: 0 }),

  async run({ server }) {
    let web;
    try {
      web = await measure(server.base);
      log("front-end sizes measured");
    } catch (error) {
      return { lines: [], budgets: [], failures: [`front end: ${errorMessage(error)}`] };
    }
    const lines = ["", "C. front end (build/client; compressed sizes, gzip -9 / brotli q11)"];
    const w = [40, 12, 12, 12];
    lines.push(row(["", "raw", "gzip", "brotli"], w));
    const sizeRow = (name: string, s: Size) => lines.push(row([name, fmtKB(s.raw), fmtKB(s.gzip), fmtKB(s.brotli)], w));
    sizeRow("landing `/` HTML", web.landing.html);
    sizeRow(`landing CSS (${web.landing.files.css.length} files)`, web.landing.css);
    sizeRow(`landing JS (${web.landing.files.js.length} modulepreloads)`, web.landing.js);
    sizeRow("landing critical path (HTML+CSS+JS)", web.landing.critical);
    if (web.game) {
      sizeRow(`game route JS, cold (${web.game.files.length} files)`, web.game.cold);
      sizeRow("game route JS, beyond the landing's", web.game.increment);
    }
    for (const note of web.notes) lines.push(`  note: ${note}`);

    // Cloudflare serves brotli to every browser that asks for it (all current
    // ones), so the budgets are checked on brotli; gzip is the fallback's size.
    const budgets = [
      budget(
        `landing critical path (brotli; gzip ${fmtKB(web.landing.critical.gzip)})`,
        "≤ 170 KB",
        fmtKB(web.landing.critical.brotli),
        web.landing.critical.brotli <= BUDGETS.landingCriticalBytes,
      ),
      budget(
        `landing JS (brotli; gzip ${fmtKB(web.landing.js.gzip)})`,
        "≤ 100 KB",
        fmtKB(web.landing.js.brotli),
        web.landing.js.brotli <= BUDGETS.landingJsBytes,
      ),
    ];
    if (web.game) {
      budgets.push(
        budget(
          `game route JS, cold (brotli; gzip ${fmtKB(web.game.cold.gzip)})`,
          "≤ 170 KB",
          fmtKB(web.game.cold.brotli),
          web.game.cold.brotli <= BUDGETS.gameJsBytes,
        ),
      );
    }
    return { lines, budgets, failures: [] };
  },
};
