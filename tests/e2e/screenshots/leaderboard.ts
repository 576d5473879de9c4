import { test } from "@playwright/test";
import { signIn, uniquePlayer } from "../helpers";
import { shoot } from "../screenshot";

// Part of `npm run screenshots`, not a test: the leaderboard on the demo players'
// ranked history of `npm start`'s seed, each period, a player's card, and the English board.

test("leaderboard", async ({ page }) => {
  await signIn(page, uniquePlayer("Screenshot"));
  await page.goto("/leaderboard");
  await shoot(page, "leaderboard-all");
  await page.goto("/leaderboard?period=monthly");
  await shoot(page, "leaderboard-monthly");
  await page.goto("/leaderboard?period=weekly&player=demo-bia");
  await shoot(page, "leaderboard-card", false);
  await page.evaluate(() => (document.cookie = "lng=en; Path=/; SameSite=Lax"));
  await page.goto("/leaderboard?period=weekly");
  await shoot(page, "leaderboard-weekly-en");
});
