import { expectNoA11yViolations } from "./a11y";
import { expectConsoleError, expectConsoleWarning } from "../support/console";
import { expect, expectFailedLoad, test } from "./fixtures";
import { createRoom, gameCodeOf, joinByCode, playToTheEnd } from "./game-driver";
import { newSignedInPage } from "./helpers";
import { shoot } from "./screenshot";

// A finished game's replay: from the result screen, every move of every hand, each hand's deck
// checked in the browser, the computer's second opinion; and a private player's link refused.

test("the replay of a finished game steps through every move, verifies every deck and gives the computer's choice; a private game's link is refused", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const ana = await newSignedInPage(browser, "Replay");
  const bruno = await newSignedInPage(browser, "Rever");
  await createRoom(ana.page, "casual:1v1");
  await joinByCode(bruno.page, await gameCodeOf(ana.page));
  await playToTheEnd(
    [
      // Ana calls truco every hand and Bruno accepts: hands worth 3, so a few of them, with cards played.
      { page: ana.page, policy: { callTruco: true } },
      { page: bruno.page },
    ],
    180_000,
  );
  const gameUrl = new URL(ana.page.url());

  // From the result screen.
  await ana.page.getByTestId("match-result").getByTestId("replay-link").click();
  await ana.page.waitForURL(`${gameUrl.pathname}/replay`);
  const page = ana.page;
  await expect(page.getByTestId("replay-title")).toBeVisible();
  await expect(page.getByTestId("replay-verified-all")).toBeVisible();
  await expect(page.getByTestId("replay-chat")).toBeVisible();

  // Every move of every hand, by the "next" button, each hand's deck verified.
  const hands = await page.getByTestId("replay-timeline").getByRole("button").count();
  expect(hands).toBeGreaterThan(1);
  let steps = 0;
  const seenHands = new Set<string>();
  const next = page.getByTestId("replay-next");
  for (;;) {
    const position = await page.getByTestId("replay-position").textContent();
    const hand = await page.locator("#replay-hand-title").textContent();
    if (hand && !seenHands.has(hand)) {
      seenHands.add(hand);
      await expect(page.getByTestId("hand-verification")).toHaveText("Baralho verificado ✓");
      await expect(page.getByTestId("hand-verification")).toHaveAttribute("data-status", "verified");
    }
    if (await next.isDisabled()) break;
    await next.click();
    await expect(page.getByTestId("replay-position")).not.toHaveText(position ?? "");
    steps += 1;
  }
  expect(seenHands.size).toBe(hands);
  expect(steps).toBeGreaterThan(hands);
  // The URL carries the position; arrows step back.
  expect(new URL(page.url()).searchParams.get("hand")).toBe(String(hands));
  await page.keyboard.press("ArrowLeft");
  await expect(next).toBeEnabled();

  // The computer's second opinion: on demand, with progress, then the choice at a key moment.
  await page.getByTestId("opinion-start").click();
  await expect(page.getByTestId("key-moments").getByRole("button").first()).toBeVisible({ timeout: 60_000 });
  await page.getByTestId("key-moments").getByRole("button").first().click();
  await expect(page.getByTestId("opinion-choice")).toContainText(/O computador (jogaria|faria o mesmo)/);
  await expect(page.getByTestId("opinion-here")).toContainText("Chance de vencer a partida");

  // Share: without a share sheet, the link is copied.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
  await page.getByTestId("replay-share").click();
  await expect(page.getByTestId("replay-share-status")).toHaveText("Link copiado");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`${gameUrl.pathname}/replay\\?hand=\\d+&move=\\d+$`));

  await page.getByTestId("key-moments").getByRole("button").first().click();
  await shoot(page, "replay");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoA11yViolations(page);

  // Dora's browser cannot load the deal checks' code: the badge and the proof say so (no endless
  // "checking"), and the replay still steps. Her service worker is blocked, or it would answer the
  // request from its cache before it failed.
  // Each of her page loads asks for the service worker; blocked here, the browser and the app both say so.
  expectConsoleWarning(/^Service Worker registration blocked by Playwright$/);
  expectConsoleWarning(/^Service worker registration failed:/);
  const dora = await newSignedInPage(browser, "Dora", { serviceWorkers: "block" });
  await dora.page.route(/\/assets\/verify-[\w-]+\.js$/, (route) => route.abort());
  expectConsoleError(/^Failed to load resource: net::ERR_FAILED$/);
  expectConsoleWarning(/^the deal checks did not run/);
  await dora.page.goto(copied);
  await expect(dora.page.getByTestId("replay-title")).toBeVisible();
  await expect(dora.page.getByTestId("hand-verification")).toHaveText("Verificação indisponível");
  await expect(dora.page.getByTestId("hand-verification")).toHaveAttribute("data-status", "unavailable");
  await expect(dora.page.getByTestId("replay-verify-unavailable")).toContainText("O código que confere o baralho não carregou");
  const shown = await dora.page.getByTestId("replay-position").textContent();
  await dora.page.getByTestId("replay-prev").click();
  await expect(dora.page.getByTestId("replay-position")).not.toHaveText(shown ?? "");
  await shoot(dora.page, "replay-check-unavailable");
  await dora.context.close();

  // Ana makes her games private and sends the link to Carla, who is refused.
  await page.goto("/profile");
  await page.getByTestId("private-games-toggle").click();
  await expect(page.getByTestId("private-games-setting")).toContainText("Só você");
  const carla = await newSignedInPage(browser, "Carla");
  expectFailedLoad(403);
  const response = await carla.page.goto(copied);
  expect(response?.status()).toBe(403);
  await expect(carla.page.getByTestId("replay-refused")).toContainText("Esta partida é privada");
  await expect(carla.page.getByTestId("replay-refused")).toContainText("só quem jogou pode ver o replay");
  await shoot(carla.page, "replay-refused");
  await expectNoA11yViolations(carla.page);
  // Bruno played it: he still may.
  await bruno.page.goto(copied);
  await expect(bruno.page.getByTestId("replay-title")).toBeVisible();
  for (const who of [ana, bruno, carla]) await who.context.close();
});
