import type { Page } from "@playwright/test";
import { expect, expectFailedLoad, test } from "./fixtures";
import { ADMIN } from "./fixtures/data";
import { createRoom, gameCodeOf, joinByCode } from "./game-driver";
import { newSignedInPage, signIn } from "./helpers";
import { shoot } from "./screenshot";
import { expectNoA11yViolations } from "./a11y";

// Ending a game on purpose ("Desistir"), what a finished game's room says, a ban reaching the open
// page, and errors where the eye is. Each control is clicked once, as a person would.

async function historyOf(page: Page) {
  await page.goto("/profile");
  await page.getByRole("tab", { name: "Histórico de Jogos" }).click();
}

test("conceding against the computer ends the practice at once: home, no banner, no history row", async ({ browser }) => {
  const { page, context } = await newSignedInPage(browser, "Treino");
  await page.getByTestId("create-bots-1v1").click();
  await page.waitForURL(/\/game\//);
  await expect(page.getByTestId("board")).toBeVisible();
  await expect(page.getByTestId("resume-banner")).toHaveCount(0);
  await shoot(page, "concede-practice-control", false);
  await page.getByTestId("concede").click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("header-nickname")).toBeVisible();
  await expect(page.getByTestId("resume-banner")).toHaveCount(0);
  await historyOf(page);
  await expect(page.getByText("Nenhum jogo encontrado")).toBeVisible();
  await expect(page.getByTestId("resume-banner")).toHaveCount(0);
  await context.close();
});

test("conceding a human game forfeits it after saying what it costs: W.O. for both, coins moved once, the room explains the end", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await newSignedInPage(browser, "Ana");
  const bruno = await newSignedInPage(browser, "Bruno");
  await createRoom(ana.page, "casual:1v1");
  const code = await gameCodeOf(ana.page);
  await joinByCode(bruno.page, code);
  for (const { page } of [ana, bruno]) await expect(page.getByTestId("board")).toBeVisible();
  const gameUrl = ana.page.url();

  await ana.page.getByTestId("concede").click();
  const dialog = ana.page.getByTestId("concede-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Seu time perde por W.O. e o outro time vence.");
  await expect(dialog).toContainText("A entrada de 50 moedas fica com o outro time.");
  await shoot(ana.page, "concede-dialog", false);
  await expectNoA11yViolations(ana.page);
  await dialog.getByTestId("confirm-concede").click();

  for (const { page } of [ana, bruno]) {
    await expect(page.getByTestId("match-result")).toBeVisible();
    await expect(page.getByTestId("end-reason")).toHaveText("W.O.: um time desistiu ou não compareceu");
  }
  await expect(ana.page.getByTestId("match-result-title")).toHaveText("Derrota");
  await expect(bruno.page.getByTestId("match-result-title")).toHaveText("Vitória!");
  await expect(ana.page.getByTestId("result-row").filter({ hasText: "(você)" })).toContainText("−50");
  await expect(bruno.page.getByTestId("result-row").filter({ hasText: "(você)" })).toContainText("+50");
  await shoot(bruno.page, "concede-result", false);

  // The room opened after the end shows the score, the winner, how it ended and everyone's coins.
  await bruno.page.goto(gameUrl);
  const finished = bruno.page.getByTestId("finished-game");
  await expect(finished).toBeVisible();
  await expect(finished.getByTestId("finished-title")).toHaveText("Vitória!");
  await expect(finished.getByTestId("final-score")).toHaveText(/\d+\s*×\s*\d+/);
  await expect(finished.getByTestId("winner")).toContainText("venceu a partida");
  await expect(finished.getByTestId("end-reason")).toHaveText("W.O.: um time desistiu ou não compareceu");
  await expect(finished.getByTestId("result-row")).toHaveCount(2);
  await expect(finished.getByTestId("result-row").filter({ hasText: "(você)" })).toContainText("+50");
  await expect(finished.getByTestId("result-row").filter({ hasNotText: "(você)" })).toContainText("−50");
  await expect(bruno.page.getByTestId("resume-banner")).toHaveCount(0);
  await shoot(bruno.page, "finished-game-room");
  await expectNoA11yViolations(bruno.page);

  // The coins moved once; the history marks it W.O. on both sides; no banner is left.
  for (const [{ page }, balance, result] of [
    [ana, "950", "DERROTA"],
    [bruno, "1.050", "VITÓRIA"],
  ] as const) {
    await page.goto("/");
    await expect(page.getByText(`Saldo: ${balance} moedas`)).toBeAttached();
    await expect(page.getByTestId("resume-banner")).toHaveCount(0);
    await historyOf(page);
    const entry = page.getByTestId("history-list").getByRole("listitem").first();
    await expect(entry).toContainText(result);
    await expect(entry.getByTestId("history-forfeit")).toHaveText("W.O.");
  }
  await shoot(ana.page, "history-forfeit");
  await expectNoA11yViolations(ana.page);
  await ana.context.close();
  await bruno.context.close();
});

test("a banned player's open page goes to /banned with the reason, without a reload", async ({ browser }) => {
  const { page, context } = await newSignedInPage(browser, "Banido");
  const me = (await (await page.request.get("/api/users/me")).json()) as { id: string };
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  const origin = new URL(admin.url()).origin;
  const banned = await admin.request.post("/api/admin/actions", {
    headers: { Origin: origin },
    data: { action_type: "ban", target_user_id: me.id, reason: "Trapaça combinada" },
  });
  expect(banned.status()).toBe(201);
  await expect(page).toHaveURL((url) => url.pathname === "/banned");
  await expect(page.getByTestId("ban-reason")).toContainText("Trapaça combinada");
  await Promise.all([context.close(), adminContext.close()]);
});

test("a wrong join code's error shows inside the dialog, announced", async ({ browser }) => {
  // A wrong code is answered 404 ("Jogo não encontrado").
  expectFailedLoad(404);
  const { page, context } = await newSignedInPage(browser, "Codigo");
  await page.getByTestId("open-join").click();
  const dialog = page.getByTestId("join-dialog");
  await dialog.getByLabel("Código da sala").fill("ZZZZZ9");
  await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
  const error = dialog.getByRole("alert").filter({ hasText: "Jogo não encontrado" });
  await expect(error).toBeVisible();
  await expect(dialog.getByLabel("Código da sala")).toHaveAttribute("aria-invalid", "true");
  // Drawn inside the dialog (the top layer), not behind its backdrop: it is what a tap there hits.
  const box = (await error.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-testid=join-error]") !== null, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit).toBe(true);
  await shoot(page, "join-error", false);
  await expectNoA11yViolations(page);
  // Typing again clears it.
  await dialog.getByLabel("Código da sala").fill("ZZZZZ");
  await expect(dialog.getByTestId("join-error")).toHaveText("");

  // The same tap before any script runs is a plain post: the answer shows in the dialog, once.
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR", storageState: await context.storageState() });
  const bare = await noScript.newPage();
  await bare.goto("/?dialog=join");
  await bare.getByTestId("join-dialog").getByLabel("Código da sala").fill("ZZZZZ9");
  await bare.getByTestId("join-dialog").getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(bare.getByTestId("join-dialog").getByTestId("join-error")).toHaveText("Jogo não encontrado");
  await expect(bare.getByText("Jogo não encontrado")).toHaveCount(1);
  await noScript.close();
  await context.close();
});

test("unknown pages are the same 404 for visitors and players", async ({ browser }) => {
  expectFailedLoad(404);
  const visitor = await browser.newContext({ locale: "pt-BR" });
  const visitorPage = await visitor.newPage();
  const answer = await visitorPage.goto("/nada/aqui");
  expect(answer?.status()).toBe(404);
  await expect(visitorPage.getByTestId("not-found")).toContainText("Página não encontrada");
  const { page, context } = await newSignedInPage(browser, "Perdido");
  const signedIn = await page.goto("/nada/aqui");
  expect(signedIn?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Página não encontrada");
  await shoot(page, "not-found", false);
  await expectNoA11yViolations(page);
  const game = await page.goto(`/game/${crypto.randomUUID()}`);
  expect(game?.status()).toBe(404);
  await expect(page.getByRole("alert").filter({ hasText: "Jogo não encontrado" })).toBeVisible();
  await Promise.all([visitor.close(), context.close()]);
});
