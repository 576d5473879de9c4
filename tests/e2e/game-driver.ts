import { expect, type Page } from "@playwright/test";
import { tapChoice } from "./helpers";

// Plays a game through the UI like a (very simple) person would: answer what is asked, else play
// the first playable card. Every click goes through the real buttons that `legalActions` drives.

export interface Policy {
  /** On one's turn, call the truco ladder when the button is there. */
  callTruco?: boolean;
  /** Answering a call: raise when possible (climbs the ladder fast), else accept. */
  raise?: boolean;
  /** Answering a truco: run ('Correr') instead of accepting. */
  run?: boolean;
}

/** Whoever may calls and raises truco up to twelve: a hand then decides the match. */
export const FAST: Policy = { callTruco: true, raise: true };

const ANSWERS_ACCEPT = ["call-flor", "truco-accept", "envido-accept", "flor-accept", "mao-play"];
const RAISES = ["call-seis", "call-nove", "call-doze", "call-dez", "call-oito", "call-retruco", "call-vale_cuatro", "call-vale_quatro"];
const CALLS = ["call-truco", "call-seis", "call-nove", "call-doze", "call-dez", "call-retruco", "call-vale_cuatro", "call-vale_quatro"];

async function clickIfReady(page: Page, testId: string): Promise<boolean> {
  const button = page.getByTestId(testId);
  if ((await button.count()) === 0) return false;
  if (
    !(await button
      .first()
      .isVisible()
      .catch(() => false)) ||
    !(await button
      .first()
      .isEnabled()
      .catch(() => false))
  )
    return false;
  await button
    .first()
    .click({ timeout: 2000 })
    .catch(() => undefined);
  return true;
}

/** One decision for this page if it has one; true when it acted. */
export async function step(page: Page, policy: Policy = {}): Promise<boolean> {
  if (
    await page
      .getByTestId("prompt")
      .isVisible()
      .catch(() => false)
  ) {
    if (policy.run && (await clickIfReady(page, "truco-reject"))) return true;
    if (policy.raise) for (const id of RAISES) if (await clickIfReady(page, id)) return true;
    for (const id of ANSWERS_ACCEPT) if (await clickIfReady(page, id)) return true;
    return false;
  }
  const card = page.locator('[data-testid="hand-card"][data-playable]').first();
  if (!(await card.isVisible().catch(() => false))) return false;
  if (policy.callTruco) for (const id of CALLS) if (await clickIfReady(page, id)) return true;
  // One tap plays a card (the table's default).
  await card.click({ timeout: 2000 }).catch(() => undefined);
  return true;
}

/** Drives every page until the match result shows on all of them. */
export async function playToTheEnd(pages: { page: Page; policy?: Policy }[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let done = 0;
    for (const { page, policy } of pages) {
      if (
        await page
          .getByTestId("match-result")
          .isVisible()
          .catch(() => false)
      ) {
        done += 1;
        continue;
      }
      await step(page, policy);
    }
    if (done === pages.length) return;
    if (Date.now() > deadline) throw new Error("the match did not end in time");
    await pages[0].page.waitForTimeout(150);
  }
}

/** Drives every page until `until` holds. */
export async function playUntil(pages: { page: Page; policy?: Policy }[], until: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await until())) {
    for (const { page, policy } of pages) await step(page, policy);
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await pages[0].page.waitForTimeout(150);
  }
}

/** The game code shown in the waiting room. */
export async function gameCodeOf(page: Page): Promise<string> {
  const code = page.getByTestId("game-code");
  await expect(code).toHaveText(/^[A-Z0-9]{6}$/);
  return (await code.textContent())!.trim();
}

export async function joinByCode(page: Page, code: string) {
  await page.goto("/");
  const dialog = page.getByTestId("join-dialog");
  await page.getByTestId("open-join").click();
  await dialog.getByLabel("Código da sala").fill(code);
  await page.getByTestId("join-dialog").getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL(/\/game\//);
}

/** Picks a variant in the lobby. */
export async function chooseVariant(page: Page, variant: string) {
  await tapChoice(page.getByTestId(`variant-${variant}`));
}

/**
 * Opens a room of one's own from the home page's "create a room" card (the casual and
 * ranked buttons queue for a quick match; a room with a code is created here, private by default).
 */
export async function createRoom(
  page: Page,
  table: "casual:1v1" | "casual:2v2" | "ranked:1v1" | "ranked:2v2",
  visibility: "private" | "public" = "private",
) {
  await page.getByTestId("create-room-table").selectOption(table);
  if (visibility === "public") await tapChoice(page.getByTestId("create-room-public"));
  await page.getByTestId("create-room").click();
  await page.waitForURL(/\/game\//);
}
