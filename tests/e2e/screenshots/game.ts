import { expect, test, type Browser } from "@playwright/test";
import { currentUserId, type FakeRoomOptions } from "../fake-room";
import { newSignedInPage, tapChoice } from "../helpers";
import { createRoom } from "../game-driver";
import path from "node:path";
import { SCREENSHOT_DIR, shoot, VIEWPORTS } from "../screenshot";
import { seedPremium } from "../seed";
import { ARGENTINO_DEAL, duel, duo, PLAYED_GAMES, PRACTICE_GAME_PLAYED, quartet, type Me } from "../fixtures/data";
import { scriptedTable } from "../scripted-table";

// Part of `npm run screenshots`, not a test: PNGs of the live-game screens (lobby, join, waiting
// room, board phases and variants, a truco call, chat, result, history), phone and desktop, into
// .tmp/screenshots for a human to look at. Its waits only make sure each screen is there.
test.describe.configure({ timeout: 120_000 });

/** The scripted table on a phone, once its screen (the waiting room or the board) is there. */
async function room(browser: Browser, options: (me: Me) => Omit<FakeRoomOptions, "me">) {
  const { room: fake, ...table } = await scriptedTable(browser, options, { name: "Marina", viewport: VIEWPORTS[0] });
  await expect(table.page.getByTestId(fake.summary.status === "waiting" ? "waiting-room" : "board")).toBeVisible();
  return { ...table, fake };
}

test("lobby, join modal, history", async ({ browser }) => {
  const { page, context } = await newSignedInPage(browser, "Marina");
  await shoot(page, "game-lobby");
  await page.getByTestId("open-join").click();
  await page.getByTestId("join-dialog").getByLabel("Código da sala").fill("K7M2QX");
  await shoot(page, "game-join-modal", false);
  await page.route("**/api/games/history", (route) =>
    route.fulfill({
      json: [...PLAYED_GAMES, PRACTICE_GAME_PLAYED],
    }),
  );
  await page.goto("/profile");
  await page.getByRole("tab", { name: "Histórico de Jogos" }).click();
  await expect(page.getByTestId("history-list")).toBeVisible();
  await shoot(page, "game-history");
  await context.close();
});

test("lobby of a premium member: the exclusive-table switch; an exclusive waiting room", async ({ browser }) => {
  const { page, context } = await newSignedInPage(browser, "Marina");
  seedPremium((await currentUserId(page)).id);
  await page.reload();
  await tapChoice(page.getByRole("switch", { name: /Mesa exclusiva Premium/ }));
  await shoot(page, "game-lobby-premium");
  await createRoom(page, "casual:2v2");
  await expect(page.getByTestId("info-premium-only")).toBeVisible();
  await shoot(page, "game-waiting-room-exclusive", false);
  await page.goto("/profile");
  await expect(page.getByTestId("priority-support")).toBeVisible();
  await shoot(page, "game-profile-premium", false);
  await context.close();
});

test("waiting room", async ({ browser }) => {
  const { page, context } = await room(browser, (me) => ({
    status: "waiting",
    seats: quartet(me).map((s, i) => ({ ...s, bot: false, nickname: i === 2 ? "Paulo" : s.nickname })),
    joined: 2,
  }));
  await shoot(page, "game-waiting-room");
  await context.close();
});

test("Paulista 1v1, a card picked; a truco call pending; the hand summary", async ({ browser }) => {
  const { page, context, fake } = await room(browser, (me) => ({
    seats: duo(me),
    match: {
      dealerIndex: 0,
      scores: { team1: 5, team2: 7 },
      deal: {
        hands: [
          ["7h", "Kc", "3d"],
          ["3s", "5h", "Qc"],
        ],
        vira: "6d",
      },
    },
    botDelayMs: null,
  }));
  await fake.playAny("bot-1");
  // Picked with the keyboard (Enter picks, Enter plays): a tap would play it at once.
  await page.getByRole("button", { name: "Rei de Paus" }).focus();
  await page.keyboard.press("Enter");
  await shoot(page, "game-paulista-my-turn", false);
  await page.getByTestId("table-options-button").click();
  await shoot(page, "game-table-options", false);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Rei de Paus" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("trick-card")).toHaveCount(2);
  await page.waitForTimeout(1600);
  fake.act("bot-1", { type: "call_truco", call: "truco" });
  await expect(page.getByTestId("prompt")).toBeVisible();
  await shoot(page, "game-truco-pending", false);
  await page.getByTestId("truco-reject").click();
  await expect(page.getByTestId("hand-summary")).toBeVisible();
  await page.waitForTimeout(2800);
  await shoot(page, "game-round-end", false);
  fake.stop();
  await context.close();
});

test("a phone on its side: a truco call to answer, in a 1v1 and a 2v2", async ({ browser }) => {
  const landscape = VIEWPORTS.find((viewport) => viewport.name === "phone-landscape")!;
  for (const [name, seats] of [
    ["game-landscape-truco-1v1", duo],
    ["game-landscape-truco-2v2", quartet],
  ] as const) {
    const {
      room: fake,
      page,
      context,
    } = await scriptedTable(
      browser,
      // The rival on the player's right deals: the one on their left is mão, and calls.
      (me) => ({ seats: seats(me), match: { dealerIndex: seats === duo ? 0 : 2, scores: { team1: 5, team2: 7 } }, botDelayMs: null }),
      { name: "Marina", viewport: landscape, context: { hasTouch: true } },
    );
    await expect(page.getByTestId("board")).toBeVisible();
    fake.act(seats === duo ? "bot-1" : "bot-3", { type: "call_truco", call: "truco" });
    await expect(page.getByTestId("prompt")).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
    // Scrolled down to the hand, the call stays in sight beside it.
    await page.getByTestId("seat-bottom").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-hand.png`) });
    fake.stop();
    await context.close();
  }
});

test("Argentino (Spanish deck): envido to answer; Gaúcho: flor", async ({ browser }) => {
  const a = await room(browser, (me) => ({
    variant: "argentino",
    seats: duo(me),
    match: {
      dealerIndex: 0,
      scores: { team1: 14, team2: 17 },
      deal: ARGENTINO_DEAL,
    },
    botDelayMs: null,
  }));
  a.fake.act("bot-1", { type: "call_envido", call: "envido" });
  await expect(a.page.getByTestId("prompt")).toBeVisible();
  await a.page.waitForTimeout(2700);
  await shoot(a.page, "game-argentino-envido", false);
  a.fake.stop();
  await a.context.close();

  const g = await room(browser, (me) => ({
    variant: "gaucho",
    seats: duo(me),
    match: {
      dealerIndex: 1,
      deal: {
        hands: [
          ["7h", "Jh", "Kh"],
          ["As", "5d", "Qc"],
        ],
      },
    },
    botDelayMs: null,
  }));
  await expect(g.page.getByTestId("prompt")).toBeVisible();
  await shoot(g.page, "game-gaucho-flor", false);
  g.fake.stop();
  await g.context.close();
});

test("2v2 Mineiro trick in play; 2v2 mão de onze; blind mão de ferro; chat open", async ({ browser }) => {
  const m = await room(browser, (me) => ({
    variant: "mineiro",
    seats: quartet(me),
    match: { dealerIndex: 0, scores: { team1: 4, team2: 6 } },
    botDelayMs: null,
  }));
  await m.fake.playAny("bot-1");
  await m.fake.playAny("bot-2");
  await m.fake.playAny("bot-3");
  await expect(m.page.getByTestId("trick-card")).toHaveCount(3);
  await shoot(m.page, "game-mineiro-2v2", false);
  await m.page.getByTestId("chat-toggle").click();
  await m.fake.say({
    id: 1,
    user_id: "u-x",
    nickname: "Parceira",
    avatar_url: null,
    message: "Tenho o zap, pode trucar!",
    message_type: "text",
    created_at: new Date().toISOString(),
  });
  await m.fake.say({
    id: 2,
    user_id: "u-y",
    nickname: "Rival Um",
    avatar_url: null,
    message: "😎",
    message_type: "emoji",
    created_at: new Date().toISOString(),
  });
  await m.page.getByTestId("chat-input").fill("Vamos nessa!");
  await m.page.getByTestId("chat-send").click();
  await expect(m.page.getByTestId("chat-message")).toHaveCount(3);
  await shoot(m.page, "game-chat-open", false);
  m.fake.stop();
  await m.context.close();

  const o = await room(browser, (me) => ({
    seats: quartet(me),
    match: { dealerIndex: 3, scores: { team1: 11, team2: 8 } },
    botDelayMs: null,
  }));
  await shoot(o.page, "game-mao-de-onze", false);
  o.fake.stop();
  await o.context.close();

  const f = await room(browser, (me) => ({
    seats: duo(me),
    match: { dealerIndex: 0, scores: { team1: 11, team2: 11 } },
    botDelayMs: null,
  }));
  await f.fake.playAny("bot-1");
  await expect(f.page.getByTestId("trick-card")).toHaveCount(1);
  await shoot(f.page, "game-mao-de-ferro", false);
  f.fake.stop();
  await f.context.close();
});

test("match result", async ({ browser }) => {
  // A ranked game against a person (the test plays for them): ranked games have no computer players.
  const { page, context, fake } = await room(browser, (me) => ({
    seats: duel(me),
    mode: "ranked",
    entryCost: 100,
    match: {
      dealerIndex: 1,
      scores: { team1: 10, team2: 8 },
      deal: {
        hands: [
          ["3h", "2c", "Ac"],
          ["4h", "5d", "Qc"],
        ],
        vira: "7d",
      },
    },
    botDelayMs: null,
  }));
  await page.getByTestId("call-truco").click();
  await expect.poll(() => fake.sent("call_truco").length).toBe(1);
  fake.act("rival-1", { type: "respond_truco", response: "accept" });
  for (let i = 0; i < 3 && fake.state?.phase !== "game_over"; i++) {
    const mine = page.locator('[data-testid="hand-card"][data-playable]').first();
    await mine.click();
    await page.waitForTimeout(400);
    await fake.playAny("rival-1");
    await page.waitForTimeout(400);
  }
  await expect(page.getByTestId("match-result")).toBeVisible();
  await shoot(page, "game-match-result", false);
  fake.stop();
  await context.close();
});
