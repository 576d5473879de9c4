import { test } from "@playwright/test";
import { signIn, uniquePlayer } from "../helpers";
import { shoot } from "../screenshot";

// Part of `npm run screenshots`, not a test: PNGs of the landing page, home
// and profile, phone and desktop, into .tmp/screenshots for a human to look at.

test("screens", async ({ page }) => {
  await page.goto("/");
  await shoot(page, "landing");
  await signIn(page, uniquePlayer("Screenshot"));
  await shoot(page, "home");
  await page.goto("/profile");
  await shoot(page, "profile");
  await page.getByRole("link", { name: "Editar apelido" }).click();
  await page.getByLabel("Apelido", { exact: true }).waitFor();
  await shoot(page, "profile-edit");
});
