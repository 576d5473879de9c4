import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

let counter = 0;

/** A unique identity per call, so tests never share a player. */
export function uniquePlayer(prefix = "Jogador") {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
  return { name: `${prefix} ${tag}`.slice(0, 40), email: `${prefix.toLowerCase()}-${tag}@example.test` };
}

/** Signs in through the landing page and the sign-in emulator; ends at home. */
export async function signIn(page: Page, player: { name: string; email: string }) {
  await page.goto("/");
  await clickOnceHydrated(page.getByRole("button", { name: "Entrar", exact: true }).first(), page.getByLabel("Name"));
  await page.getByLabel("Name").fill(player.name);
  await page.getByLabel("Email").fill(player.email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("header-nickname")).toBeVisible();
}

export async function newSignedInPage(
  browser: Browser,
  prefix?: string,
): Promise<{ context: BrowserContext; page: Page; player: { name: string; email: string } }> {
  const context = await browser.newContext({ locale: "pt-BR" });
  const page = await context.newPage();
  const player = uniquePlayer(prefix);
  await signIn(page, player);
  return { context, page, player };
}

/**
 * Picks a language in the header's switcher until the page shows `sign` in it: a choice
 * made before the page has hydrated changes the <select> but never reaches React.
 */
export async function chooseLanguage(page: Page, label: string, language: string, sign: Locator) {
  await expect(async () => {
    if (!(await sign.isVisible())) await page.getByLabel(label).selectOption(language);
    await expect(sign).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Clicks `trigger` until `result` shows: after a full page load, a click that lands before
 * React has hydrated the page is lost.
 */
export async function clickOnceHydrated(trigger: Locator, result: Locator) {
  await expect(async () => {
    if (!(await result.isVisible())) await trigger.click({ timeout: 1_000 });
    await expect(result).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 15_000 });
}
