import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { createRoom, gameCodeOf, joinByCode, step } from "./game-driver";
import { befriend, newSignedInPage } from "./helpers";

// A friend watches a live 1v1 (docs/decisions/134-spectating-through-a-relay.md): Ana and Beto
// play a public table; Carla, Ana's friend, opens "Assistir" on Ana's card on the friends page and
// sees each card appear on the table as it is played, and never a card before it is played.

/** The ids of the cards in a player's hand. */
async function handOf(page: Page): Promise<string[]> {
  return page.locator('[data-testid="hand-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card") ?? ""));
}

test("a friend watches a live 1v1 from the friends page and sees cards only as they are played", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await newSignedInPage(browser, "Ana");
  const beto = await newSignedInPage(browser, "Beto");
  const carla = await newSignedInPage(browser, "Carla");
  await befriend(carla.page, ana.page, baseURL!);

  await createRoom(ana.page, "casual:1v1", "public");
  const code = await gameCodeOf(ana.page);
  await joinByCode(beto.page, code);
  await expect(ana.page.getByTestId("board")).toBeVisible();
  await expect(beto.page.getByTestId("board")).toBeVisible();

  await carla.page.goto("/friends");
  const row = carla.page.getByTestId("friend-row").first();
  await expect(row.getByTestId("friend-status")).toHaveAttribute("data-status", "playing");
  await row.getByTestId("friend-watch").click();
  await carla.page.waitForURL(/\/watch$/);
  const watch = carla.page;
  await expect(watch.getByTestId("watch-page")).toHaveAttribute("data-status", "active");
  await expect(watch.getByTestId("board")).toBeVisible();
  // A spectator has no hand and nothing to do.
  await expect(watch.getByTestId("hand-card")).toHaveCount(0);
  await expect(watch.getByTestId("prompt")).toHaveCount(0);
  // The players see that someone watches.
  await expect(ana.page.getByTestId("watchers")).toHaveAttribute("data-count", "1");

  // Card by card: none shows on the spectator's table while in a hand, each shows once played.
  const onTableWhileHeld = async () => {
    const held = [...(await handOf(ana.page)), ...(await handOf(beto.page))];
    let seen = 0;
    for (const id of held) seen += await watch.locator(`[data-testid="trick-card"][data-card="${id}"]`).count();
    return seen;
  };
  for (let plays = 0; plays < 4;) {
    await expect.poll(onTableWhileHeld, { timeout: 10_000 }).toBe(0);
    const turn = (await ana.page.locator('[data-testid="hand-card"][data-playable]').count()) > 0 ? ana.page : beto.page;
    const before = await handOf(turn);
    if (!(await step(turn))) {
      await turn.waitForTimeout(200);
      continue;
    }
    // A card left the hand (an answer to a call leaves it as it was).
    const shrunk = await expect
      .poll(async () => (await handOf(turn)).length, { timeout: 5_000 })
      .toBeLessThan(before.length)
      .then(() => true)
      .catch(() => false);
    if (!shrunk) continue;
    const after = await handOf(turn);
    for (const id of before.filter((card) => !after.includes(card))) {
      await expect(watch.locator(`[data-testid="trick-card"][data-card="${id}"]`)).toHaveCount(1, { timeout: 10_000 });
    }
    plays += 1;
  }

  // The audience's chat reaches the players, apart from their own chat.
  await watch.getByTestId("audience-input").fill("Boa, Ana!");
  await watch.getByTestId("audience-send").click();
  await expect(ana.page.getByTestId("audience-chat")).toContainText("Boa, Ana!");
  await ana.page.getByTestId("audience-hide").click();
  await expect(ana.page.getByTestId("audience-chat")).toHaveCount(0);

  // Screenshots for the eye (not compared): the watch page and the home's live list, desktop and phone.
  const shots = test.info().outputPath();
  await watch.setViewportSize({ width: 1280, height: 900 });
  await watch.screenshot({ path: `${shots}/watch-desktop.png`, fullPage: true });
  await watch.setViewportSize({ width: 1366, height: 657 });
  await watch.screenshot({ path: `${shots}/watch-laptop.png` });
  await watch.setViewportSize({ width: 390, height: 844 });
  await watch.screenshot({ path: `${shots}/watch-phone.png`, fullPage: true });
  await watch.goto("/");
  const live = watch.getByTestId("live-games");
  // Other games may be live on the server too; a friend's game comes first, marked.
  await expect(live.getByTestId("live-game").first()).toContainText("Amigo");
  await live.screenshot({ path: `${shots}/live-phone.png` });
  await watch.setViewportSize({ width: 1280, height: 900 });
  await watch.screenshot({ path: `${shots}/home-desktop.png`, fullPage: true });

  for (const p of [ana, beto, carla]) await p.context.close();
});
