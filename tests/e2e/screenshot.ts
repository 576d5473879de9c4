import type { Page } from "@playwright/test";

// For the on-demand screenshot specs (SCREENSHOTS=1): every screen at a phone's and a desktop's size.

export const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

/** Writes .tmp/screenshots/<name>-phone.png and <name>-desktop.png. */
export async function shoot(page: Page, name: string, fullPage = true) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `.tmp/screenshots/${name}-${viewport.name}.png`, fullPage });
  }
}
