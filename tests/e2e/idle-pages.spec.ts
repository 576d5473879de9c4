import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createRoom, gameCodeOf, joinByCode } from "./game-driver";
import { befriend, newSignedInPage } from "./helpers";

// An idle signed-in page costs the server nothing (docs/decisions/123-lobby-owner-and-push.md):
// what changes reaches it over the sockets it holds, so a minute on the home page or at a table
// makes no HTTP request, while the counts and open tables still change before the player's eyes.

/**
 * Every HTTP request the page makes from now on (its WebSockets are not requests), but the
 * browser's own fetch of the document's icon: Chromium asks for it once per document, at a moment
 * of its choosing (seen more than 5 s after a full load), and it is not the page's doing.
 */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== "/favicon.svg") seen.push(request);
  });
  return seen;
}

/**
 * Waits until the page's own loading is over: 5 s without a request. A tap made while the page
 * hydrates may have loaded it in full (its default action), and the browser fetches a fresh
 * document's icon a while after its load; that belongs to the load, not to the idle minute.
 */
async function settled(page: Page) {
  const seen = recordRequests(page);
  let count = -1;
  while (count !== seen.length) {
    count = seen.length;
    await page.waitForTimeout(5_000);
  }
}

test("a home page and a table left open for a minute make no request, while a new public table, a live game, the counts and the other player's chat arrive live", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Both idle pages share the one minute: Ana watches the home, Carla sits at a table with Davi.
  const ana = await newSignedInPage(browser, "Ana");
  await ana.page.goto("/");
  await expect(ana.page.getByTestId("open-tables")).toBeVisible();
  // Beto is Ana's friend, so his game leads her live list whatever else is being played.
  const beto = await newSignedInPage(browser, "Beto");
  const eva = await newSignedInPage(browser, "Eva");
  await befriend(ana.page, beto.page, baseURL!);
  const carla = await newSignedInPage(browser, "Carla");
  const davi = await newSignedInPage(browser, "Davi");
  await createRoom(carla.page, "casual:1v1");
  await joinByCode(davi.page, await gameCodeOf(carla.page));
  for (const { page } of [carla, davi]) await expect(page.getByTestId("board")).toBeVisible();
  await carla.page.getByTestId("chat-toggle").click();
  await expect(carla.page.getByTestId("chat-input")).toBeVisible();
  await Promise.all([settled(ana.page), settled(carla.page)]);
  const homeRequests = recordRequests(ana.page);
  const tableRequests = recordRequests(carla.page);
  const idleSince = Date.now();

  // Beto opens a public table: it shows on Ana's home without her doing anything.
  await createRoom(beto.page, "casual:1v1", "public");
  const gameId = new URL(beto.page.url()).pathname.split("/").pop()!;
  const table = ana.page.locator(`[data-testid="open-table"][data-game-id="${gameId}"]`);
  // The lobby publishes every 5 s and each isolate shares a snapshot for 2.5 s.
  await expect(table).toContainText("1/2 lugares", { timeout: 15_000 });

  // Eva takes the other seat: the table leaves the open ones and shows among the live games, with
  // its "Assistir" link (a link to a page the home has not discovered costs no manifest request).
  await joinByCode(eva.page, await gameCodeOf(beto.page));
  await expect(ana.page.locator(`[data-testid="live-game"][data-game-id="${gameId}"]`)).toBeVisible({ timeout: 15_000 });
  await expect(table).toHaveCount(0);

  // Davi writes in the chat: it reaches Carla over the room's socket.
  await davi.page.getByTestId("chat-toggle").click();
  await davi.page.getByTestId("chat-input").fill("Boa sorte, Carla!");
  await davi.page.getByTestId("chat-send").click();
  await expect(carla.page.getByTestId("chat-message").filter({ hasText: "Boa sorte, Carla!" })).toBeVisible();

  // The rest of the minute.
  await ana.page.waitForTimeout(Math.max(0, 60_000 - (Date.now() - idleSince)));
  const listed = (requests: Request[]) => requests.map((request) => `${request.method()} ${request.url()}`);
  expect(listed(homeRequests)).toEqual([]);
  expect(listed(tableRequests)).toEqual([]);
  for (const player of [ana, beto, eva, carla, davi]) await player.context.close();
});
