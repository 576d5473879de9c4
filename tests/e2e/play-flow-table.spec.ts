import { expect, test, type Browser } from "@playwright/test";
import { FakeRoom, currentUserId, type FakeRoomOptions } from "./fake-room";
import { newSignedInPage } from "./helpers";

// The table's rough edges from issue 16, against the scripted room (tests/e2e/fake-room.ts): the
// turn timer's warning and its notice, keyboard play.

async function table(browser: Browser, options: (me: { id: string; nickname: string }) => Omit<FakeRoomOptions, "me">) {
  const { page, context } = await newSignedInPage(browser);
  const me = await currentUserId(page);
  const room = new FakeRoom({ me: me.id, ...options(me) });
  await room.install(page);
  await page.goto(`/game/${room.gameId}`);
  return { page, context, room, me };
}

const DEAL = {
  dealerIndex: 1,
  deal: {
    hands: [
      ["7h", "Kc", "4d"],
      ["3s", "5h", "Qc"],
    ],
    vira: "6d",
  },
};

test("the turn timer warns in its last seconds, and says so when it plays the lowest card", async ({ browser }) => {
  const { page, context, room } = await table(browser, (me) => ({
    seats: [
      { id: me.id, nickname: me.nickname },
      { id: "bot-1", nickname: "Tia Bot", bot: true },
    ],
    match: DEAL,
    // A shortened timer: the warning shows almost at once, and the room acts soon after.
    turnMs: 7_000,
  }));
  await expect(page.getByTestId("hand-card")).toHaveCount(3);
  await expect(page.getByTestId("turn-timer")).toHaveAttribute("data-urgent", "true");
  await expect(page.getByText("Tempo esgotado: jogamos a menor carta por você").first()).toBeVisible();
  await expect(page.getByTestId("hand-card")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "4 de Ouros", exact: true })).toHaveCount(0);
  room.stop();
  await context.close();
});
