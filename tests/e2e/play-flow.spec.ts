import { expect, test } from "@playwright/test";
import { gameCodeOf } from "./game-driver";
import { newSignedInPage } from "./helpers";

// The play flow a returning player walks (issue 16): back to a running game, one table at a time,
// rematch, an invite link through sign-in.

test("a seated player sees the way back to their table on every page, and the server refuses a second seat", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ana = await newSignedInPage(browser, "Retorno");
  await ana.page.getByTestId("create-casual-1v1").click();
  await ana.page.waitForURL(/\/game\//);
  const tableUrl = ana.page.url();
  await gameCodeOf(ana.page);
  // No banner on the table itself.
  await expect(ana.page.getByTestId("resume-banner")).toHaveCount(0);

  await ana.page.goto("/profile");
  const banner = ana.page.getByTestId("resume-banner");
  await expect(banner).toContainText("Sua mesa está aguardando jogadores.");

  // A second table is refused by the server, whatever the client does.
  const second = await ana.page.request.post("/api/games", {
    data: { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" },
    headers: { Origin: baseURL! },
  });
  expect(second.status()).toBe(409);
  expect(await second.json()).toEqual({
    error: "Você já está em outra partida. Volte para ela ou termine-a antes de entrar em outra.",
    code: "already_seated",
  });
  // The home page's form hears the same refusal.
  await ana.page.goto("/");
  await ana.page.getByTestId("create-casual-1v1").click();
  await expect(ana.page.getByRole("alert").filter({ hasText: "Você já está em outra partida." })).toBeVisible();

  await ana.page.getByTestId("resume-banner").getByRole("link", { name: "Voltar para a partida" }).click();
  await ana.page.waitForURL(tableUrl);
  await expect(ana.page.getByTestId("waiting-count")).toBeVisible();
  await ana.context.close();
});
