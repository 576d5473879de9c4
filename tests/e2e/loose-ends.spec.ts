import { expect, test } from "./fixtures";
import { chooseVariant } from "./game-driver";
import { ADMIN } from "./fixtures/data";
import { chooseLanguageCookie, newSignedInPage, signIn, uniquePlayer } from "./helpers";

// Quick match's ranked offers, the live counts and the admin dashboard's languages and link, in
// real Chromium against the real server.

test("a lone ranked search shows its estimate, then offers a wider search and a practice game against the computer", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "pt-BR" });
  const page = await context.newPage();
  await signIn(page, uniquePlayer("Ana"));
  // The page's clock is the test's: the offers come at their stated times without waiting for them.
  await page.clock.install();
  await page.reload();
  await chooseVariant(page, "mineiro");
  await page.getByTestId("quick-ranked-1v1").click();
  await page.waitForURL(/\/match$/);
  await expect(page.getByTestId("match-queue")).toHaveText("Ranqueada · 1 vs 1 · Mineiro");
  await expect(page.getByTestId("match-estimate")).toHaveText(/^Espera estimada: ~1:00 · busca ampliada em 0:[0-3]\d$/);
  await expect(page.getByTestId("match-widen-offer")).toHaveCount(0);
  await expect(page.getByTestId("match-bots-offer")).toHaveCount(0);

  await page.clock.fastForward("00:31");
  await expect(page.getByTestId("match-widen-offer")).toContainText("Ampliar a busca?");
  await expect(page.getByTestId("match-estimate")).toHaveText(/computador em 0:[0-3]\d$/);
  await page.getByTestId("match-widen").click();
  await expect(page.getByTestId("match-widened")).toHaveText("Busca ampliada: qualquer pontuação");
  await expect(page.getByTestId("match-widen-offer")).toHaveCount(0);

  await page.clock.fastForward("01:01");
  const offer = page.getByTestId("match-bots-offer");
  await expect(offer).toContainText("sem entrada e sem pontos de ranking");
  await offer.getByTestId("match-play-bots").click();
  await page.waitForURL(/\/game\//);
  await expect(page.getByTestId("board")).toBeVisible();
  await context.close();
});

test("the landing page counts a signed-in player at its first render, on a fresh server too", async ({ browser }) => {
  const ana = await browser.newContext({ locale: "pt-BR" });
  const page = await ana.newPage();
  // Her channel's first word ("hello") says its socket is open and her presence reported.
  let hello = false;
  page.on("websocket", (ws) => {
    if (ws.url().includes("/api/channel/ws")) ws.on("framereceived", (frame) => (hello ||= String(frame.payload).includes('"hello"')));
  });
  await signIn(page, uniquePlayer("Ana"));
  // Her own home page counted her in the server's HTML, before any socket.
  const own = await (await ana.request.get("/")).text();
  expect(own).toMatch(/data-testid="count-online">([1-9]\d*) jogador(es)? online</);
  await expect.poll(() => hello).toBe(true);

  const visitor = await browser.newContext({ locale: "pt-BR", javaScriptEnabled: false });
  const landing = await visitor.newPage();
  await landing.goto("/");
  await expect(landing.getByTestId("count-online")).toHaveText(/^[1-9]\d* jogador(es)? online$/);
  await visitor.close();
  await ana.close();
});

test("an admin reaches the dashboard from the header and reads it in Spanish; a player has no such link", async ({ browser }) => {
  const player = await newSignedInPage(browser, "Jogador");
  await expect(player.page.getByTestId("header-nickname")).toBeVisible();
  await expect(player.page.getByTestId("header-admin")).toHaveCount(0);
  await player.context.close();

  const context = await browser.newContext({ locale: "pt-BR" });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await chooseLanguageCookie(page, "es");
  await page.reload();
  await page.getByTestId("header-admin").click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Panel de administración");
  await expect(page.getByTestId("admin-banner")).toHaveText("ADMIN ACCESS");
  await expect(page.getByTestId("stat-total_users")).toContainText("Usuarios");
  await page.getByRole("link", { name: "Usuarios", exact: true }).click();
  await expect(page.getByRole("link", { name: "Usuarios", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByPlaceholder("Buscar por apodo o correo")).toBeVisible();
  await expect(page.getByTestId("admin-users").locator("th").first()).toHaveText("ID");
  await expect(page.getByTestId("admin-users").locator("th").nth(1)).toHaveText("Apodo");
  await context.close();
});
