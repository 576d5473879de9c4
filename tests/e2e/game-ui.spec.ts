import { type Page } from "@playwright/test";
import { expect, expectFailedLoad, test } from "./fixtures";
import { openGamePage, stubGamePage } from "./fake-room";
import { chooseVariant, createRoom } from "./game-driver";
import { newSignedInPage } from "./helpers";
import { ARGENTINO_DEAL, duel, duo, DUO_DEAL, PLAYED_GAMES, quartet } from "./fixtures/data";
import { scriptedTable } from "./scripted-table";

// The game screen against scripted server frames: a FakeRoom runs the real engine behind
// page.routeWebSocket, so every phase and variant can be set up exactly (tests/e2e/fake-room.ts).
// The whole-product tests against the real GameRoom are in games.spec.ts.

/** One click plays a card (the table's default; "confirm each card" is tests/e2e/table-feel.spec.ts's). */
async function playOnce(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

test("Paulista 1v1: header, info, board, a card played with one click and the bot's answer", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
    match: { dealerIndex: 1, deal: DUO_DEAL },
    botDelayMs: 300,
  }));
  await expect(page.getByTestId("room-title")).toHaveText("Sala #TRC7Q2");
  await expect(page.getByTestId("game-status")).toHaveText("Jogo em andamento");
  await expect(page.getByTestId("connection")).toHaveAttribute("data-connected", "true");
  await expect(page.getByTestId("info-type")).toContainText("1V1");
  await expect(page.getByTestId("info-type")).toContainText("Casual");
  await expect(page.getByTestId("info-entry")).toContainText("50 moedas");
  await expect(page.getByTestId("info-players")).toContainText("2/2");
  await expect(page.getByTestId("vira")).toContainText("Vira");
  await expect(page.getByRole("img", { name: "Vira: 6 de Ouros" })).toBeVisible();
  await expect(page.getByTestId("manilha")).toHaveText("Manilha: 7");
  await expect(page.getByTestId("hand-number")).toHaveText("Mão 1");
  await expect(page.getByTestId("phase-label")).toHaveText("Em jogo");
  await expect(page.getByTestId("stake")).toHaveText("Vale 1");
  await expect(page.getByTestId("hand-card")).toHaveCount(3);
  // A card's name starts with what it shows (label-content-name-mismatch): "K" on the king's face.
  await expect(page.getByTestId("hand-card").nth(1)).toHaveAccessibleName("K, Rei de Paus");
  await expect(page.getByTestId("hand-card").first()).toHaveAccessibleName("7 de Copas");
  await expect(page.getByTestId("seat-top").getByTestId("seat-cards")).toHaveAttribute("data-count", "3");
  await expect(page.getByTestId("turn-timer")).toBeVisible();
  await expect(page.getByTestId("team-team1")).toContainText("Time 1");
  await expect(page.getByTestId("team-team2")).toContainText("Tia Bot");
  await expect(page.getByTestId("team-team1").getByTestId("ready")).toHaveText("✓ Pronto");

  await playOnce(page, "7 de Copas");
  await expect.poll(() => room.sent("play_card").map((f) => f.payload)).toEqual([{ cardId: "7h" }]);
  await expect(page.getByTestId("trick-card")).toHaveCount(2, { timeout: 5000 });
  await expect(page.getByTestId("trick-card").first()).toContainText(/Tia Bot|Jogador/);
  await expect(page.getByTestId("hand-card")).toHaveCount(2);
  room.stop();
  await context.close();
});

test("a truco call: banner, the ladder's raise, 'Correr', and the hand summary", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
    match: { dealerIndex: 0, deal: DUO_DEAL },
    botDelayMs: null,
  }));
  await expect(page.getByTestId("action-status")).toContainText("Tia Bot");
  await room.act("bot-1", { type: "call_truco", call: "truco" });
  await expect(page.getByTestId("callout").filter({ hasText: "Truco!" })).toBeVisible();
  const prompt = page.getByTestId("prompt");
  await expect(prompt).toContainText("Tia Bot pediu Truco!");
  await expect(prompt).toContainText("Aceitando, a mão passa a valer 3. Correndo, Tia Bot ganha 1.");
  await expect(page.getByTestId("truco-accept")).toHaveText("Aceitar");
  await expect(page.getByTestId("call-seis")).toContainText("Seis!");
  await expect(page.getByTestId("truco-reject")).toHaveText("Correr");
  await page.getByTestId("truco-reject").click();
  await expect.poll(() => room.sent("respond_truco").map((f) => f.payload)).toEqual([{ response: "reject" }]);
  const summary = page.getByTestId("hand-summary");
  await expect(summary).toContainText("Tia Bot venceu a mão");
  await expect(summary).toContainText("+1 ponto");
  await expect(page.getByTestId("score-team2")).toContainText("1");
  room.stop();
  await context.close();
});

test("raising back: 'Seis!' answers a truco, the caller's side then waits", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
    match: { dealerIndex: 0, deal: DUO_DEAL },
    botDelayMs: null,
  }));
  await room.act("bot-1", { type: "call_truco", call: "truco" });
  await page.getByTestId("call-seis").click();
  await expect.poll(() => room.sent("call_truco").map((f) => f.payload)).toEqual([{ call: "seis" }]);
  await expect(page.getByTestId("action-status")).toContainText("Aguardando a resposta de Tia Bot");
  await room.act("bot-1", { type: "respond_truco", response: "accept" });
  await expect(page.getByTestId("stake")).toHaveText("Vale 6");
  room.stop();
  await context.close();
});

test("Argentino: Spanish deck, envido with the count, irse al mazo in two steps", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    variant: "argentino",
    seats: duo(me),
    match: {
      dealerIndex: 1,
      deal: ARGENTINO_DEAL,
    },
    botDelayMs: null,
  }));
  await expect(page.getByTestId("board")).toHaveAttribute("data-variant", "argentino");
  await expect(page.getByRole("button", { name: "7 de Espadas" })).toBeVisible();
  await expect(page.getByRole("button", { name: "1 de Bastos" })).toBeVisible();
  await expect(page.getByTestId("my-envido")).toHaveText("Seu envido: 33");
  await expect(page.getByTestId("vira")).toHaveCount(0);
  await page.getByTestId("call-envido").click();
  await expect.poll(() => room.sent("call_envido").map((f) => f.payload)).toEqual([{ call: "envido" }]);
  await room.act("bot-1", { type: "respond_envido", response: "accept" });
  await expect(page.getByTestId("callout").filter({ hasText: "33" })).toBeVisible();
  await expect(page.getByTestId("score-team1")).toContainText("2");

  const mazo = page.getByTestId("go-to-mazo");
  await expect(mazo).toHaveText("Ir ao mazo");
  await mazo.click();
  await expect(mazo).toHaveText("Confirmar: ir ao mazo?");
  expect(room.sent("go_to_mazo")).toHaveLength(0);
  await mazo.click();
  await expect.poll(() => room.sent("go_to_mazo").length).toBe(1);
  await expect(page.getByTestId("hand-summary")).toContainText("Foram ao mazo");
  room.stop();
  await context.close();
});

test("an envido to answer: Quero, the raises, Não quero", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    variant: "argentino",
    seats: duo(me),
    match: {
      dealerIndex: 0,
      deal: ARGENTINO_DEAL,
    },
    botDelayMs: null,
  }));
  // A laptop's short window: the question goes beside the table, and the score, the hand and
  // the question are all in sight at once.
  await page.setViewportSize({ width: 1366, height: 657 });
  await room.act("bot-1", { type: "call_envido", call: "envido" });
  const prompt = page.getByTestId("prompt");
  await expect(prompt).toContainText("Tia Bot cantou Envido!");
  for (const part of [prompt, page.getByTestId("score-team1"), page.getByTestId("my-hand")])
    await expect(part).toBeInViewport({ ratio: 1 });
  await expect(prompt).toContainText("Quero: quem tiver mais pontos leva 2. Não quero: Tia Bot ganha 1.");
  await expect(page.getByTestId("envido-accept")).toHaveText("Quero");
  await expect(page.getByTestId("call-real_envido")).toBeVisible();
  await expect(page.getByTestId("call-falta_envido")).toBeVisible();
  await page.getByTestId("envido-reject").click();
  await expect.poll(() => room.sent("respond_envido").map((f) => f.payload)).toEqual([{ response: "reject" }]);
  await expect(page.getByTestId("score-team2")).toContainText("1");
  room.stop();
  await context.close();
});

test("Gaúcho: a flor must be sung before playing", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    variant: "gaucho",
    seats: duo(me),
    match: {
      dealerIndex: 1,
      deal: {
        hands: [
          ["7h", "6h", "5h"],
          ["3s", "5d", "Qc"],
        ],
      },
    },
    botDelayMs: null,
  }));
  await expect(page.getByRole("button", { name: "7 de Copas" })).toBeVisible();
  const prompt = page.getByTestId("prompt");
  await expect(prompt).toContainText("Você tem flor!");
  await page.getByTestId("call-flor").click();
  await expect.poll(() => room.sent("call_flor").map((f) => f.payload)).toEqual([{ call: "flor" }]);
  room.stop();
  await context.close();
});

test("2v2 mão de onze: the partner's cards are shown, the team plays or runs", async ({ browser }) => {
  const { page, context, room, me } = await scriptedTable(browser, (me) => ({
    seats: quartet(me),
    match: { dealerIndex: 3, scores: { team1: 11, team2: 4 } },
    botDelayMs: null,
  }));
  await expect(page.getByTestId("phase-label")).toContainText("Mão de onze");
  await expect(page.getByTestId("seat-top")).toHaveAttribute("data-player", "bot-2");
  await expect(page.getByTestId("seat-right")).toHaveAttribute("data-player", "bot-1");
  await expect(page.getByTestId("seat-left")).toHaveAttribute("data-player", "bot-3");
  // The partner's cards are face up for the team on 11.
  await expect(page.getByTestId("seat-top").locator("svg text").first()).toBeVisible();
  const decider = room.state!.hand.maoDecider;
  if (room.state!.players[decider!].id === me.id) {
    await expect(page.getByTestId("prompt")).toContainText("Mão de onze");
    await page.getByTestId("mao-play").click();
    await expect.poll(() => room.sent("respond_mao").map((f) => f.payload)).toEqual([{ response: "play" }]);
    await expect(page.getByTestId("stake")).toHaveText("Vale 3");
  } else {
    await expect(page.getByTestId("action-status")).toContainText("Parceira");
  }
  room.stop();
  await context.close();
});

test("blind mão de ferro: face-down cards played by slot", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
    match: { dealerIndex: 1, scores: { team1: 11, team2: 11 } },
    botDelayMs: null,
  }));
  await expect(page.getByTestId("phase-label")).toContainText("Mão de ferro");
  await expect(page.getByText("Mão de ferro às cegas")).toBeVisible();
  await expect(page.getByRole("button", { name: "Carta 1 (virada)" })).toBeVisible();
  await playOnce(page, "Carta 2 (virada)");
  await expect.poll(() => room.sent("play_card").map((f) => f.payload)).toEqual([{ cardId: "blind:1" }]);
  await expect(page.getByTestId("trick-card")).toHaveCount(1);
  room.stop();
  await context.close();
});

test("keyboard: arrow keys move between cards, Enter picks then plays", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    seats: duo(me),
    match: { dealerIndex: 1, deal: DUO_DEAL },
    botDelayMs: null,
  }));
  const first = page.getByRole("button", { name: "7 de Copas" });
  await first.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("button", { name: "Rei de Paus" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Rei de Paus" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Rei de Paus" })).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect.poll(() => room.sent("play_card").map((f) => f.payload)).toEqual([{ cardId: "Kc" }]);
  room.stop();
  await context.close();
});

test("connection: disconnected indicator, polling every 2 s while the room is unreachable, reconnect with backoff, sync on a version gap", async ({
  browser,
}) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({ seats: duo(me), match: { dealerIndex: 1 }, botDelayMs: null }));
  await expect(page.getByTestId("connection")).toHaveAttribute("data-connected", "true");
  const polledBefore = room.summaryRequests;
  // The room is unreachable for a while: every new socket is closed as it opens.
  room.refuseSockets = true;
  await room.dropConnections();
  await expect(page.getByTestId("connection")).toHaveAttribute("data-connected", "false");
  await expect(page.getByTestId("connection")).toContainText("Desconectado");
  await expect(page.getByTestId("reconnecting")).toBeVisible();
  await expect.poll(() => room.summaryRequests, { timeout: 4000 }).toBeGreaterThan(polledBefore);
  room.refuseSockets = false;
  // Reconnect attempts wait a random time that doubles up to 30 s (full jitter): within 16 s here.
  await expect(page.getByTestId("connection")).toHaveAttribute("data-connected", "true", { timeout: 20_000 });
  await expect(page.getByTestId("reconnecting")).toHaveCount(0);
  // A reconnect asks for what it missed.
  expect(room.sent("sync").length).toBeGreaterThanOrEqual(1);
  // A delta that does not follow the state held (ADR 055: a full state is complete, a gap is a delta's).
  const syncs = room.sent("sync").length;
  room.broadcast({ type: "game_state_delta", payload: { version: room.version + 5, patch: {} } });
  await expect.poll(() => room.sent("sync").length).toBe(syncs + 1);
  room.stop();
  await context.close();
});

test("chat: open, 12 emojis, send text, blank not sent, 200 characters, unread badge, send error", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({ seats: duo(me), match: { dealerIndex: 1 }, botDelayMs: null }));
  await page.getByTestId("chat-toggle").click();
  const panel = page.getByTestId("chat-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Chat da mesa" })).toBeVisible();
  await expect(page.getByTestId("emoji-picker").getByRole("button")).toHaveCount(12);
  await expect(page.getByTestId("chat-send")).toBeDisabled();
  await page.getByTestId("chat-input").fill("   ");
  await expect(page.getByTestId("chat-send")).toBeDisabled();
  await page.getByTestId("chat-input").fill("x".repeat(250));
  await expect(page.getByTestId("chat-input")).toHaveValue("x".repeat(200));
  await page.getByTestId("chat-input").fill("Bora, truco!");
  await page.getByTestId("chat-send").click();
  await expect(page.getByTestId("chat-message").filter({ hasText: "Bora, truco!" })).toBeVisible();
  await page.getByRole("button", { name: "Enviar 🔥" }).click();
  await expect(page.getByTestId("chat-message").filter({ has: page.getByRole("img", { name: "🔥" }) })).toBeVisible();
  expect(room.chat.map((m) => [m.message, m.message_type])).toEqual([
    ["Bora, truco!", "text"],
    ["🔥", "emoji"],
  ]);

  // Closed: a message from the table shows as unread.
  await page.getByTestId("chat-toggle").click();
  await expect(panel).toHaveCount(0);
  room.broadcast({
    type: "chat_message",
    payload: {
      message: { id: 99, user_id: "someone", nickname: "Tia Bot", avatar_url: null, message: "Oi!", message_type: "text", created_at: "" },
    },
  });
  await expect(page.getByTestId("chat-unread")).toHaveText("1");
  await page.getByTestId("chat-toggle").click();
  await expect(page.getByTestId("chat-message").filter({ hasText: "Oi!" })).toBeVisible();
  await expect(page.getByTestId("chat-unread")).toHaveCount(0);

  // A failed send shows the spec's fallback text.
  expectFailedLoad(500);
  await page.route(`**/api/games/${room.gameId}/chat`, (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await page.getByTestId("chat-input").fill("falha");
  await page.getByTestId("chat-send").click();
  await expect(page.getByRole("alert").filter({ hasText: "Erro ao enviar mensagem" })).toBeVisible();
  room.stop();
  await context.close();
});

test("the end of the match: Vitória!, coins won, back home", async ({ browser }) => {
  // A ranked game has no computer players: the rival is a person the test plays for (the pot holds both entries).
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    variant: "argentino",
    seats: duel(me),
    mode: "ranked",
    entryCost: 100,
    match: {
      dealerIndex: 1,
      scores: { team1: 29, team2: 12 },
      deal: ARGENTINO_DEAL,
    },
    botDelayMs: null,
  }));
  await page.getByTestId("call-truco").click();
  await expect.poll(() => room.sent("call_truco").length).toBe(1);
  await room.act("rival-1", { type: "respond_truco", response: "reject" });
  const result = page.getByTestId("match-result");
  await expect(result).toBeVisible();
  await expect(page.getByTestId("match-result-title")).toHaveText("Vitória!");
  await expect(page.getByTestId("final-score")).toContainText("30");
  await expect(page.getByTestId("result-row").first()).toContainText("+100");
  await expect(page.getByTestId("result-row").first()).toContainText("+16");
  await expect(page.getByTestId("game-status")).toHaveText("Jogo finalizado");
  await page.getByTestId("result-home").click();
  await expect(page).toHaveURL("/");
  room.stop();
  await context.close();
});

test("waiting room: missing players, the code to share, the empty table, fill with computer, leave", async ({ browser }) => {
  const { page, context, room } = await scriptedTable(browser, (me) => ({
    status: "waiting",
    seats: quartet(me).map((s) => ({ ...s, bot: false })),
    joined: 1,
  }));
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await expect(page.getByTestId("game-status")).toHaveText("Aguardando jogadores...");
  await expect(page.getByTestId("waiting-count")).toHaveText("Aguardando 3 jogador(es)");
  await expect(page.getByText("Compartilhe o código da sala")).toBeVisible();
  await expect(page.getByTestId("game-code")).toHaveText("TRC7Q2");
  await expect(page.getByRole("heading", { name: "Mesa Preparada" })).toBeVisible();
  await expect(page.getByText("Aguardando todos os jogadores entrarem...")).toBeVisible();
  await expect(page.getByTestId("seat-free")).toHaveCount(3);
  await page.getByTestId("copy-code").click();
  await expect(page.getByText("Código copiado!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("TRC7Q2");

  await page.getByTestId("fill-bots").click();
  const dialog = page.getByRole("dialog", { name: "Jogar contra o computador?" });
  await expect(dialog).toContainText("jogo de treino gratuito");
  await dialog.getByText("Difícil").click();
  await page.getByTestId("confirm-bots").click();
  await expect.poll(() => room.posts).toEqual([{ path: "bots", body: { bot_level: "hard" } }]);

  await page.getByTestId("leave").click();
  await expect(page.getByRole("dialog", { name: "Sair da sala?" })).toContainText("50 moedas");
  await page.getByTestId("confirm-leave").click();
  await expect(page).toHaveURL("/");
  expect(room.posts.map((p) => p.path)).toEqual(["bots", "leave"]);
  room.stop();
  await context.close();
});

test("load errors: 'Jogo não encontrado' and 'Erro ao carregar dados do jogo' with 'Voltar ao Início'", async ({ browser }) => {
  // A game that does not exist is a 404 page.
  expectFailedLoad(404);
  const { page, context } = await newSignedInPage(browser);
  // A game that does not exist: the server's own page.
  expect((await page.goto("/game/missing-game"))?.status()).toBe(404);
  await expect(page.getByRole("alert").filter({ hasText: "Jogo não encontrado" })).toBeVisible();
  // A room that did not answer (gamePageOf's "error"), scripted through the page's data request.
  await stubGamePage(page, "broken-game", () => ({ state: "error" }));
  await openGamePage(page, "broken-game");
  await expect(page.getByRole("alert").filter({ hasText: "Erro ao carregar dados do jogo" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar ao Início" }).click();
  await expect(page).toHaveURL("/");
  await context.close();
});

test("signed-out visitors of a game room go to the landing page", async ({ page }) => {
  await page.goto("/game/some-game");
  await expect(page).toHaveURL("/");
});

test("lobby: the join modal's code rules and refusal, and tables opened by the lobby's form", async ({ browser }) => {
  const { page, context } = await newSignedInPage(browser);
  const dialog = page.getByTestId("join-dialog");
  // Right after a full page load: the first click opens it (a link to ?dialog=join).
  await page.getByTestId("open-join").click();
  const input = dialog.getByLabel("Código da sala");
  await expect(dialog).toContainText("Digite o código de 6 caracteres compartilhado pelo criador da sala");
  const submit = dialog.getByRole("button", { name: "Entrar", exact: true });
  await expect(submit).toBeDisabled();
  await input.pressSequentially("ab-c 1");
  await expect(input).toHaveValue("ABC1");
  await expect(submit).toBeDisabled();
  await input.pressSequentially("2x9z");
  await expect(input).toHaveValue("ABC12X");
  await expect(submit).toBeEnabled();
  expectFailedLoad(404);
  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "Jogo não encontrado" })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();

  // The lobby's form: the variant and level travel with the table button.
  await chooseVariant(page, "gaucho");
  await page.getByText("Difícil").click();
  await page.getByTestId("create-bots-1v1").click();
  await page.waitForURL(/\/game\//);
  await expect(page.getByTestId("info-variant")).toContainText("Gaúcho");
  await expect(page.getByText("Contra o computador · Difícil")).toBeVisible();
  await expect(page.getByTestId("info-entry")).toContainText("Grátis");

  // The variant is remembered: the server renders it chosen, and a ranked table takes it.
  await page.goto("/");
  await expect(page.getByTestId("variant-gaucho")).toBeChecked();
  await createRoom(page, "ranked:2v2");
  await expect(page.getByTestId("info-variant")).toContainText("Gaúcho");
  await expect(page.getByTestId("info-type")).toContainText("2V2");
  await expect(page.getByTestId("info-entry")).toContainText("100");
  await context.close();
});

test("profile history: entries with VITÓRIA/DERROTA and signed coins, and the empty state", async ({ browser }) => {
  const { page, context } = await newSignedInPage(browser);
  await page.route("**/api/games/history", (route) => route.fulfill({ json: PLAYED_GAMES }));
  await page.goto("/profile");
  await page.getByRole("tab", { name: "Histórico de Jogos" }).click();
  const list = page.getByTestId("history-list");
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("VITÓRIA");
  await expect(list.getByRole("listitem").first()).toContainText("1V1 · Ranqueada · Paulista");
  await expect(list.getByRole("listitem").first()).toContainText("+100");
  await expect(list.getByRole("listitem").first()).toContainText("04/03/2026");
  await expect(list.getByRole("listitem").nth(1)).toContainText("DERROTA");
  await expect(list.getByRole("listitem").nth(1)).toContainText("−50");
  await expect(list.getByRole("listitem").nth(1)).toContainText("Placar 21 × 30");

  await page.unroute("**/api/games/history");
  await page.route("**/api/games/history", (route) => route.fulfill({ json: [] }));
  await page.reload();
  await page.getByRole("tab", { name: "Histórico de Jogos" }).click();
  await expect(page.getByText("Nenhum jogo encontrado")).toBeVisible();
  await context.close();
});
