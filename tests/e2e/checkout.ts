import { expect, type Locator, type Page } from "@playwright/test";
import { tapChoice } from "./helpers";

// The way through the payment emulator's checkout, for the payment specs and the screenshots: the
// home page's store, an item chosen and bought, the emulator's checkout page (it says no money
// moves), paying there (its signed webhooks credit the player) or going back.

/** The emulator's checkout page of a Checkout Session (Stripe's session ids start with cs_test_ in test mode). */
const CHECKOUT_PAGE = /\/checkout\/cs_test_/;

/** Opens the store from the header's coin balance; answers the dialog. */
export async function openStore(page: Page): Promise<Locator> {
  const store = page.getByRole("dialog", { name: "Loja" });
  await page.getByRole("link", { name: /Comprar moedas/ }).click();
  await expect(store).toBeVisible();
  return store;
}

/** Waits for the emulator's checkout page (after a buy button was taken). */
export async function atCheckout(page: Page) {
  await page.waitForURL(CHECKOUT_PAGE);
}

/**
 * In the open store, chooses the item (a pack or a plan, by its radio's name) and takes the buy
 * button (by default whichever it is: "Comprar por …" or "Assinar por …"); ends on the checkout page.
 */
export async function checkout(store: Locator, item: RegExp, buy: string | RegExp = /^(Comprar|Assinar) por /) {
  await tapChoice(store.getByRole("radio", { name: item }));
  await store.getByRole("button", { name: buy }).click();
  await atCheckout(store.page());
}

/** On the checkout page: pays (its button names the price) and waits for the app's success page. */
export async function payAtCheckout(page: Page, button: string | RegExp = /^(Pagar|Assinar por) /) {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(/\/payments\/success/);
}

/** On the checkout page: goes back without paying, to the app's cancel page. */
export async function cancelAtCheckout(page: Page) {
  await page.getByRole("button", { name: "Cancelar e voltar" }).click();
  await page.waitForURL(/\/payments\/cancel/);
}
