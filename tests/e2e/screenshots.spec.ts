import { test, type Page } from "@playwright/test";
import { signIn, uniquePlayer } from "./helpers";

// Not a check: `SCREENSHOTS=1 npx playwright test screenshots` writes PNGs of
// every screen, phone and desktop, into .tmp/screenshots for a human to look at.
test.skip(!process.env.SCREENSHOTS, "screenshots only on demand");

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

async function shoot(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `.tmp/screenshots/${name}-${viewport.name}.png`, fullPage: true });
  }
}

test("screens", async ({ page }) => {
  await page.goto("/");
  await shoot(page, "landing");
  await signIn(page, uniquePlayer("Screenshot"));
  await shoot(page, "home");
  await page.goto("/profile");
  await shoot(page, "profile");
  await page.getByRole("button", { name: "Editar apelido" }).click();
  await shoot(page, "profile-edit");
});
