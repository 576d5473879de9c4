import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { expectConsoleError } from "../support/console";
import { expect, test } from "./fixtures";
import { CHROMIUM_ARGS, chromiumPath } from "./browser";
import { expectNoA11yViolations } from "./a11y";
import { signIn, switchLanguage, uniquePlayer } from "./helpers";

// The installable app. The service worker (public/sw.js), the offline page, the web
// manifest and the install banner of spec §4/§9, in real Chromium against `npm start`'s build.

/** Waits until the page is controlled by the service worker (it claims its first page). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test("the service worker takes control after the first load, and is served from / with fresh headers", async ({ page }) => {
  await page.goto("/");
  await controlled(page);
  const worker = await page.request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toContain("javascript");
  expect(worker.headers()["cache-control"]).toContain("no-cache");
  const source = await worker.text();
  // The build filled the precache list with its hashed assets.
  expect(source).not.toContain("/* PRECACHE */");
  expect(source).toMatch(/"\/assets\/[^"]+\.js"/);
});

test("offline, a navigation shows the offline page in the chosen language with the last balance; back online it recovers", async ({
  page,
  context,
}) => {
  await signIn(page, uniquePlayer("Offline"));
  await controlled(page);
  await expect(page.getByText("Saldo: 1.000 moedas", { exact: true })).toBeAttached();

  await context.setOffline(true);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Sem conexão" })).toBeVisible();
  await expect(page.getByText("Último saldo conhecido: 1.000 moedas")).toBeVisible();
  await expectNoA11yViolations(page);

  await expect(page.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
  // Back online, the page the player asked for loads by itself (the retry button does the same).
  await context.setOffline(false);
  await expect(page.getByTestId("profile-nickname")).toBeVisible();
});

test("the offline page speaks the language the player chose", async ({ page, context }) => {
  await page.goto("/");
  await controlled(page);
  await page.evaluate(() => localStorage.setItem("lng", "es"));
  await context.setOffline(true);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sin conexión" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reintentar" })).toBeVisible();
  await context.setOffline(false);
});

test("the API, data requests and pages are never served from the worker's cache", async ({ page }) => {
  await page.goto("/");
  await controlled(page);
  const cached = await page.evaluate(async () => {
    const keys: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) keys.push(new URL(request.url).pathname + new URL(request.url).search);
    }
    return keys;
  });
  expect(cached).toContain("/offline");
  expect(cached.some((key) => key.startsWith("/assets/"))).toBe(true);
  expect(cached.filter((key) => key === "/" || key.startsWith("/api/") || key.includes("_data") || key.endsWith(".data"))).toEqual([]);
});

test("Chromium finds the app installable: the manifest is complete", async ({ page, baseURL }) => {
  // Installability is never granted in an incognito profile (Playwright's contexts): a real one.
  const profile = mkdtempSync(path.join(tmpdir(), "truco-install-"));
  const persistent = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: CHROMIUM_ARGS, baseURL });
  try {
    const installed = persistent.pages()[0] ?? (await persistent.newPage());
    await installed.goto("/");
    await controlled(installed);
    const cdp = await persistent.newCDPSession(installed);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await persistent.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ display: "standalone", start_url: "/", theme_color: "#063523", background_color: "#03261a" });
  expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"]),
  );
  expect(manifest.shortcuts.map((shortcut: { name: string }) => shortcut.name)).toEqual(["Jogar contra o computador", "Entrar no jogo"]);
  for (const image of [...manifest.icons, ...manifest.screenshots]) {
    expect((await page.request.get(image.src)).status(), image.src).toBe(200);
  }
});

test.describe("the install banner (spec §4, §9)", () => {
  test("appears 5 s after load, and not again within 24 h of a dismissal", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const banner = page.getByTestId("install-banner");
    await page.clock.runFor(4_000);
    await expect(banner).toHaveCount(0);
    await page.clock.runFor(1_500);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("heading", { name: "Instale a Mesa de Truco" })).toBeVisible();
    await expectNoA11yViolations(page, { include: "[data-testid=install-banner]" });
    await banner.getByRole("button", { name: "Agora não" }).click();
    await expect(banner).toHaveCount(0);

    // Within 24 h: a new visit does not show it.
    await page.reload();
    await page.clock.fastForward("23:00:00");
    await expect(banner).toHaveCount(0);
    // A day after the dismissal it is back.
    await page.reload();
    await page.clock.fastForward("01:00:00");
    await expect(banner).toBeVisible();
  });

  test("speaks the chosen language", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await switchLanguage(page, "English");
    await page.clock.runFor(6_000);
    await expect(page.getByTestId("install-banner").getByRole("heading", { name: "Install Mesa de Truco" })).toBeVisible();
  });

  test("never shows when running as the installed app (display-mode: standalone)", async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes("display-mode: standalone")
          ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
          : original(query);
    });
    await page.clock.install();
    await page.goto("/");
    await page.clock.runFor(10_000);
    await expect(page.getByRole("button", { name: "Começar a jogar" })).toBeVisible();
    await expect(page.getByTestId("install-banner")).toHaveCount(0);
  });
});

test("a new version is offered outside a game room, never during a hand, and reloads only on the player's tap", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // The worker's script is the test's answer, not the server's: Chromium gives the page it then
  // runs no address and refuses its channel socket to 127.0.0.1 (Local Network Access), and says so.
  expectConsoleError(
    /^WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/api\/channel\/ws' failed: .*ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS/,
  );
  // The worker's script as the server has it, with a version line the test changes: a new byte in
  // /sw.js is what makes the browser install a new version (Chromium routes the worker's script).
  let version = 1;
  await context.route("**/sw.js", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n// test version ${version}\n` });
  });
  await signIn(page, uniquePlayer("Versao"));
  await controlled(page);

  // A hand in play against the computer.
  await page.getByTestId("create-bots-1v1").click();
  await page.waitForURL(/\/game\//);
  await expect(page.getByTestId("hand-card").first()).toBeVisible({ timeout: 30_000 });

  // The new version is installed and waits while the hand goes on: no prompt in the game room.
  version = 2;
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
  await expect(page.getByTestId("hand-card").first()).toBeVisible();
  await expect(page.getByTestId("update-prompt")).toHaveCount(0);

  // Back on the home page: the prompt, and nothing reloads until the player taps it.
  await page.goto("/");
  const prompt = page.getByTestId("update-prompt");
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(/Nova versão disponível —\s*atualizar/);
  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  await expect(prompt).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);
  const before = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
  expect(before).toMatch(/\/sw\.js$/);

  const reloaded = page.waitForEvent("load");
  await prompt.getByRole("button", { name: "atualizar" }).click();
  await reloaded;
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBeUndefined();
  // The new version now runs the page, and nothing is waiting any more.
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  await expect(page.getByTestId("update-prompt")).toHaveCount(0);
});
