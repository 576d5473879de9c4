import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "../tests/e2e/browser";

// Makes the web manifest's PNGs with the system Chromium, committed under public/:
//   npx tsx scripts/make-app-images.ts                 the maskable icons, from public/favicon.svg
//   npx tsx scripts/make-app-images.ts <base URL>      also the store screenshots of the landing page
//                                                      (phone and desktop), from a running `npm start`
// Maskable icons keep the artwork inside the central 80% circle (the safe zone any mask leaves).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const svg = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ locale: "pt-BR" });
  for (const size of [192, 512]) {
    await page.setViewportSize({ width: size, height: size });
    const art = Math.round(size * 0.72);
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:#063523">` +
        `<div style="width:${art}px;height:${art}px">${svg.replace("<svg ", `<svg width="${art}" height="${art}" `)}</div></body>`,
    );
    await page.screenshot({ path: path.join(publicDir, "icons", `maskable-${size}.png`) });
  }
  const base = process.argv[2];
  if (base) {
    for (const [name, width, height] of [
      ["landing-phone", 390, 844],
      ["landing-desktop", 1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(new URL("/", base).href);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: path.join(publicDir, "screenshots", `${name}.png`) });
    }
  }
} finally {
  await browser.close();
}
