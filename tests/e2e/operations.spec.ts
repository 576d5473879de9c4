import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createRoom, gameCodeOf, joinByCode } from "./game-driver";
import { newSignedInPage, signIn } from "./helpers";

// The admin's "Operações" tab (ADR 118) on the local server: its hourly charts read local data
// (the games table and the local event counts), so a game started here shows up in them.
const ADMIN = { name: "Operadora", email: "admin@truco.local" };

async function startedToday(page: Page): Promise<number> {
  await page.goto("/admin?tab=operations");
  const text = await page.getByTestId("operations-game_started-total").innerText();
  // "24 h: N"
  return Number(text.split(":")[1]!.replace(/[^\d]/g, ""));
}

test("the Operações tab charts local games per hour, with the audit, the jobs and the summaries", async ({ browser }) => {
  // Three browsers sign in on a shared machine: a larger budget, not a timing assertion.
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Operações", exact: true }).click();
  await expect(admin).toHaveURL(/tab=operations/);
  await expect(admin.getByTestId("operations-source")).toHaveText("Fonte: dados locais (o banco desta máquina)");
  for (const title of ["Partidas iniciadas", "Jogadas", "Erros", "Acertos"]) {
    await expect(admin.getByRole("img", { name: `${title} por hora, últimas 24 horas` })).toBeVisible();
  }
  await expect(admin.getByRole("region", { name: "Auditoria do livro-caixa" })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Tarefas agendadas" })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Resumos diários" })).toBeVisible();
  const before = await startedToday(admin);

  // Two players start a game: the chart of games started counts it in the current hour.
  const { context: hostContext, page: host } = await newSignedInPage(browser, "Anfitria");
  const { context: guestContext, page: guest } = await newSignedInPage(browser, "Convidado");
  await createRoom(host, "casual:1v1");
  await joinByCode(guest, await gameCodeOf(host));
  await expect.poll(() => startedToday(admin), { timeout: 30_000 }).toBe(before + 1);
  const lastBar = admin.getByTestId("operations-game_started").locator("rect").last();
  await expect(lastBar).toHaveAttribute("height", /^[1-9]/);

  await Promise.all([hostContext.close(), guestContext.close(), adminContext.close()]);
});
