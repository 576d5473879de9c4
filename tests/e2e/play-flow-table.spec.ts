import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { pendingPlayer } from "../../game/truco/index";
import { duo, DUO_DEAL } from "./fixtures/data";
import { scriptedTable } from "./scripted-table";

// The table's rough edges, against the scripted room (tests/e2e/fake-room.ts): the
// turn timer's warning and its notice, keyboard play.

const DEAL = { dealerIndex: 1, deal: DUO_DEAL };

test("the turn timer warns in its last seconds, and says so when it plays the lowest card", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
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

/** The focused element is one of the player's own cards. */
async function focusInHand(page: Page) {
  await expect(page.locator('[data-testid="hand-card"]:focus')).toHaveCount(1);
}

test("a whole hand by keyboard alone: focus stays in the hand after each play and goes to a prompt's first answer", async ({ browser }) => {
  const { page, context, room, me } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
    // The computer leads; it moves only when the test says so.
    match: { ...DEAL, dealerIndex: 0 },
    nextHandDelayMs: 800,
  }));
  await expect(page.getByTestId("hand-card")).toHaveCount(3);

  // The skip link first, then into the page's content and on to the hand.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Pular para o conteúdo" })).toBeFocused();
  await page.keyboard.press("Enter");
  for (let i = 0; i < 25 && (await page.locator('[data-testid="hand-card"]:focus').count()) === 0; i++) await page.keyboard.press("Tab");
  await focusInHand(page);

  // A truco: focus is on the first answer at once.
  await room.act("bot-1", { type: "call_truco", call: "truco" });
  await expect(page.getByTestId("truco-accept")).toBeFocused();
  await page.keyboard.press("Enter");
  await focusInHand(page);

  // The rest of the hand: Enter picks the focused card, Enter again plays it.
  for (let i = 0; i < 8 && room.state?.handNumber === 1; i++) {
    const state = room.state;
    const pending = pendingPlayer(state);
    if (pending === "bot-1") {
      await room.playAny("bot-1");
      continue;
    }
    if (pending !== me.id) break;
    const cards = await page.getByTestId("hand-card").count();
    await focusInHand(page);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("hand-card")).toHaveCount(cards - 1);
    if (room.state?.handNumber === 1 && cards > 1) await focusInHand(page);
  }
  // The next deal: focus is in the new hand.
  await expect(page.getByTestId("hand-number")).toHaveText("Mão 2");
  await expect(page.getByTestId("hand-card")).toHaveCount(3);
  await focusInHand(page);
  room.stop();
  await context.close();
});

test("callouts open beside the seats: no played card is covered, and the hand marks its manilhas", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
    match: { ...DEAL, dealerIndex: 0 },
  }));
  await expect(page.getByTestId("hand-card")).toHaveCount(3);
  // Vira 6♦: the sevens are the manilhas.
  await expect(page.getByRole("button", { name: "7 de Copas", exact: true })).toHaveAttribute("data-manilha", "true");
  await expect(page.getByRole("button", { name: "7 de Copas", exact: true })).toHaveAccessibleDescription("Manilha");
  await expect(page.getByRole("button", { name: "4 de Ouros", exact: true })).not.toHaveAttribute("data-manilha", "true");

  await room.playAny("bot-1");
  await expect(page.getByTestId("trick-card")).toHaveCount(1);
  await page.getByTestId("call-truco").click();
  await expect(page.getByTestId("callout").first()).toBeVisible();
  await room.act("bot-1", { type: "respond_truco", response: "accept" });
  await expect(page.getByTestId("callout")).toHaveCount(2);

  const boxes = async (testId: string) =>
    Promise.all((await page.getByTestId(testId).all()).map(async (node) => (await node.boundingBox())!));
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const bubble of await boxes("callout")) for (const card of await boxes("trick-card")) expect(overlap(bubble, card)).toBe(false);
  await context.close();
});
