import { test } from "@playwright/test";
import { signIn, uniquePlayer, tapChoice } from "../helpers";
import { cancelAtCheckout, checkout, openStore, payAtCheckout } from "../checkout";
import { shoot } from "../screenshot";
import { seedCancelledGame } from "../seed";

// Part of `npm run screenshots`, not a test: PNGs of the coin and payment
// screens, phone and desktop, into .tmp/screenshots for a human to look at.
test("coin and payment screens", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, uniquePlayer("Screenshot"));
  await shoot(page, "home-daily-reward");

  await openStore(page);
  await tapChoice(page.getByRole("radio", { name: /2\.500 moedas/ }));
  await shoot(page, "purchase-coins", false);
  await page.getByRole("tab", { name: "Premium" }).click();
  await tapChoice(page.getByRole("radio", { name: /Anual/ }));
  await shoot(page, "purchase-premium", false);
  await page.keyboard.press("Escape");

  const me = await (await page.request.get("/api/users/me")).json();
  seedCancelledGame(me.id, { entry: 100, code: "QUEDA7" });
  await page.reload();
  await page.getByRole("link", { name: "Reembolso", exact: true }).click();
  await page.getByRole("dialog", { name: "Solicitar reembolso" }).waitFor();
  const reason = page.getByLabel("Descreva o problema");
  await reason.fill("caiu");
  await page.getByRole("button", { name: "Solicitar reembolso" }).click();
  await shoot(page, "refund-modal", false);
  await page.keyboard.press("Escape");

  // Pay for a pack through the emulator: its checkout page, then the success page.
  await checkout(await openStore(page), /5\.500 moedas/);
  await shoot(page, "emulator-checkout");
  await payAtCheckout(page);
  await page.getByRole("heading", { name: "Pagamento confirmado!" }).waitFor();
  await shoot(page, "payment-success");

  await page.goto("/");
  await checkout(await openStore(page), /1\.000 moedas/);
  await cancelAtCheckout(page);
  await shoot(page, "payment-cancel");

  await page.goto("/");
  await page
    .getByTestId("daily-reward-banner")
    .getByRole("button", { name: /Coletar/ })
    .click();
  await page
    .getByRole("status")
    .filter({ hasText: /moedas!/ })
    .waitFor();
  await page.getByTestId("daily-reward-banner").waitFor({ state: "detached" });
  await page.goto("/profile");
  await page.getByRole("tab", { name: "Transações" }).click();
  await page.getByTestId("transactions-list").waitFor();
  await shoot(page, "transactions");
});
