import { expect, test } from "./fixtures";
import { chooseVariant, createRoom, FAST, gameCodeOf, joinByCode, playToTheEnd, playUntil } from "./game-driver";
import { newSignedInPage } from "./helpers";

// Live games in real Chromium against the real server (npm start: Pages + the GameRoom Durable
// Object + D1): create and join by code, play through the UI to the end, settle, chat.

test("two players create and join by code, chat, play a match to its end, and it settles", async ({ browser }) => {
  test.setTimeout(180_000);
  const ana = await newSignedInPage(browser, "Ana");
  const bruno = await newSignedInPage(browser, "Bruno");

  await chooseVariant(ana.page, "paulista");
  await createRoom(ana.page, "casual:1v1");
  await expect(ana.page.getByTestId("waiting-count")).toHaveText("Aguardando 1 jogador(es)");
  await expect(ana.page.getByTestId("game-status")).toHaveText("Aguardando jogadores...");
  await expect(ana.page.getByTestId("info-entry")).toContainText("50 moedas");
  const code = await gameCodeOf(ana.page);

  await joinByCode(bruno.page, code);
  expect(bruno.page.url()).toBe(ana.page.url());
  for (const { page } of [ana, bruno]) {
    await expect(page.getByTestId("game-status")).toHaveText("Jogo em andamento");
    await expect(page.getByTestId("board")).toBeVisible();
    await expect(page.getByTestId("connection")).toHaveAttribute("data-connected", "true");
    await expect(page.getByTestId("room-title")).toHaveText(`Sala #${code}`);
    await expect(page.getByTestId("team-team1").getByTestId("ready")).toHaveText("✓ Pronto");
    await expect(page.getByTestId("team-team2").getByTestId("ready")).toHaveText("✓ Pronto");
  }

  // Chat crosses between the players (socket push, and the 3 s poll while open).
  await ana.page.getByTestId("chat-toggle").click();
  await ana.page.getByTestId("chat-input").fill("Boa sorte!");
  await ana.page.getByTestId("chat-send").click();
  await expect(bruno.page.getByTestId("chat-unread")).toHaveText("1");
  await bruno.page.getByTestId("chat-toggle").click();
  await expect(bruno.page.getByTestId("chat-message").filter({ hasText: "Boa sorte!" })).toBeVisible();
  await bruno.page.getByRole("button", { name: "Enviar 👍" }).click();
  await expect(ana.page.getByTestId("chat-message").filter({ has: ana.page.getByRole("img", { name: "👍" }) })).toBeVisible();
  await ana.page.getByTestId("chat-toggle").click();
  await bruno.page.getByTestId("chat-toggle").click();

  // Whoever may, calls and raises: truco, seis, nove, doze; the last one accepts. The hand is
  // then worth 12 and its cards decide the match (a tied hand is void and the next one repeats).
  await playToTheEnd(
    [
      { page: ana.page, policy: FAST },
      { page: bruno.page, policy: FAST },
    ],
    150_000,
  );

  const titles = await Promise.all([ana, bruno].map(({ page }) => page.getByTestId("match-result-title").textContent()));
  expect([...titles].sort()).toEqual(["Derrota", "Vitória!"]);
  const winner = titles[0] === "Vitória!" ? ana : bruno;
  const loser = winner === ana ? bruno : ana;
  await expect(winner.page.getByTestId("result-row").filter({ hasText: "(você)" })).toContainText("+50");
  await expect(loser.page.getByTestId("result-row").filter({ hasText: "(você)" })).toContainText("−50");
  await expect(winner.page.getByTestId("game-status")).toHaveText("Jogo finalizado");

  // Home shows the settled balances; the profile lists the game.
  await winner.page.getByTestId("result-home").click();
  await expect(winner.page.getByText("Saldo: 1.050 moedas")).toBeAttached();
  await loser.page.goto("/");
  await expect(loser.page.getByText("Saldo: 950 moedas")).toBeAttached();
  await winner.page.goto("/profile");
  await winner.page.getByRole("tab", { name: "Histórico de Jogos" }).click();
  const entry = winner.page.getByTestId("history-list").getByRole("listitem").first();
  await expect(entry).toContainText("VITÓRIA");
  await expect(entry).toContainText("1V1 · Casual · Paulista");
  await expect(entry).toContainText("+50");

  await ana.context.close();
  await bruno.context.close();
});

test("four players play a 2v2 hand", async ({ browser }) => {
  test.setTimeout(180_000);
  const players = await Promise.all(["Carla", "Davi", "Elis", "Fabio"].map((name) => newSignedInPage(browser, name)));
  const [host, ...guests] = players;
  await chooseVariant(host.page, "mineiro");
  await createRoom(host.page, "casual:2v2");
  await expect(host.page.getByTestId("waiting-count")).toHaveText("Aguardando 3 jogador(es)");
  const code = await gameCodeOf(host.page);
  for (const guest of guests) await joinByCode(guest.page, code);

  for (const { page } of players) {
    await expect(page.getByTestId("board")).toBeVisible();
    await expect(page.getByTestId("board")).toHaveAttribute("data-variant", "mineiro");
    await expect(page.getByTestId("fixed-manilhas")).toContainText("4♣7♥A♠7♦");
    await expect(page.getByTestId("info-players")).toContainText("4/4");
    // Everyone sees the three others around the table.
    for (const position of ["top", "left", "right"]) await expect(page.getByTestId(`seat-${position}`)).toBeVisible();
    await expect(page.getByTestId("hand-card")).toHaveCount(3);
  }

  // Plain cards until the first hand is over and the second is dealt.
  await playUntil(
    players.map(({ page }) => ({ page })),
    async () => (await host.page.getByTestId("hand-number").textContent()) === "Mão 2",
    150_000,
  );
  const scores = await Promise.all(["team1", "team2"].map((team) => host.page.getByTestId(`score-${team}`).textContent()));
  expect(scores.join(" ")).toMatch(/[1-9]/);
  for (const { page } of players) await expect(page.getByTestId("hand-number")).toHaveText("Mão 2");
  for (const { context } of players) await context.close();
});

test("one player plays a whole match against the computer", async ({ browser }) => {
  test.setTimeout(240_000);
  const { page, context } = await newSignedInPage(browser, "Gil");
  await chooseVariant(page, "gaucho");
  await page.getByText("Fácil").click();
  await page.getByTestId("create-bots-1v1").click();
  await page.waitForURL(/\/game\//);
  await expect(page.getByTestId("board")).toBeVisible();
  await expect(page.getByTestId("info-entry")).toContainText("Grátis");
  await expect(page.getByTestId("seat-top")).toBeVisible();
  // Gaúcho one against one plays to 18 (two voltas of 9): raising keeps the match about as short as it was to 12.
  await playToTheEnd([{ page, policy: FAST }], 220_000);
  await expect(page.getByTestId("match-result")).toContainText("Jogo de treino: nenhuma moeda ou ponto de ranking mudou.");
  const final = (await page.getByTestId("final-score").textContent()) ?? "";
  expect(Math.max(...(final.match(/\d+/g) ?? ["0"]).map(Number))).toBeGreaterThanOrEqual(12);
  await page.getByTestId("result-home").click();
  await expect(page.getByText("Saldo: 1.000 moedas")).toBeAttached();
  await context.close();
});

test("the game's and the player channel's sockets go uncompressed, though the browser offers compression (ADR 108)", async ({
  browser,
}) => {
  const { page, context } = await newSignedInPage(browser, "Ivo");
  // The handshakes as Chromium's network layer saw them: what it offered and what the server answered.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const offered = new Map<string, string>();
  const answered: { url: string; status: number; extensions: string | null; offered: string }[] = [];
  const header = (headers: Record<string, string>, name: string) =>
    Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? null;
  cdp.on("Network.webSocketCreated", (event) => urls.set(event.requestId, event.url));
  cdp.on("Network.webSocketWillSendHandshakeRequest", (event) =>
    offered.set(event.requestId, header(event.request.headers, "sec-websocket-extensions") ?? ""),
  );
  cdp.on("Network.webSocketHandshakeResponseReceived", (event) => {
    const url = urls.get(event.requestId);
    // A socket opened before the listeners (the sign-in page's channel) can still answer now.
    if (url === undefined) return;
    answered.push({
      url,
      status: event.response.status,
      extensions: header(event.response.headers, "sec-websocket-extensions"),
      offered: offered.get(event.requestId) ?? "",
    });
  });
  await page.goto("/");
  await page.getByTestId("create-bots-1v1").click();
  await page.waitForURL(/\/game\//);
  await expect(page.getByTestId("connection")).toHaveAttribute("data-connected", "true");
  await expect
    .poll(() => answered.map((a) => new URL(a.url).pathname).sort())
    .toEqual(expect.arrayContaining(["/api/channel/ws", expect.stringMatching(/^\/api\/games\/[^/]+\/ws$/)]));
  for (const handshake of answered) {
    expect(handshake.status).toBe(101);
    expect(handshake.offered).toContain("permessage-deflate");
    expect(handshake.extensions).toBeNull();
  }
  await context.close();
});
