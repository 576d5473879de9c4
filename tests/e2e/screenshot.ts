import type { Page } from "@playwright/test";
import path from "node:path";
import { fileURLToPath } from "node:url";

// For `npm run screenshots` (tests/e2e/screenshots/, playwright.screenshots.config.ts): every
// screen at a phone's and a desktop's size, for a human to look at. Not part of `npm test`.

/** A 390 px phone first (the scripted tables open at its size), then the narrowest phone, a phone on its side, a desktop. */
export const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "phone-360", width: 360, height: 740 },
  { name: "phone-landscape", width: 844, height: 390 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", ".tmp", "screenshots");

/**
 * The install banner comes 5 s after a page loads, over whatever screen is being shot:
 * it is kept out of every screenshot but its own.
 */
const WITHOUT_INSTALL_BANNER = '[data-testid="install-banner"] { display: none !important; }';

/** Writes .tmp/screenshots/<name>-<viewport>.png for each of the viewports above. */
export async function shoot(page: Page, name: string, fullPage = true, { installBanner = false }: { installBanner?: boolean } = {}) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${viewport.name}.png`),
      fullPage,
      style: installBanner ? undefined : WITHOUT_INSTALL_BANNER,
    });
  }
}
