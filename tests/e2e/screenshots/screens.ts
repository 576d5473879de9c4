import { expect, test } from "@playwright/test";
import { signIn, uniquePlayer } from "../helpers";
import { shoot } from "../screenshot";

// Part of `npm run screenshots`, not a test: PNGs of the landing page, home, profile, the install
// banner and the offline page, phone and desktop, into .tmp/screenshots for a human to look at.

test("screens", async ({ page }) => {
  await page.goto("/");
  await shoot(page, "landing");
  await signIn(page, uniquePlayer("Screenshot"));
  await shoot(page, "home");
  // What a player sees before scrolling: a way to play comes first on a phone.
  await shoot(page, "home-first-screen", false);
  await page.goto("/profile");
  await shoot(page, "profile");
  await page.getByRole("link", { name: "Editar apelido" }).click();
  await page.getByLabel("Apelido", { exact: true }).waitFor();
  await shoot(page, "profile-edit");
});

test("the install banner and the offline page", async ({ page, context }) => {
  await signIn(page, uniquePlayer("Offline"));
  // The banner comes 5 s after load (spec §9).
  await expect(page.getByTestId("install-banner")).toBeVisible({ timeout: 15_000 });
  await shoot(page, "install-banner", false, { installBanner: true });
  // The service worker controls the page, then the network goes: a navigation shows the offline page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.goto("/profile");
  await page.locator("#retry").waitFor();
  await shoot(page, "offline");
  await context.setOffline(false);
});
