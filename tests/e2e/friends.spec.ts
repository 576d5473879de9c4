import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newSignedInPage } from "./helpers";

// Friends in two real browser contexts against npm start: A finds B by part of the nickname and
// sends a request; B sees it arrive live and accepts; each sees the other online; B closes the
// page and A sees B offline; A invites B, B accepts from the home page and both are in the same
// waiting room; A removes B with the confirmation.

async function nicknameOf(page: Page): Promise<string> {
  return (await page.getByTestId("header-nickname").textContent())!.trim();
}

function friendRow(page: Page, nickname: string) {
  return page.getByTestId("friend-row").filter({ hasText: nickname });
}

test("two players become friends, see each other's presence live, play by invitation and part", async ({ browser }) => {
  test.setTimeout(120_000);
  const ana = await newSignedInPage(browser, "Ana");
  const beto = await newSignedInPage(browser, "Beto");
  const anaName = await nicknameOf(ana.page);
  const betoName = await nicknameOf(beto.page);

  // A finds B by part of the nickname (lower case) and sends a request.
  await ana.page.getByTestId("friends-button").click();
  await ana.page.waitForURL(/\/friends$/);
  await expect(ana.page.getByText("Sua roda de truco começa aqui")).toBeVisible();
  await ana.page.getByTestId("friends-tab-add").click();
  await ana.page.waitForURL(/tab=add/);
  const part = betoName.slice(1).toLowerCase();
  await ana.page.getByLabel("Buscar jogadores pelo apelido").fill(part);
  await ana.page.getByRole("button", { name: "Buscar", exact: true }).click();
  const result = ana.page.getByTestId("search-result").filter({ hasText: betoName });
  await expect(result).toBeVisible();
  await expect(result).toContainText("0,0% de vitórias");
  await result.getByRole("button", { name: `Adicionar ${betoName}` }).click();
  await expect(ana.page.getByText("Solicitação de amizade enviada!")).toBeVisible();
  await expect(result).toHaveCount(0);

  // B, on the home page, sees it arrive live (the badge), and accepts it.
  await expect(beto.page.getByTestId("friends-badge")).toHaveText(/1/);
  await beto.page.getByTestId("friends-button").click();
  await beto.page.waitForURL(/\/friends$/);
  await beto.page.getByTestId("friends-tab-requests").click();
  await beto.page.waitForURL(/tab=requests/);
  const request = beto.page.getByTestId("request-row").filter({ hasText: anaName });
  await expect(request).toContainText("Enviada em");
  await request.getByRole("button", { name: `Aceitar a solicitação de ${anaName}` }).click();
  await expect(beto.page.getByText("Agora vocês são amigos!")).toBeVisible();

  // Each sees the other online.
  await beto.page.getByTestId("friends-tab-friends").click();
  await expect(friendRow(beto.page, anaName).getByTestId("friend-status")).toHaveAttribute("data-status", "online");
  await ana.page.getByTestId("friends-tab-friends").click();
  await expect(friendRow(ana.page, betoName).getByTestId("friend-status")).toHaveAttribute("data-status", "online");

  // B closes the page: A sees B offline; B comes back on the home page: online again.
  await beto.page.close();
  await expect(friendRow(ana.page, betoName).getByTestId("friend-status")).toHaveAttribute("data-status", "offline");
  const betoHome = await beto.context.newPage();
  await betoHome.goto("/");
  await expect(betoHome.getByTestId("header-nickname")).toBeVisible();
  await expect(friendRow(ana.page, betoName).getByTestId("friend-status")).toHaveAttribute("data-status", "online");

  // A invites B to a new casual 1v1; B accepts from the home page; both are in the same room.
  await friendRow(ana.page, betoName).getByTestId("invite-open").click();
  await friendRow(ana.page, betoName).getByTestId("invite-submit").click();
  await ana.page.waitForURL(/\/game\//);
  const prompt = betoHome.getByTestId("invitation-prompt");
  await expect(prompt).toContainText(`${anaName} convidou você`);
  await prompt.getByRole("button", { name: "Aceitar e entrar" }).click();
  await betoHome.waitForURL(/\/game\//);
  expect(new URL(betoHome.url()).pathname).toBe(new URL(ana.page.url()).pathname);
  await expect(ana.page.getByText(`${betoName} aceitou seu convite!`)).toBeVisible();
  await expect(betoHome.getByTestId("room-title")).toBeVisible();

  // A removes B, confirming first.
  await ana.page.goto("/friends");
  const row = friendRow(ana.page, betoName);
  await row.getByTestId("remove-open").click();
  await expect(row.getByText("Tem certeza que deseja remover este amigo?")).toBeVisible();
  await row.getByTestId("remove-confirm").click();
  await expect(ana.page.getByText("Amigo removido.")).toBeVisible();
  await expect(ana.page.getByTestId("friend-row")).toHaveCount(0);

  await ana.context.close();
  await beto.context.close();
});
