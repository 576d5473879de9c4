import { expect, expectFailedLoad, test } from "./fixtures";
import { switchLanguage, signIn, uniquePlayer } from "./helpers";

test("a visitor sees the landing page in Brazilian Portuguese", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Mesa de Truco");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { level: 1, name: "Mesa de Truco" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Partida rápida" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Moedas virtuais" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ranking global" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Começar a jogar" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
});

test("an unsupported browser language falls back to pt-BR, a supported one is used", async ({ browser }) => {
  const french = await browser.newContext({ locale: "fr-FR" });
  const frPage = await french.newPage();
  await frPage.goto("/");
  await expect(frPage.getByRole("button", { name: "Começar a jogar" })).toBeVisible();
  await french.close();

  const spanish = await browser.newContext({ locale: "es-AR" });
  const esPage = await spanish.newPage();
  await esPage.goto("/");
  await expect(esPage.getByRole("button", { name: "Empezar a jugar" })).toBeVisible();
  await spanish.close();
});

test("signed-out visitors of signed-in pages go to the landing page; an unknown path is a 404 page", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Começar a jogar" })).toBeVisible();
  expectFailedLoad(404);
  expect((await page.goto("/this/does/not/exist"))?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Página não encontrada");
  await page.getByRole("link", { name: "Voltar ao Início" }).click();
  await expect(page).toHaveURL("/");
});

test("a player signs in, edits the nickname, switches languages and signs out", async ({ page, context }) => {
  const player = uniquePlayer("Maria");
  await signIn(page, player);

  // Home: nickname from the identity and the 1,000-coin welcome bonus.
  await expect(page.getByTestId("header-nickname")).toHaveText(player.name.slice(0, 20).trim());
  await expect(page.getByText("Saldo: 1.000 moedas")).toBeAttached();
  await expect(page.getByRole("heading", { name: "Suas estatísticas" })).toBeVisible();

  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === "truco_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");

  // Profile: inline nickname edit.
  await page.getByRole("link", { name: /Abrir perfil/ }).click();
  await expect(page.getByRole("tab", { name: "Estatísticas" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Nunca coletada")).toBeVisible();
  await page.getByRole("link", { name: "Editar apelido" }).click();
  const nickname = `Mari ${Date.now() % 100000}`;
  await page.getByLabel("Apelido", { exact: true }).fill(`  ${nickname}  `);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByTestId("profile-nickname")).toHaveText(nickname);
  await page.reload();
  await expect(page.getByTestId("profile-nickname")).toHaveText(nickname);

  // Cancel leaves it unchanged.
  await page.getByRole("link", { name: "Editar apelido" }).click();
  await page.getByLabel("Apelido", { exact: true }).fill("Outro nome");
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByTestId("profile-nickname")).toHaveText(nickname);

  // Languages: English, then Spanish; each survives a reload.
  await page.getByRole("link", { name: "Voltar" }).click();
  // The home is on screen (with its own header) before the player reaches for the language menu.
  await expect(page.getByRole("heading", { name: "Suas estatísticas" })).toBeVisible();
  await switchLanguage(page, "English");
  await expect(page.getByRole("heading", { name: "Your stats" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your stats" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await switchLanguage(page, "Español");
  await expect(page.getByRole("heading", { name: "Tus estadísticas" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Tus estadísticas" })).toBeVisible();

  // Signing out ends the session server-side.
  await page.getByRole("link", { name: /Abrir perfil/ }).click();
  await page.getByRole("button", { name: "Salir" }).click();
  await expect(page.getByRole("button", { name: "Empezar a jugar" })).toBeVisible();
  const me = await page.request.get("/api/users/me");
  expect(me.status()).toBe(401);
  expect(await me.json()).toHaveProperty("error");
});

test("the stored language choice is remembered on a fresh visit", async ({ page }) => {
  await page.goto("/");
  await switchLanguage(page, "English");
  await expect(page.getByRole("button", { name: "Start playing" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Start playing" })).toBeVisible();
  // Kept in the browser too (the switcher's script, or the page mirroring the server's cookie).
  await expect.poll(() => page.evaluate(() => localStorage.getItem("lng"))).toBe("en");
});
