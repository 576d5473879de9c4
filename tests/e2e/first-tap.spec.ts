import { type Locator, type Page } from "@playwright/test";
import { expectConsoleWarning } from "../support/console";
import { expect, expectFailedLoad, test } from "./fixtures";
import { atCheckout, checkout } from "./checkout";
import { signIn, tapChoice, uniquePlayer } from "./helpers";
import { seedCancelledGame } from "./seed";

// "Every tap counts": with the CPU slowed down 4× (DevTools protocol), a page is loaded
// in full and each control of the home page is tapped ONCE, as soon as it shows — usually before
// the page (and the dashboard's lazily loaded code) has hydrated. Links and forms make that tap
// do the same as the script would. No retries, no waiting for hydration.

async function slowPage(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** A full page load of `/`, then one tap on `control` as soon as it is visible. */
async function tapRightAfterLoad(page: Page, control: (page: Page) => Locator) {
  await page.goto("/", { waitUntil: "commit" });
  await control(page).click();
}

test.describe("the first tap after a full page load takes effect (CPU throttled 4×)", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, uniquePlayer("Toque"));
    await slowPage(page);
  });

  for (const [testId, type, entry] of [
    ["create-bots-1v1", "1V1", "Grátis"],
    ["create-bots-2v2", "2V2", "Grátis"],
  ] as const) {
    test(`the lobby's ${testId} button opens its table`, async ({ page }) => {
      await tapRightAfterLoad(page, (p) => p.getByTestId(testId));
      await page.waitForURL(/\/game\//);
      await expect(page.getByTestId("info-type")).toContainText(type);
      await expect(page.getByTestId("info-entry")).toContainText(entry);
    });
  }

  // The casual and ranked buttons put the player in a quick-match queue.
  for (const [testId, queue] of [
    ["quick-casual-1v1", "Casual · 1 vs 1 · Paulista"],
    ["quick-ranked-2v2", "Ranqueada · 2 vs 2 · Paulista"],
  ] as const) {
    test(`the lobby's ${testId} button queues, and cancel returns home`, async ({ page }) => {
      await tapRightAfterLoad(page, (p) => p.getByTestId(testId));
      await page.waitForURL(/\/match$/);
      await expect(page.getByTestId("match-queue")).toHaveText(queue);
      await page.getByTestId("match-cancel").click();
      await page.waitForURL((url) => url.pathname === "/");
    });
  }

  test("a room chosen right after the load opens with its kind and entry", async ({ page }) => {
    await page.goto("/", { waitUntil: "commit" });
    await page.getByTestId("create-room-table").selectOption("ranked:1v1");
    await page.getByTestId("create-room").click();
    await page.waitForURL(/\/game\//);
    await expect(page.getByTestId("info-type")).toContainText("1V1");
    await expect(page.getByTestId("info-entry")).toContainText("100");
  });

  test("a variant and a level tapped right after the load travel with the table button", async ({ page }) => {
    await tapRightAfterLoad(page, (p) => p.getByText("Mineiro", { exact: true }));
    await page.getByText("Difícil").click();
    await page.getByTestId("create-bots-1v1").click();
    await page.waitForURL(/\/game\//);
    await expect(page.getByTestId("info-variant")).toContainText("Mineiro");
    await expect(page.getByText("Contra o computador · Difícil")).toBeVisible();
  });

  test("join by code, buy coins, premium and refund open their dialogs", async ({ page }) => {
    // A wrong code is answered 404 ("Jogo não encontrado").
    expectFailedLoad(404);
    await tapRightAfterLoad(page, (p) => p.getByTestId("open-join"));
    const join = page.getByTestId("join-dialog");
    await expect(join).toBeVisible();
    await join.getByLabel("Código da sala").fill("ZZZZZ9");
    await join.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Jogo não encontrado" })).toBeVisible();

    await tapRightAfterLoad(page, (p) => p.getByRole("link", { name: /Comprar moedas/ }));
    const store = page.getByRole("dialog", { name: "Loja" });
    await expect(store.getByRole("tab", { name: "Moedas" })).toHaveAttribute("aria-selected", "true");
    await checkout(store, /1\.000 moedas/);

    await tapRightAfterLoad(page, (p) => p.getByRole("link", { name: "Seja Premium" }));
    await expect(page.getByRole("dialog", { name: "Loja" }).getByRole("tab", { name: "Premium" })).toHaveAttribute("aria-selected", "true");

    await tapRightAfterLoad(page, (p) => p.getByRole("link", { name: "Reembolso", exact: true }));
    await expect(page.getByRole("dialog", { name: "Solicitar reembolso" })).toBeVisible();
    await expect(page.getByText("Nenhuma partida elegível para reembolso")).toBeVisible();
  });

  test("the daily reward, the language switcher and the profile link", async ({ page }) => {
    await tapRightAfterLoad(page, (p) => p.getByTestId("daily-reward-banner").getByRole("button", { name: /Coletar/ }));
    await expect(page.getByRole("status").filter({ hasText: "+100 moedas! Dia 1 da sequência." })).toBeVisible();
    await expect(page.getByText("Saldo: 1.100 moedas", { exact: true })).toBeAttached();

    await tapRightAfterLoad(page, (p) => p.getByTestId("language-switcher").locator("summary"));
    await page.getByTestId("language-switcher").getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Your stats" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await tapRightAfterLoad(page, (p) => p.getByRole("link", { name: /^Open profile:/ }));
    await page.waitForURL("/profile");
    await expect(page.getByRole("tab", { name: "Statistics" })).toHaveAttribute("aria-selected", "true");
  });

  test("the profile's tabs, nickname edit and logout", async ({ page }) => {
    await page.goto("/profile", { waitUntil: "commit" });
    await page.getByRole("tab", { name: "Transações" }).click();
    await expect(page.getByRole("tab", { name: "Transações" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("transaction").first()).toContainText("Bônus de boas-vindas");

    await page.goto("/profile", { waitUntil: "commit" });
    await page.getByRole("link", { name: "Editar apelido" }).click();
    const nickname = `Toque ${Date.now() % 100000}`;
    await page.getByLabel("Apelido", { exact: true }).fill(nickname);
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByTestId("profile-nickname")).toHaveText(nickname);

    await page.goto("/profile", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByRole("button", { name: "Começar a jogar" })).toBeVisible();
  });

  test("the landing page's sign-in button", async ({ page }) => {
    // Off the signed-in page first: its channel would otherwise reconnect without the session.
    await page.goto("about:blank");
    await page.context().clearCookies();
    await tapRightAfterLoad(page, (p) => p.getByRole("button", { name: "Começar a jogar" }));
    await expect(page.getByLabel("Name")).toBeVisible();
  });
});

// What a player typed or chose before hydration counts from the first hydrated frame: the join
// button was disabled for a moment as the dashboard hydrated (its form state read after the
// hydrating commit), and a tap landing then was lost. Here the dashboard's code is held back until
// the code is typed, so the moment of hydration is the test's to choose, and every state the
// button passes through is recorded.
/**
 * Opens `path` with the home dashboard's code held back, lets `choose` fill `dialog` as a player
 * would before hydration, then lets the code in and answers every `disabled` state the dialog's
 * submit button went through until the dialog was hydrated (modal).
 */
async function submitStatesThroughHydration(page: Page, path: string, dialog: Locator, choose: () => Promise<void>): Promise<boolean[]> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/home-dashboard-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  await choose();
  await dialog.evaluate((element) => {
    const button = element.querySelector<HTMLButtonElement>("button[type=submit]")!;
    const seen = [button.disabled];
    new MutationObserver(() => seen.push(button.disabled)).observe(button, { attributes: true });
    Object.assign(window, { submitStates: seen });
  });
  expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(false);

  release();
  await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  return page.evaluate(() => (window as unknown as { submitStates: boolean[] }).submitStates);
}

test.describe("a form hydrating with what was typed before", () => {
  test.use({ serviceWorkers: "block" });

  test.beforeEach(() => {
    // Each page load asks for the service worker; blocked here, the browser and the app both say so.
    expectConsoleWarning(/^Service Worker registration blocked by Playwright$/);
    expectConsoleWarning(/^Service worker registration failed:/);
  });

  test("the join button stays enabled through hydration, and one tap joins", async ({ page }) => {
    // A wrong code is answered 404 ("Jogo não encontrado").
    expectFailedLoad(404);
    await signIn(page, uniquePlayer("Toque"));
    const join = page.getByTestId("join-dialog");
    const states = await submitStatesThroughHydration(page, "/?dialog=join", join, () => join.getByLabel("Código da sala").fill("ZZZZZ9"));
    expect(states).not.toContain(true);

    await join.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Jogo não encontrado" })).toBeVisible();
  });

  test("the store's buy button stays enabled through hydration, and one tap opens the checkout", async ({ page }) => {
    await signIn(page, uniquePlayer("Loja"));
    const store = page.getByRole("dialog", { name: "Loja" });
    const states = await submitStatesThroughHydration(page, "/?dialog=coins", store, () =>
      tapChoice(store.getByRole("radio", { name: /2\.500 moedas/ })),
    );
    expect(states).not.toContain(true);

    await store.getByRole("button", { name: "Comprar por US$ 9,99" }).click();
    await atCheckout(page);
  });

  test("the refund's submit button stays enabled through hydration, and one tap refunds", async ({ page }) => {
    await signIn(page, uniquePlayer("Estorno"));
    const me = await (await page.request.get("/api/users/me")).json();
    seedCancelledGame(me.id, { entry: 100, code: "HIDRA1" });
    const refund = page.getByRole("dialog", { name: "Solicitar reembolso" });
    const states = await submitStatesThroughHydration(page, "/?dialog=refund", refund, async () => {
      await expect(refund.getByRole("radio", { name: /Sala #HIDRA1/ })).toBeChecked();
      await refund.getByLabel("Descreva o problema").fill("A conexão caiu e a partida foi cancelada.");
    });
    expect(states).not.toContain(true);

    await refund.getByRole("button", { name: "Solicitar reembolso" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Reembolso aprovado: 100 moedas devolvidas." })).toBeVisible();
  });
});
