import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoA11yViolations } from "./a11y";
import { signIn, uniquePlayer } from "./helpers";
import { ADMIN } from "./fixtures/data";

// Axe finds no serious or critical violation on any screen, and a hand can be played
// with the keyboard alone (Tab to a control, Enter), with a visible focus ring.

test("landing page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Começar a jogar" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("home, the join dialog and the payment modals", async ({ page }) => {
  await signIn(page, uniquePlayer("Acesso"));
  await expectNoA11yViolations(page);
  // label-content-name-mismatch (axe runs it; these spell it out): a name starts with what the control shows.
  await expect(page.getByTestId("quick-casual-1v1")).toHaveAccessibleName(/^1 vs 1, [\d.]+ moedas de entrada: partida rápida Casual, /);
  await expect(page.getByTestId("quick-ranked-2v2")).toHaveAccessibleName(/^2 vs 2, [\d.]+ moedas de entrada: partida rápida /);
  const nickname = (await page.getByTestId("header-nickname").textContent())!.trim();
  await expect(page.getByRole("link", { name: "Abrir perfil:" })).toHaveAccessibleName(
    new RegExp(`^Abrir perfil: ${nickname} [\\d.]+ pontos?$`),
  );

  await page.getByTestId("open-join").click();
  await expect(page.getByTestId("join-dialog")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto("/");
  await page.getByRole("link", { name: /Comprar moedas/ }).click();
  const store = page.getByRole("dialog", { name: "Loja" });
  await expect(store).toBeVisible();
  await expectNoA11yViolations(page);
  await store.getByRole("tab", { name: "Premium" }).click();
  await expect(store.getByRole("tab", { name: "Premium" })).toHaveAttribute("aria-selected", "true");
  await expectNoA11yViolations(page);

  await page.goto("/");
  await page.getByRole("link", { name: "Reembolso", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Solicitar reembolso" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("the leaderboard, friends, tournaments and quick-match screens", async ({ page }) => {
  await signIn(page, uniquePlayer("Telas"));
  for (const path of [
    "/leaderboard",
    "/leaderboard?period=weekly",
    "/friends",
    "/friends?tab=add",
    "/tournaments",
    "/tournaments?tab=completed",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
  }
  // A tournament's own page, from the list.
  await page.goto("/tournaments");
  await page.getByRole("heading", { level: 2 }).first().getByRole("link").click();
  await page.waitForURL(/\/tournaments\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
  // The quick-match waiting page, then back out of the queue.
  await page.goto("/");
  await page.getByTestId("quick-casual-1v1").click();
  await page.waitForURL(/\/match/);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Cancelar busca" }).click();
  await page.waitForURL((url) => url.pathname === "/");
});

test("the admin dashboard, each of its tabs", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/admin");
  await expect(page.getByTestId("admin-banner")).toHaveText("ADMIN ACCESS");
  for (const tab of ["Visão geral", "Usuários", "Partidas", "Transações", "Ações de admin", "Torneios"]) {
    const link = page.getByRole("link", { name: tab, exact: true });
    await link.click();
    await expect(link).toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations(page);
  }
});

test("profile, its tabs and the nickname edit", async ({ page }) => {
  await signIn(page, uniquePlayer("Perfil"));
  await page.goto("/profile");
  await expect(page.getByTestId("profile-nickname")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("tab", { name: "Transações" }).click();
  await expect(page.getByRole("tab", { name: "Transações" })).toHaveAttribute("aria-selected", "true");
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Editar apelido" }).click();
  await expect(page.getByLabel("Apelido", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
});

/**
 * Tabs forward until the focused element matches `selector` (a keyboard user's way there); no Tab
 * at all when the focus is there already (the game moves it into the hand and onto a prompt).
 */
async function tabTo(page: Page, selector: string, limit = 60): Promise<boolean> {
  for (let i = 0; i <= limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
    if (i < limit) await page.keyboard.press("Tab");
  }
  return false;
}

const ACCEPT = '[data-testid="truco-accept"], [data-testid="envido-accept"], [data-testid="mao-play"]';

test("a game room in play, and a whole hand played with the keyboard alone", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, uniquePlayer("Teclado"));
  // Keyboard only from here: Tab to the computer table's button, Enter.
  expect(await tabTo(page, '[data-testid="create-bots-1v1"]')).toBe(true);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/game\//);
  const playable = page.locator('[data-testid="hand-card"][data-playable]');
  const prompt = page.getByTestId("prompt");
  await expect(playable.first().or(prompt)).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page);

  // Three tricks at most make a hand: each time it is our turn, Tab to a playable card and press
  // Enter (select) and Enter (play). A call from the computer opens a prompt that takes the focus:
  // its first answer is focused, and the walk goes on from there to an acceptance.
  const handScore = page.getByTestId("hand-card");
  let played = 0;
  while (played < 3) {
    await expect(playable.first().or(prompt)).toBeVisible({ timeout: 30_000 });
    if (await prompt.isVisible()) {
      const asked = await prompt.textContent();
      await expect(prompt.locator(":focus")).toHaveCount(1);
      expect(await tabTo(page, ACCEPT, 6)).toBe(true);
      await page.keyboard.press("Enter");
      // Like a player, wait for the answer to land (the prompt closes, or the computer asks again).
      // One look at the page (a locator's textContent() would wait for a prompt that just closed).
      await expect
        .poll(() => prompt.evaluateAll((shown, text) => shown.every((el) => !el.checkVisibility() || el.textContent !== text), asked))
        .toBe(true);
      continue;
    }
    const before = await handScore.count();
    expect(await tabTo(page, '[data-testid="hand-card"][data-playable]')).toBe(true);
    // The focused card shows a visible focus ring.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Enter");
    if ((await handScore.count()) === before) await page.keyboard.press("Enter");
    await expect.poll(() => handScore.count()).toBeLessThan(before);
    played++;
    // The hand may end early (two tricks won): a new deal brings three cards back.
    if ((await handScore.count()) === 0 || (await handScore.count()) === 3) break;
  }
  expect(played).toBeGreaterThanOrEqual(2);
});
