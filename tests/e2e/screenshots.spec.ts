import { test } from "@playwright/test";
import { signIn, uniquePlayer } from "./helpers";
import { shoot } from "./screenshot";

// Not a check: `SCREENSHOTS=1 npx playwright test screenshots` writes PNGs of
// every screen, phone and desktop, into .tmp/screenshots for a human to look at.
test.skip(!process.env.SCREENSHOTS, "screenshots only on demand");

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
