import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";

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
  await page.getByRole("button", { name: "Entrar", exact: true }).first().click();
  await page.getByLabel("Name").fill(player.name);
  await page.getByLabel("Email").fill(player.email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("header-nickname")).toBeVisible();
}

/** The page's language chosen as the switcher stores it (the `lng` cookie), for the next page loaded. */
export async function chooseLanguageCookie(page: Page, language: "pt-BR" | "en" | "es") {
  await page.context().addCookies([{ name: "lng", value: language, url: new URL(page.url()).origin }]);
}

export async function newSignedInPage(
  browser: Browser,
  prefix?: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; player: { name: string; email: string } }> {
  const context = await browser.newContext({ locale: "pt-BR", ...options });
  const page = await context.newPage();
  const player = uniquePlayer(prefix);
  await signIn(page, player);
  return { context, page, player };
}

/**
 * Picks a language in the header's switcher: opens its menu, then taps the language. Each tap
 * counts from the moment the page shows it, hydrated or not.
 */
export async function switchLanguage(page: Page, language: "Português" | "English" | "Español") {
  const switcher = page.getByTestId("language-switcher");
  await switcher.locator("summary").click();
  await switcher.getByRole("button", { name: language }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", LANG_OF[language]);
}

const LANG_OF = { Português: "pt-BR", English: "en", Español: "es" } as const;

/**
 * Taps a choice as a player does: on its visible label (the radio or switch inside it is visually
 * hidden; a click forced onto its 1-pixel box could land on the next card), then expects it checked.
 */
export async function tapChoice(input: Locator) {
  await input.locator("xpath=ancestor::label[1]").click();
  await expect(input).toBeChecked();
}

/** Makes two players friends through the API (the friends page's own test does it by clicking). */
export async function befriend(from: Page, to: Page, baseURL: string) {
  const headers = { Origin: baseURL };
  const target = (await (await to.request.get("/api/users/me")).json()) as { id: string };
  expect((await from.request.post("/api/friends/request", { data: { user_id: target.id }, headers })).status()).toBe(201);
  const [request] = (await (await to.request.get("/api/friends/requests")).json()) as { id: string }[];
  expect((await to.request.post(`/api/friends/${request!.id}/accept`, { headers })).status()).toBe(200);
}
