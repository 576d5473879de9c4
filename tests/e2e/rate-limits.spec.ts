import { type Page } from "@playwright/test";
import { expect, expectFailedLoad, test } from "./fixtures";
import { newSignedInPage } from "./helpers";
import { JOIN_CODE_FAILURES } from "./state";

// A throttled player reads the 429's message in their own language, and can act again
// once the announced wait is over. The server runs with wrong join codes limited to
// JOIN_CODE_FAILURES (tests/e2e/state.ts), so the wait is seconds, not ten minutes.

/** Opens the join dialog with a code (a link, as an invitation does) and submits it once. */
async function tryCode(page: Page, code: string) {
  await page.goto(`/?join=${code}`);
  const dialog = page.getByTestId("join-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
}

test("a player guessing join codes is told to wait in their language, then joins once the wait is over", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page } = await newSignedInPage(browser, "Palpite");
  // The player reads Spanish (the language cookie, as the header's switcher sets it).
  await context.addCookies([{ name: "lng", value: "es", url: baseURL! }]);
  // A table of their own, to come back to by its code at the end.
  const created = await page.request.post("/api/games", {
    data: { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" },
    headers: { Origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { game_code } = (await created.json()) as { game_code: string };

  // Each wrong code is answered 404, the guess past the limit 429.
  expectFailedLoad(404);
  expectFailedLoad(429);
  for (let i = 0; i < JOIN_CODE_FAILURES.limit; i += 1) {
    await tryCode(page, `ZZZZ0${i}`);
    await expect(page.getByRole("alert").filter({ hasText: "Partida no encontrada" })).toBeVisible();
  }

  await tryCode(page, "ZZZZ09");
  const told = page.getByRole("alert").filter({ hasText: "Demasiados códigos incorrectos. Intenta entrar con un código de nuevo en" });
  await expect(told).toBeVisible();
  const wait = Number(/en (\d+) segundo/.exec((await told.textContent()) ?? "")?.[1]);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(JOIN_CODE_FAILURES.windowSeconds);

  // The wait the message announced (under half a minute with the test's limits), then one try.
  await page.waitForTimeout(wait * 1000);
  await tryCode(page, game_code);
  await page.waitForURL(/\/game\//);
  await context.close();
});
