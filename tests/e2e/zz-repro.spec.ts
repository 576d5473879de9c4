import { expect, test } from "@playwright/test";
import { createRoom, gameCodeOf } from "./game-driver";
import { newSignedInPage } from "./helpers";

for (const rate of [4, 6]) for (const delay of [0, 150, 300, 600, 1000]) {
test(`join tap rate ${rate} delay ${delay}`, async ({ browser }) => {
  test.setTimeout(90_000);
  const ana = await newSignedInPage(browser, "Anfitria");
  await createRoom(ana.page, "casual:1v1");
  const code = await gameCodeOf(ana.page);
  const guest = await newSignedInPage(browser, "Conv");
  const page = guest.page;
  const log: string[] = [];
  const t0 = Date.now();
  page.on("console", (m) => log.push(`${Date.now() - t0} console ${m.type()} ${m.text()}`));
  page.on("request", (r) => log.push(`${Date.now() - t0} req ${r.method()} ${r.url()}`));
  page.on("response", (r) => log.push(`${Date.now() - t0} res ${r.status()} ${r.url()}`));
  page.on("framenavigated", (f) => { if (f === page.mainFrame()) log.push(`${Date.now() - t0} nav ${f.url()}`); });
  await page.addInitScript(() => {
    const d = (e: Event) => `${e.type} target=${(e.target as Element)?.tagName}${(e.target as Element)?.getAttribute?.("type") ?? ""} prevented=${e.defaultPrevented} t=${Math.round(performance.now())}`;
    for (const type of ["pointerdown", "pointerup", "click", "submit"]) {
      window.addEventListener(type, (e) => console.log("cap " + d(e)), true);
      window.addEventListener(type, (e) => setTimeout(() => console.log("after " + d(e)), 0), false);
    }
    document.addEventListener("DOMContentLoaded", () => console.log("DCL " + Math.round(performance.now())));
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await page.goto(`/?join=${code}`, { waitUntil: "commit" });
  const dialog = page.getByTestId("join-dialog");
  await expect(dialog.getByLabel("Código da sala")).toHaveValue(code);
  await page.waitForTimeout(delay);
  log.push(`${Date.now() - t0} CLICK`);
  await dialog.getByRole("button", { name: "Entrar", exact: true }).click();
  try {
    await page.waitForURL(ana.page.url(), { timeout: 20_000 });
  } catch (e) {
    console.log(log.join("\n"));
    console.log("URL", page.url(), await dialog.textContent().catch(() => "?"));
    throw e;
  }
  await ana.context.close();
  await guest.context.close();
});
}
