import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createRoom } from "./game-driver";
import { befriend, newSignedInPage } from "./helpers";

// Friends in two real browser contexts against npm start: A finds B by part of the nickname and
// sends a request (B's row stays, marked), sees it among the sent requests and withdraws it, then
// sends it again; B's badge opens the requests and B accepts with one toast; each sees the other
// online; B closes the page and A sees B offline; A invites B, B accepts from the home page and
// both are in the same room (A, seated, is no longer offered a new table); A removes B with the
// confirmation.

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
  // The row stays, marked, instead of "nobody found".
  await expect(result.getByTestId("request-sent")).toHaveText("Solicitação enviada");
  await expect(ana.page.getByText(/Nenhum jogador encontrado/)).toHaveCount(0);
  await expect(beto.page.getByTestId("friends-badge")).toHaveText(/1/);

  // A finds it among the sent requests and withdraws it; B's badge goes with it.
  await ana.page.getByTestId("friends-tab-requests").click();
  await ana.page.waitForURL(/tab=requests/);
  const sentRow = ana.page.getByTestId("sent-row").filter({ hasText: betoName });
  await expect(sentRow).toContainText("Aguardando resposta");
  await sentRow.getByRole("button", { name: `Cancelar a solicitação enviada para ${betoName}` }).click();
  await expect(ana.page.getByText("Solicitação cancelada.")).toBeVisible();
  await expect(ana.page.getByTestId("sent-row")).toHaveCount(0);
  await expect(beto.page.getByTestId("friends-badge")).toHaveCount(0);

  // A sends it again from the search.
  await ana.page.getByTestId("friends-tab-add").click();
  await ana.page.waitForURL(/tab=add/);
  await ana.page.getByLabel("Buscar jogadores pelo apelido").fill(part);
  await ana.page.getByRole("button", { name: "Buscar", exact: true }).click();
  await result.getByRole("button", { name: `Adicionar ${betoName}` }).click();
  await expect(result.getByTestId("request-sent")).toBeVisible();

  // B, on the home page, sees it arrive live (the badge), which opens the requests; B accepts.
  await expect(beto.page.getByTestId("friends-badge")).toHaveText(/1/);
  await beto.page.getByTestId("friends-button").click();
  await beto.page.waitForURL(/\/friends\?tab=requests$/);
  const request = beto.page.getByTestId("request-row").filter({ hasText: anaName });
  await expect(request).toContainText("Enviada em");
  await request.getByRole("button", { name: `Aceitar a solicitação de ${anaName}` }).click();
  await expect(beto.page.getByText(`${anaName} agora é seu amigo!`)).toBeVisible();
  // A hears it on the channel, pushed together with B's own push: by then B's has landed too, and
  // the form's answer and the push made one toast.
  await expect(ana.page.getByText(`${betoName} agora é seu amigo!`)).toBeVisible();
  await expect(beto.page.getByRole("status").filter({ hasText: "agora é seu amigo" })).toHaveCount(1);
  await expect(beto.page.getByText("Agora vocês são amigos!")).toHaveCount(0);

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

  // A sits at that table now: a new one for an invitation would be refused, so it is not offered.
  await ana.page.goto("/friends");
  const row = friendRow(ana.page, betoName);
  await row.getByTestId("invite-open").click();
  await expect(row.getByTestId("invite-seated")).toBeVisible();
  await expect(row.getByTestId("invite-submit")).toHaveCount(0);

  // A removes B, confirming first.
  await row.getByTestId("remove-open").click();
  await expect(row.getByText("Tem certeza que deseja remover este amigo?")).toBeVisible();
  await row.getByTestId("remove-confirm").click();
  await expect(ana.page.getByText("Amigo removido.")).toBeVisible();
  await expect(ana.page.getByTestId("friend-row")).toHaveCount(0);

  await ana.context.close();
  await beto.context.close();
});

test("a friend is invited from the waiting room; the friends page offers that table, not a new one", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const carla = await newSignedInPage(browser, "Carla");
  const davi = await newSignedInPage(browser, "Davi");
  const carlaName = await nicknameOf(carla.page);
  const daviName = await nicknameOf(davi.page);
  await befriend(carla.page, davi.page, baseURL!);

  // Carla opens a table; on the friends page, inviting Davi offers her table and no new one.
  await createRoom(carla.page, "casual:1v1");
  const roomPath = new URL(carla.page.url()).pathname;
  await carla.page.goto("/friends");
  const row = friendRow(carla.page, daviName);
  await expect(row.getByTestId("friend-status")).toHaveAttribute("data-status", "online");
  await row.getByTestId("invite-open").click();
  await expect(row.getByTestId("invite-to-my-table")).toContainText("Convidar para minha mesa");
  await expect(row.getByTestId("invite-submit")).toHaveCount(0);

  // Back in the waiting room, "Convidar amigo" lists Davi (online); he accepts into the same room.
  await carla.page.goto(roomPath);
  await carla.page.getByTestId("invite-friend").click();
  const dialog = carla.page.getByTestId("invite-friend-dialog");
  await dialog.getByRole("button", { name: `Convidar ${daviName}` }).click();
  await expect(dialog.getByRole("button", { name: `Convidar ${daviName}` })).toHaveText("Convidado");
  const prompt = davi.page.getByTestId("invitation-prompt");
  await expect(prompt).toContainText(`${carlaName} convidou você`);
  await prompt.getByRole("button", { name: "Aceitar e entrar" }).click();
  await davi.page.waitForURL(/\/game\//);
  expect(new URL(davi.page.url()).pathname).toBe(roomPath);

  await carla.context.close();
  await davi.context.close();
});
