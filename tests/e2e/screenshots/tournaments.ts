import { test } from "@playwright/test";
import { newSignedInPage, signIn } from "../helpers";
import { shoot } from "../screenshot";
import { ADMIN } from "../fixtures/data";

// Part of `npm run screenshots`, not a test: the /tournaments tabs, a tournament's page and the
// admin's Tournaments tab, phone and desktop, into .tmp/screenshots.
test("tournament screens", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { context, page: player } = await newSignedInPage(browser, "Torcedora");
  for (const tab of ["upcoming", "active", "completed"]) {
    await player.goto(`/tournaments?tab=${tab}`);
    await shoot(player, `tournaments-${tab}`);
  }
  await player.goto("/tournaments");
  await player.getByTestId("tournament-card").first().getByRole("link", { name: "Ver torneio" }).click();
  await player.waitForURL(/\/tournaments\/.+/);
  await shoot(player, "tournament-page");
  await signIn(page, ADMIN);
  await page.goto("/admin?tab=tournaments");
  await shoot(page, "admin-tournaments");
  await context.close();
});
