import { expect, test, type Page } from "@playwright/test";
import { FakeRoom, currentUserId } from "./fake-room";
import { newSignedInPage } from "./helpers";

// The game screen against scripted server frames: a FakeRoom runs the real engine behind
// page.routeWebSocket, so every phase and variant can be set up exactly (tests/e2e/fake-room.ts).

async function openRoom(page: Page, room: FakeRoom) {
  await room.install(page);
  await page.goto(`/game/${room.gameId}`);
}

test("Paulista 1v1: the board, a card played with two taps, the bot's answer", async ({ browser }) => {
  const { page, context } = await newSignedInPage(browser);
  const me = await currentUserId(page);
  const room = new FakeRoom({
    me: me.id,
    seats: [
      { id: me.id, nickname: me.nickname },
      { id: "bot-1", nickname: "Tia Bot", bot: true },
    ],
    match: { dealerIndex: 1, deal: { hands: [["7h", "Kc", "4d"], ["3s", "5h", "Qc"]], vira: "6d" } },
    botDelayMs: 300,
  });
  await openRoom(page, room);
  await expect(page.getByTestId("room-title")).toHaveText("Sala #TRC7Q2");
  await expect(page.getByTestId("game-status")).toHaveText("Jogo em andamento");
  await expect(page.getByTestId("connection")).toHaveAttribute("data-connected", "true");
  await expect(page.getByTestId("vira")).toContainText("Vira");
  await expect(page.getByTestId("manilha")).toHaveText("Manilha: 7");
  await expect(page.getByTestId("hand-number")).toHaveText("Mão 1");
  await expect(page.getByTestId("stake")).toHaveText("Vale 1");
  await expect(page.getByTestId("hand-card")).toHaveCount(3);
  await expect(page.getByTestId("seat-top").getByTestId("seat-cards")).toHaveAttribute("data-count", "3");
  await expect(page.getByTestId("turn-timer")).toBeVisible();

  const seven = page.getByRole("button", { name: "7 de Copas" });
  await seven.click();
  await expect(seven).toHaveAttribute("aria-pressed", "true");
  await seven.click();
  await expect.poll(() => room.sent("play_card").map((f) => f.payload?.cardId)).toEqual(["7h"]);
  await expect(page.getByTestId("trick-card")).toHaveCount(2, { timeout: 5000 });
  await expect(page.getByTestId("hand-card")).toHaveCount(2);
  room.stop();
  await context.close();
});
