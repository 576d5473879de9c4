import { expect, test } from "./fixtures";
import { createRoom } from "./game-driver";
import { newSignedInPage } from "./helpers";

// In a real room (GameRoom Durable Object + D1), the chat and leaving a waiting room work
// with JavaScript off: the page's forms post to the game route's action, which goes through the
// services the REST routes use (sendChat, leaveGame); after a message the server draws the chat
// open with it, after leaving the player is home.

test("without JavaScript: a message and an emoji in a real room's chat, then leaving it lands home", async ({ browser }) => {
  const { page, context } = await newSignedInPage(browser);
  await createRoom(page, "casual:1v1");
  const gameId = new URL(page.url()).pathname.split("/").pop()!;

  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR", storageState: await context.storageState() });
  const bare = await noScript.newPage();
  await bare.goto(`/game/${gameId}`);
  await expect(bare.getByTestId("waiting-room")).toBeVisible();

  await bare.getByTestId("chat-toggle").click();
  await expect(bare).toHaveURL(`/game/${gameId}?dialog=chat`);
  await bare.getByTestId("chat-input").fill("Sem script também dá");
  await bare.getByTestId("chat-send").click();
  await expect(bare).toHaveURL(`/game/${gameId}?dialog=chat`);
  await expect(bare.getByTestId("chat-message").filter({ hasText: "Sem script também dá" })).toBeVisible();
  await bare.getByTestId("emoji-picker").getByRole("button").first().click();
  await expect(bare.getByTestId("chat-message")).toHaveCount(2);

  // The same messages reached the table: the player's page with JavaScript shows them too.
  await page.getByTestId("chat-toggle").click();
  await expect(page.getByTestId("chat-message").filter({ hasText: "Sem script também dá" })).toBeVisible();
  await expect(page.getByTestId("chat-message")).toHaveCount(2);

  // The page with JavaScript goes first: left open on a table its player has left, its chat's next
  // load (if one comes before the test ends) would be refused.
  await page.close();
  await bare.getByTestId("leave").click();
  const dialog = bare.getByRole("dialog", { name: "Sair da sala?" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("confirm-leave").click();
  await expect(bare).toHaveURL("/");
  // The room let the seat go: the player is no longer at the table.
  const seats = await context.request.get(`/api/games/${gameId}/participants`);
  const players = (await seats.json()) as { user_id: string | null }[];
  expect(Array.isArray(players) ? players.filter((p) => p.user_id !== null) : players).toEqual([]);

  await noScript.close();
  await context.close();
});
