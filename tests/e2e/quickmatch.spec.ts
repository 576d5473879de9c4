import { expect, test } from "./fixtures";
import { chooseVariant, createRoom } from "./game-driver";
import { newSignedInPage } from "./helpers";

// Quick match and open tables, in real Chromium against the real server: the membership in the
// player's channel, who waits in the Matchmaker Durable Object, the room core's assigned seats, the
// player's live channel.

test("two players press 'Ranqueada 1 vs 1' and land in the same room; a banner leads back to the search", async ({ browser }) => {
  const ana = await newSignedInPage(browser, "Ana");
  const bruno = await newSignedInPage(browser, "Bruno");
  for (const { page } of [ana, bruno]) await chooseVariant(page, "argentino");

  await ana.page.getByTestId("quick-ranked-1v1").click();
  await ana.page.waitForURL(/\/match$/);
  await expect(ana.page.getByTestId("match-queue")).toHaveText("Ranqueada · 1 vs 1 · Argentino");
  await expect(ana.page.getByTestId("match-searching")).toHaveText("1 jogador procurando nesta fila");
  // She looks at her home page meanwhile: a banner keeps the way back to the search.
  await ana.page.goto("/");
  const banner = ana.page.getByTestId("search-banner");
  await expect(banner).toContainText("Você continua na fila da partida rápida: Ranqueada · 1 vs 1 · Argentino.");
  await banner.getByRole("link", { name: "Ver busca" }).click();
  await ana.page.waitForURL(/\/match$/);
  await expect(ana.page.getByTestId("search-banner")).toHaveCount(0);

  await bruno.page.getByTestId("quick-ranked-1v1").click();
  await bruno.page.waitForURL(/\/game\//);
  // Ana's channel (or her waiting page's next look) takes her to the same table.
  await ana.page.waitForURL(/\/game\//);
  expect(ana.page.url()).toBe(bruno.page.url());
  for (const { page } of [ana, bruno]) {
    await expect(page.getByTestId("info-entry")).toContainText("100");
    await expect(page.getByTestId("board")).toBeVisible();
  }
  await ana.context.close();
  await bruno.context.close();
});

test("the waiting page hears how many search on its channel and asks the server nothing while it waits", async ({ browser }) => {
  const ana = await newSignedInPage(browser, "Ana");
  const bruno = await newSignedInPage(browser, "Bruno");
  for (const { page } of [ana, bruno]) await chooseVariant(page, "gaucho");
  await ana.page.getByTestId("quick-casual-2v2").click();
  await ana.page.waitForURL(/\/match$/);
  await expect(ana.page.getByTestId("match-searching")).toHaveText("1 jogador procurando nesta fila");
  // From here on, every request Ana's page makes is recorded (the channel's socket is already open).
  const requests: string[] = [];
  ana.page.on("request", (request) => requests.push(request.url()));
  await bruno.page.getByTestId("quick-casual-2v2").click();
  await bruno.page.waitForURL(/\/match$/);
  await expect(ana.page.getByTestId("match-searching")).toHaveText("2 jogadores procurando nesta fila");
  // Bruno cancels: Ana hears it too.
  await bruno.page.getByTestId("match-cancel").click();
  await bruno.page.waitForURL((url) => url.pathname === "/");
  await expect(ana.page.getByTestId("match-searching")).toHaveText("1 jogador procurando nesta fila");
  expect(requests).toEqual([]);
  await ana.page.getByTestId("match-cancel").click();
  await ana.page.waitForURL((url) => url.pathname === "/");
  await ana.context.close();
  await bruno.context.close();
});

test("a public table shows on another player's home page, who sits at it with one tap", async ({ browser }) => {
  const carla = await newSignedInPage(browser, "Carla");
  const davi = await newSignedInPage(browser, "Davi");
  await createRoom(carla.page, "casual:1v1", "public");
  const gameId = new URL(carla.page.url()).pathname.split("/").pop()!;

  await davi.page.goto("/");
  const table = davi.page.locator(`[data-testid="open-table"][data-game-id="${gameId}"]`);
  await expect(table).toContainText("Casual · 1 vs 1");
  await expect(table).toContainText("1/2 lugares");
  await table.getByTestId("sit").click();
  await davi.page.waitForURL(new RegExp(`/game/${gameId}$`));
  for (const { page } of [carla, davi]) await expect(page.getByTestId("board")).toBeVisible();
  await carla.context.close();
  await davi.context.close();
});
