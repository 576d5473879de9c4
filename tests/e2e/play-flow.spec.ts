import { expect, expectFailedLoad, test } from "./fixtures";
import { createRoom, FAST, gameCodeOf, joinByCode, playToTheEnd } from "./game-driver";
import { newSignedInPage, uniquePlayer } from "./helpers";

// The play flow a returning player walks: back to a running game, one table at a time,
// rematch, an invite link through sign-in.

test("a seated player sees the way back to their table on every page, and the server refuses a second seat", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ana = await newSignedInPage(browser, "Retorno");
  await createRoom(ana.page, "casual:1v1");
  const tableUrl = ana.page.url();
  await gameCodeOf(ana.page);
  // No banner on the table itself.
  await expect(ana.page.getByTestId("resume-banner")).toHaveCount(0);

  await ana.page.goto("/profile");
  const banner = ana.page.getByTestId("resume-banner");
  await expect(banner).toContainText("Sua mesa está aguardando jogadores.");

  // A second table is refused by the server, whatever the client does.
  const second = await ana.page.request.post("/api/games", {
    data: { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" },
    headers: { Origin: baseURL! },
  });
  expect(second.status()).toBe(409);
  expect(await second.json()).toEqual({
    error: "Você já está em outra partida. Volte para ela ou termine-a antes de entrar em outra.",
    code: "already_seated",
  });
  // The home page's form hears the same refusal.
  expectFailedLoad(409);
  await ana.page.goto("/");
  await ana.page.getByTestId("create-room-table").selectOption("casual:1v1");
  await ana.page.getByTestId("create-room").click();
  const refusal = ana.page.getByRole("alert").filter({ hasText: "Você já está em outra partida." });
  await expect(refusal).toBeVisible();
  // The refusal does not cover the link that resolves it.
  const [notice, way] = [await refusal.boundingBox(), await ana.page.getByTestId("resume-banner").boundingBox()];
  expect(notice!.y >= way!.y + way!.height || notice!.y + notice!.height <= way!.y).toBe(true);

  await ana.page.getByTestId("resume-banner").getByRole("link", { name: "Voltar para a partida" }).click();
  await ana.page.waitForURL(tableUrl);
  await expect(ana.page.getByTestId("waiting-count")).toBeVisible();
  await ana.context.close();
});

test("both players accept a rematch: a new table with the same settings, each entry charged again", async ({ browser }) => {
  test.setTimeout(240_000);
  const ana = await newSignedInPage(browser, "Revanche");
  const bruno = await newSignedInPage(browser, "Desforra");
  await createRoom(ana.page, "casual:1v1");
  const firstUrl = ana.page.url();
  await joinByCode(bruno.page, await gameCodeOf(ana.page));
  await playToTheEnd(
    [
      { page: ana.page, policy: FAST },
      { page: bruno.page, policy: FAST },
    ],
    150_000,
  );

  await ana.page.getByTestId("rematch").click();
  await expect(ana.page.getByTestId("rematch-status")).toContainText("Você aceitou a revanche. Aguardando os outros jogadores…");
  await expect(bruno.page.getByTestId("rematch-status")).toContainText("quer jogar de novo");
  await expect(bruno.page.getByTestId("rematch-status")).toContainText("Revanche: 1 de 2 aceitaram");
  await bruno.page.getByTestId("rematch").click();

  await bruno.page.waitForURL((url) => url.pathname.startsWith("/game/") && url.href !== firstUrl);
  await ana.page.waitForURL(bruno.page.url());
  for (const { page } of [ana, bruno]) {
    await expect(page.getByTestId("game-status")).toHaveText("Jogo em andamento");
    await expect(page.getByTestId("info-entry")).toContainText("50 moedas");
  }
  // One won 50 and one lost 50; both paid the new entry: 1,000 in all less two entries.
  const balances = await Promise.all(
    [ana, bruno].map(async ({ page }) => {
      const response = await page.request.get("/api/users/me");
      return ((await response.json()) as { virtual_coins: number }).virtual_coins;
    }),
  );
  expect([...balances].sort((a, b) => a - b)).toEqual([900, 1000]);
  await ana.context.close();
  await bruno.context.close();
});

test("an invite link opened while signed out leads, through sign-in, to the join dialog with its code", async ({ browser }) => {
  test.setTimeout(90_000);
  const ana = await newSignedInPage(browser, "Anfitria");
  await createRoom(ana.page, "casual:1v1");
  const code = await gameCodeOf(ana.page);

  const context = await browser.newContext({ locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto(`/?join=${code}`);
  await page.getByRole("button", { name: "Entrar", exact: true }).first().click();
  const guest = uniquePlayer("Convidado");
  await page.getByLabel("Name").fill(guest.name);
  await page.getByLabel("Email").fill(guest.email);
  await page.getByRole("button", { name: "Sign in" }).click();

  await page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("join") === code);
  const dialog = page.getByTestId("join-dialog");
  await expect(dialog.getByLabel("Código da sala")).toHaveValue(code);
  // This test is about the invite's way through sign-in, not the first tap: it lets the page
  // settle first. A tap on this dialog's button while the home page hydrates is sometimes lost (no
  // request at all): a known defect, left to the work on hydration; first-tap.spec.ts covers taps
  // during hydration.
  await page.waitForLoadState("networkidle");
  await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL(ana.page.url());
  await expect(page.getByTestId("game-status")).toHaveText("Jogo em andamento");
  // The code was used once: home is home again.
  await page.goto("/");
  await expect(page.getByTestId("header-nickname")).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
  await expect(page.getByTestId("join-dialog")).toBeHidden();
  await ana.context.close();
  await context.close();
});

test("against the computer, 'Jogar de novo' starts a new game at once, and practice games show apart from the ranked stats", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const { page, context } = await newSignedInPage(browser, "Treino");
  await page.getByTestId("create-bots-1v1").click();
  await page.waitForURL(/\/game\//);
  const firstUrl = page.url();
  await playToTheEnd([{ page, policy: FAST }], 180_000);

  await page.getByTestId("rematch").click();
  await page.waitForURL((url) => url.pathname.startsWith("/game/") && url.href !== firstUrl);
  await expect(page.getByTestId("game-status")).toHaveText("Jogo em andamento");
  await playToTheEnd([{ page, policy: FAST }], 180_000);

  await page.getByTestId("result-home").click();
  await expect(page.getByTestId("practice-stats")).toContainText("Treino contra o computador: 2 partidas");
  // The ranked stats stay as they were: practice is free and unranked.
  await expect(page.locator("#stats-title + dl dd").first()).toHaveText("0");
  await page.goto("/profile");
  await expect(page.getByTestId("practice-stats")).toContainText("2 partidas");
  await context.close();
});
