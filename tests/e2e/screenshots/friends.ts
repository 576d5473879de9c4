import { expect, test } from "@playwright/test";
import { newSignedInPage } from "../helpers";
import { shoot } from "../screenshot";

// Part of `npm run screenshots`, not a test: the friends screens (empty list, search, a
// searched player asked, the sent requests, requests, the list with presence, the invite choices, the remove confirmation, the header badge
// and the invitation prompt), phone and desktop.

test("friends", async ({ browser }) => {
  test.setTimeout(120_000);
  const ana = await newSignedInPage(browser, "Ana");
  const beto = await newSignedInPage(browser, "Beto");
  const betoName = (await beto.page.getByTestId("header-nickname").textContent())!.trim();
  const anaName = (await ana.page.getByTestId("header-nickname").textContent())!.trim();

  await ana.page.goto("/friends");
  await shoot(ana.page, "friends-empty");
  await ana.page.goto("/friends?tab=add");
  await shoot(ana.page, "friends-add-suggestions");
  await ana.page.goto(`/friends?tab=add&q=${encodeURIComponent(betoName.slice(0, 8))}`);
  await shoot(ana.page, "friends-search");
  await ana.page.getByTestId("search-result").filter({ hasText: betoName }).getByRole("button").click();
  await expect(ana.page.getByText("Solicitação de amizade enviada!")).toBeVisible();
  await expect(ana.page.getByTestId("request-sent")).toBeVisible();
  await shoot(ana.page, "friends-search-sent");
  await ana.page.goto("/friends?tab=requests");
  await expect(ana.page.getByTestId("sent-row")).toBeVisible();
  await shoot(ana.page, "friends-requests-sent");

  await expect(beto.page.getByTestId("friends-badge")).toBeVisible();
  await shoot(beto.page, "home-friends-badge", false);
  await beto.page.goto("/friends?tab=requests");
  await shoot(beto.page, "friends-requests");
  await beto.page
    .getByTestId("request-row")
    .filter({ hasText: anaName })
    .getByRole("button", { name: /Aceitar/ })
    .click();
  await expect(beto.page.getByText(`${anaName} agora é seu amigo!`)).toBeVisible();
  await beto.page.goto("/");

  await ana.page.goto("/friends");
  const row = ana.page.getByTestId("friend-row").filter({ hasText: betoName });
  await expect(row.getByTestId("friend-status")).toHaveAttribute("data-status", "online");
  await shoot(ana.page, "friends-list");
  await row.getByTestId("invite-open").click();
  await shoot(ana.page, "friends-invite");
  await row.getByTestId("remove-open").click();
  await shoot(ana.page, "friends-remove-confirm");
  await row.getByTestId("invite-submit").click();
  await ana.page.waitForURL(/\/game\//);
  await expect(beto.page.getByTestId("invitation-prompt")).toBeVisible();
  await shoot(beto.page, "invitation-prompt", false);

  await ana.context.close();
  await beto.context.close();
});
