import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ARGENTINO_DEAL, duel, duo, DUO_DEAL } from "./fixtures/data";
import { scriptedTable } from "./scripted-table";

// How the table feels (ADR 130), against the scripted room (tests/e2e/fake-room.ts): one tap (or a
// drag up) plays a card, "confirm each card" brings the second tap back, the sound switch is kept
// on the device, the room's events become cues, and a player who asks for less motion gets none.
// Chromium here has no audio output: the page records the cues it schedules (`data-cues` on
// <html>) and whether its audio is ready (`data-sound`), and the tests read those.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

const animationOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).animationName);

/** A finger dragging `card` up by `dy` pixels (Chrome's touch input, so the page gets touch pointer events). */
async function dragUp(page: Page, card: Locator, dy: number) {
  const box = (await card.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", at: number) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y: at }] });
  await touch("touchStart", y);
  for (let step = 1; step <= 6; step++) await touch("touchMove", y - (dy * step) / 6);
  await touch("touchEnd", y - dy);
}

test("on a phone (390×844, touch) one tap plays a card, and so does dragging one up (face down when asked)", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(
    browser,
    (me) => ({ seats: duo(me), match: { dealerIndex: 1, deal: DUO_DEAL }, botDelayMs: null }),
    { context: PHONE },
  );
  await page.getByRole("button", { name: "7 de Copas", exact: true }).tap();
  await expect.poll(() => room.sent("play_card").map((f) => f.payload)).toEqual([{ cardId: "7h" }]);
  await expect(page.getByTestId("hand-card")).toHaveCount(2);

  // The seven is the manilha (vira 6♦): the trick is ours and the next lead too, where a covered card is allowed:
  // "next one face down" makes the next card go down covered.
  await room.playAny("bot-1");
  const king = page.getByRole("button", { name: "K, Rei de Paus", exact: true });
  await expect(king).toHaveAttribute("data-playable", "true");
  await page.getByTestId("cover-next").tap();
  await expect(page.getByTestId("cover-next")).toHaveAttribute("aria-pressed", "true");
  await dragUp(page, king, 110);
  await expect.poll(() => room.sent("play_card").map((f) => f.payload)).toEqual([{ cardId: "7h" }, { cardId: "Kc", faceDown: true }]);
  room.stop();
  await context.close();
});

test("'confirm each card' brings back pick-then-play, and the device keeps it", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
    match: { dealerIndex: 1, deal: DUO_DEAL },
    botDelayMs: null,
  }));
  await page.getByTestId("table-options-button").click();
  const confirm = page.getByTestId("option-confirm-play");
  await expect(confirm).toHaveAttribute("aria-checked", "false");
  await confirm.click();
  await expect(confirm).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);

  const card = page.getByRole("button", { name: "7 de Copas", exact: true });
  await card.click();
  await expect(card).toHaveAttribute("aria-pressed", "true");
  expect(room.sent("play_card")).toEqual([]);
  await card.click();
  await expect.poll(() => room.sent("play_card").map((f) => f.payload)).toEqual([{ cardId: "7h" }]);
  expect(await page.evaluate(() => localStorage.getItem("truco:confirm-play"))).toBe("on");
  room.stop();
  await context.close();
});

test("sound: nothing before the page's first tap, then the events' cues; the switch survives a reload", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
    // The computer leads, and moves only when the test says so.
    match: { dealerIndex: 0, deal: DUO_DEAL },
    botDelayMs: null,
  }));
  const html = page.locator("html");
  await expect(page.getByTestId("table-options-button")).toHaveAttribute("data-sound", "on");
  // Browsers let audio start only after a gesture: a call before any tap is shown, not heard.
  await room.act("bot-1", { type: "call_truco", call: "truco" });
  await expect(page.getByTestId("prompt")).toBeVisible();
  await expect(html).not.toHaveAttribute("data-sound");
  await expect(html).not.toHaveAttribute("data-cues");

  // The first tap (here: accepting) unlocks audio; the answer is said, the computer's card lands.
  await page.getByTestId("truco-accept").click();
  await expect(html).toHaveAttribute("data-sound", "ready");
  await expect(html).toHaveAttribute("data-cues", /(^| )say:accepted( |$)/);
  await room.playAny("bot-1");
  await expect(html).toHaveAttribute("data-cues", /(^| )card( |$)/);
  // The turn comes to the player: a buzz.
  await expect(html).toHaveAttribute("data-cues", /vibrate:turn$/);

  // Sound off: no more cues.
  await page.getByTestId("table-options-button").click();
  await page.getByTestId("option-sound").click();
  await expect(page.getByTestId("option-sound")).toHaveAttribute("aria-checked", "false");
  await expect(html).not.toHaveAttribute("data-sound");
  const before = await html.getAttribute("data-cues");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "4 de Ouros", exact: true }).click();
  await expect(page.getByTestId("hand-card")).toHaveCount(2);
  await expect(page.getByTestId("trick-card")).toHaveCount(2);
  expect(await html.getAttribute("data-cues")).toBe(before);

  // A full page load later, the device still has it off.
  await room.open(page);
  await expect(page.getByTestId("table-options-button")).toHaveAttribute("data-sound", "off");
  await page.getByTestId("table-options-button").click();
  await expect(page.getByTestId("option-sound")).toHaveAttribute("aria-checked", "false");
  expect(await page.evaluate(() => localStorage.getItem("truco:sound"))).toBe("off");
  // Switched on by a tap: ready at once.
  await page.getByTestId("option-sound").click();
  await expect(html).toHaveAttribute("data-sound", "ready");
  room.stop();
  await context.close();
});

for (const motion of ["no-preference", "reduce"] as const) {
  const full = motion === "no-preference";
  test(`prefers-reduced-motion: ${motion} — the deal, the vira's flip and the trick's sweep ${full ? "move" : "do not"}`, async ({
    browser,
  }) => {
    const { page, context, room } = await scriptedTable(
      browser,
      (me) => ({ seats: duo(me), match: { dealerIndex: 1, deal: DUO_DEAL }, botDelayMs: null }),
      { context: { reducedMotion: motion } },
    );
    await expect(page.getByTestId("board")).toHaveAttribute("data-motion", full ? "full" : "reduced");
    expect(await animationOf(page.getByTestId("hand-card").first())).toBe(full ? "deal-in" : "none");
    expect(await animationOf(page.getByTestId("seat-cards").locator(":scope > span").first())).toBe(full ? "deal-to-top" : "none");
    expect(await animationOf(page.getByTestId("vira-card"))).toBe(full ? "vira-flip" : "none");

    // Every trick card the page shows with a sweep, as it appears (the sweep lasts a moment).
    await page.evaluate(() => {
      const seen: { sweep: string; animation: string }[] = [];
      (window as unknown as { sweeps: typeof seen }).sweeps = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-testid="trick-card"][data-sweep]')) {
          seen.push({ sweep: el.dataset.sweep!, animation: getComputedStyle(el).animationName });
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole("button", { name: "7 de Copas", exact: true }).click();
    await room.playAny("bot-1");
    // The manilha took the trick: its cards go to the player's own seat.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sweeps: { sweep: string; animation: string }[] }).sweeps))
      .toContainEqual({ sweep: "bottom", animation: full ? "sweep-bottom" : "none" });
    room.stop();
    await context.close();
  });

  test(`prefers-reduced-motion: ${motion} — a match won ${full ? "is" : "is not"} celebrated with confetti`, async ({ browser }) => {
    const { page, context, room } = await scriptedTable(
      browser,
      (me) => ({
        variant: "argentino",
        seats: duel(me),
        mode: "ranked",
        entryCost: 100,
        match: { dealerIndex: 1, scores: { team1: 29, team2: 12 }, deal: ARGENTINO_DEAL },
        botDelayMs: null,
      }),
      { context: { reducedMotion: motion } },
    );
    await page.getByTestId("call-truco").click();
    await expect.poll(() => room.sent("call_truco").length).toBe(1);
    await room.act("rival-1", { type: "respond_truco", response: "reject" });
    await expect(page.getByTestId("match-result")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-cues", /(^| )celebrate( |$)/);
    await expect(page.getByTestId("celebration")).toHaveCount(full ? 1 : 0);
    room.stop();
    await context.close();
  });
}
