import { test } from "@playwright/test";
import { newSignedInPage, signIn } from "../helpers";
import { shoot } from "../screenshot";
import { ADMIN } from "../fixtures/data";

// Part of `npm run screenshots`, not a test: the admin dashboard's tabs, the confirmation modal
// and the banned page, phone and desktop, into .tmp/screenshots.
test("admin screens", async ({ page, browser }) => {
  test.setTimeout(400_000);
  const { context, page: player } = await newSignedInPage(browser, "Moderado");
  const nickname = (await player.getByTestId("header-nickname").innerText()).trim();
  await signIn(page, ADMIN);
  for (const tab of ["overview", "users", "games", "transactions", "actions"]) {
    await page.goto(`/admin?tab=${tab}`);
    await shoot(page, `admin-${tab}`);
  }
  await page.goto(`/admin?tab=users&q=${encodeURIComponent(nickname)}`);
  await page.getByRole("link", { name: "Redefinir moedas", exact: true }).first().click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, "admin-modal", false);
  await page.goto(`/admin?tab=users&q=${encodeURIComponent(nickname)}`);
  await page.getByRole("link", { name: "Banir", exact: true }).first().click();
  await page.getByRole("dialog").getByLabel("Motivo").fill("Insulting other players in the chat");
  await page.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
  await page.getByText("Ação concluída com sucesso").waitFor();
  // The open page hears the ban on its channel and goes to /banned, which clears the revoked
  // cookie: a reload from there would be the landing page.
  await player.waitForURL((url) => url.pathname === "/banned");
  await player.getByTestId("ban-reason").waitFor();
  await shoot(player, "banned");
  await context.close();
});
