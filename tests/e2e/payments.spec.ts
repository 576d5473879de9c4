import { type Page } from "@playwright/test";
import { expect, expectFailedLoad, test } from "./fixtures";
import { cancelAtCheckout, checkout, openStore, payAtCheckout } from "./checkout";
import { createRoom, gameCodeOf } from "./game-driver";
import { switchLanguage, newSignedInPage, signIn, tapChoice, uniquePlayer } from "./helpers";
import { seedCancelledGame } from "./seed";

// Coins end to end in real Chromium, against `npm start`'s server with the
// local payment emulator: buying a pack and premium through its checkout page
// (whose signed webhooks credit the player), the daily reward and a refund.

const balance = (page: Page, coins: string) => page.getByText(`Saldo: ${coins} moedas`, { exact: true });

test("buys a coin pack through the payment emulator and sees the balance and the transaction", async ({ page }) => {
  await signIn(page, uniquePlayer("Comprador"));
  await expect(balance(page, "1.000")).toBeAttached();

  const store = await openStore(page);
  await expect(store.getByRole("tab", { name: "Moedas" })).toHaveAttribute("aria-selected", "true");
  // Every pack of spec §3, the bonus shown; nothing to buy until one is chosen.
  for (const text of [
    "1.000 moedas",
    "2.500 moedas",
    "5.500 moedas",
    "12.000 moedas",
    "25.000 moedas",
    "+500 de bônus",
    "+10.000 de bônus",
  ]) {
    await expect(store.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(store.getByRole("button", { name: "Comprar", exact: true })).toBeDisabled();
  await checkout(store, /2\.500 moedas/, "Comprar por US$ 9,99");

  // The emulator's hosted checkout: it says no money moves, shows the item and the price.
  await expect(page.getByText("Nenhum dinheiro é movimentado aqui.")).toBeVisible();
  await expect(page.getByText("3.000 moedas — Mesa de Truco")).toBeVisible();
  await expect(page.getByText("2.500 moedas + 500 de bônus")).toBeVisible();
  await payAtCheckout(page, "Pagar US$ 9,99");

  // Back on the app: the real outcome, credited by the signed webhook.
  await expect(page).toHaveURL(/\/payments\/success\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Pagamento confirmado!" })).toBeVisible();
  await expect(page.getByText("3.000 moedas foram adicionadas ao seu saldo.")).toBeVisible();
  await expect(page.getByTestId("payment-balance")).toHaveText(/Saldo atual: 4\.000 moedas/);
  await page.getByRole("link", { name: "Voltar ao Início" }).click();
  await expect(balance(page, "4.000")).toBeAttached();

  await page.getByRole("link", { name: /Abrir perfil/ }).click();
  await page.getByRole("tab", { name: "Transações" }).click();
  const first = page.getByTestId("transaction").first();
  await expect(first).toContainText("Compra de moedas");
  await expect(first).toContainText("Pacote de 2.500 moedas + 500 de bônus");
  await expect(first).toContainText("+3.000");
  await expect(page.getByTestId("transaction").nth(1)).toContainText("Bônus de boas-vindas");

  // The same rows in English.
  await page.getByRole("link", { name: "Voltar" }).click();
  // The home's own header (a menu opened on the profile's would go with that page).
  await expect(page.getByRole("heading", { name: "Suas estatísticas" })).toBeVisible();
  await switchLanguage(page, "English");
  await expect(page.getByRole("heading", { name: "Your stats" })).toBeVisible();
  await page.goto("/profile");
  await page.getByRole("tab", { name: "Transactions" }).click();
  await expect(page.getByTestId("transaction").first()).toContainText("2,500-coin pack + 500 bonus");
  await expect(page.getByTestId("transaction").first()).toContainText("Coin purchase");
  await expect(page.getByTestId("transaction").nth(1)).toContainText("Welcome bonus");
});

test("cancelling on the checkout page charges nothing", async ({ page }) => {
  await signIn(page, uniquePlayer("Desistiu"));
  const store = await openStore(page);
  await checkout(store, /1\.000 moedas/, "Comprar por US$ 4,99");
  await cancelAtCheckout(page);
  await expect(page.getByRole("heading", { name: "Pagamento cancelado" })).toBeVisible();
  await expect(page.getByText("Nenhuma cobrança foi feita.", { exact: false })).toBeVisible();
  await expect(balance(page, "1.000")).toBeAttached();
  // "Try again" reopens the store.
  await page.getByRole("link", { name: "Tentar novamente" }).click();
  await expect(page.getByRole("dialog", { name: "Loja" })).toBeVisible();
});

test("buys premium: the premium button disappears and exclusive tables open to members only", async ({ page, browser }) => {
  await signIn(page, uniquePlayer("Premium"));
  const store = page.getByRole("dialog", { name: "Loja" });
  await page.getByRole("link", { name: "Seja Premium" }).click();
  await expect(store).toBeVisible();
  await expect(store.getByRole("tab", { name: "Premium" })).toHaveAttribute("aria-selected", "true");
  await expect(store.getByText("Economize 17%")).toBeVisible();
  for (const feature of ["Mesas exclusivas", "Molduras especiais de avatar", "Suporte prioritário", "Recompensa diária em dobro"]) {
    await expect(store.getByText(feature, { exact: true })).toBeVisible();
  }
  await expect(store.getByRole("button", { name: "Assinar", exact: true })).toBeDisabled();
  await checkout(store, /Mensal/, "Assinar por US$ 9,99");
  await expect(page.getByText("Nenhum dinheiro é movimentado aqui.")).toBeVisible();
  await payAtCheckout(page, "Assinar por US$ 9,99");
  await expect(page.getByRole("heading", { name: "Bem-vindo ao Premium!" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar ao Início" }).click();
  await expect(page.getByTestId("header-nickname")).toBeVisible();
  await expect(page.getByRole("link", { name: "Seja Premium" })).toHaveCount(0);
  // Premium doubles the daily reward.
  await expect(page.getByText("Dia 1 da sequência: colete 200 moedas grátis.")).toBeVisible();
  // No coins for a subscription.
  await expect(balance(page, "1.000")).toBeAttached();

  // An exclusive table: only premium members may sit at it.
  await tapChoice(page.getByRole("switch", { name: /Mesa exclusiva Premium/ }));
  await createRoom(page, "casual:1v1");
  await expect(page.getByTestId("info-premium-only")).toHaveText("★ Mesa exclusiva Premium");
  const code = await gameCodeOf(page);

  const other = await newSignedInPage(browser, "Visitante");
  await other.page.goto(`/?join=${code}`);
  const dialog = other.page.getByTestId("join-dialog");
  await expect(dialog.getByLabel("Código da sala")).toHaveValue(code);
  expectFailedLoad(403);
  await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(other.page.getByText("Esta é uma mesa exclusiva para assinantes Premium")).toBeVisible();
  await expect(other.page).toHaveURL((url) => url.pathname === "/");
  await expect(balance(other.page, "1.000")).toBeAttached();

  // Priority support, on the profile of a member only.
  await page.goto("/profile");
  await expect(page.getByTestId("premium-until")).toContainText("Premium até");
  await expect(page.getByTestId("priority-support")).toHaveAttribute("href", /^mailto:suporte@truco\.local\?subject=/);
  await other.page.goto("/profile");
  await expect(other.page.getByRole("tab", { name: "Estatísticas" })).toBeVisible();
  await expect(other.page.getByTestId("priority-support")).toHaveCount(0);
  await other.context.close();
});

test("claims the daily reward once: the banner goes and the balance grows", async ({ page }) => {
  await signIn(page, uniquePlayer("Diario"));
  const banner = page.getByTestId("daily-reward-banner");
  await expect(banner).toBeVisible();
  await expect(banner.getByText("Dia 1 da sequência: colete 100 moedas grátis.")).toBeVisible();
  await banner.getByRole("button", { name: /Coletar/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "+100 moedas! Dia 1 da sequência." })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(balance(page, "1.100")).toBeAttached();
  await page.reload();
  await expect(page.getByTestId("header-nickname")).toBeVisible();
  await expect(page.getByTestId("daily-reward-banner")).toHaveCount(0);
  await expect(balance(page, "1.100")).toBeAttached();
});

test("requests a refund for a cancelled game and gets the entry back", async ({ page }) => {
  await signIn(page, uniquePlayer("Reembolso"));
  const me = await (await page.request.get("/api/users/me")).json();
  seedCancelledGame(me.id, { entry: 100, code: "FALHA1" });
  await page.reload();
  await expect(balance(page, "900")).toBeAttached();

  const dialog = page.getByRole("dialog", { name: "Solicitar reembolso" });
  await page.getByRole("link", { name: "Reembolso", exact: true }).click();
  await expect(dialog).toBeVisible();
  const game = dialog.getByRole("radio", { name: /Sala #FALHA1/ });
  await expect(game).toBeChecked(); // the only eligible game is preselected
  await expect(dialog.getByText("Entrada: 100 moedas")).toBeVisible();

  const reason = dialog.getByLabel("Descreva o problema");
  await reason.fill("caiu");
  await expect(dialog.getByTestId("refund-reason-counter")).toContainText("4/500");
  await dialog.getByRole("button", { name: "Solicitar reembolso" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Por favor, descreva o problema com mais detalhes (mínimo 10 caracteres)");
  await expect(reason).toBeFocused();

  await reason.fill("A conexão caiu e a partida foi cancelada.");
  await expect(dialog.getByTestId("refund-reason-counter")).toContainText("41/500");
  await dialog.getByRole("button", { name: "Solicitar reembolso" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reembolso aprovado: 100 moedas devolvidas." })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(balance(page, "1.000")).toBeAttached();

  // Refunded once: the game is no longer offered.
  await page.getByRole("link", { name: "Reembolso", exact: true }).click();
  await expect(page.getByText("Nenhuma partida elegível para reembolso")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
