import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessageView } from "../../game/protocol/entities";
import { call, createGame, createPlayer, expectLedgerInvariant } from "./helpers";

// ADR 095: the game page's forms (chat, leave) work without JavaScript, through the REST routes'
// services. ADR 094: the page's texts are linked by a content-hash URL, not embedded.

afterEach(expectLedgerInvariant);

async function waitingTable() {
  const player = await createPlayer("Sem Script");
  return { player, game: await createGame(player) };
}

describe("the game page's forms", () => {
  it("a message posted by the form is stored and the page comes back with the chat open, holding it", async () => {
    const { player, game } = await waitingTable();
    const posted = await call(`/game/${game.id}?dialog=chat`, {
      method: "POST",
      cookie: player.cookie,
      form: { intent: "chat", message: "Oi, mesa" },
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/game/${game.id}?dialog=chat`);
    const emoji = await call(`/game/${game.id}`, {
      method: "POST",
      cookie: player.cookie,
      form: { intent: "chat", message: "", emoji: "👍" },
    });
    expect(emoji.status).toBe(302);
    const chat = await (await call(`/api/games/${game.id}/chat`, { cookie: player.cookie })).json<ChatMessageView[]>();
    expect(chat.map((m) => [m.message, m.message_type])).toEqual([
      ["Oi, mesa", "text"],
      ["👍", "emoji"],
    ]);
    const html = await (await call(`/game/${game.id}?dialog=chat`, { cookie: player.cookie })).text();
    expect(html).toContain('data-testid="chat-panel"');
    expect(html).toContain("Oi, mesa");
  });

  it("refuses what the REST route refuses: a blank message, a player not at the table", async () => {
    const { player, game } = await waitingTable();
    const blank = await call(`/game/${game.id}`, { method: "POST", cookie: player.cookie, form: { intent: "chat", message: "   " } });
    expect(blank.status).toBe(400);
    const stranger = await createPlayer("De Fora");
    const outside = await call(`/game/${game.id}`, { method: "POST", cookie: stranger.cookie, form: { intent: "chat", message: "Oi" } });
    expect(outside.status).toBe(403);
    // Without the chat open, the page does not read the messages.
    const html = await (await call(`/game/${game.id}`, { cookie: player.cookie })).text();
    expect(html).not.toContain('data-testid="chat-panel"');
  });

  it("leaving by the form gives the seat and the entry back and goes home", async () => {
    const { player, game } = await waitingTable();
    const before = await (await call("/api/users/me", { cookie: player.cookie })).json<{ virtual_coins: number }>();
    const left = await call(`/game/${game.id}`, { method: "POST", cookie: player.cookie, form: { intent: "leave" } });
    expect(left.status).toBe(302);
    expect(left.headers.get("Location")).toBe("/");
    const after = await (await call("/api/users/me", { cookie: player.cookie })).json<{ virtual_coins: number }>();
    expect(after.virtual_coins).toBe(before.virtual_coins + game.entry_cost);
    // Once gone, leaving again is the room's refusal, as over REST.
    const again = await call(`/game/${game.id}`, { method: "POST", cookie: player.cookie, form: { intent: "leave" } });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });
});

describe("the page's texts", () => {
  it("are linked with their content hash, kept for good at that URL, revalidated at any other", async () => {
    const html = await (await call("/")).text();
    expect(html).not.toContain("i18n-resources");
    const href = /<script id="i18n-bundle"[^>]*data-href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(href).toMatch(/^\/locales\/pt-BR\?set=visitor&v=[0-9a-f]{8}$/);
    const bundle = await call(href!);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("Cache-Control")).toContain("immutable");
    const texts = await bundle.json<Record<string, Record<string, unknown>>>();
    expect(Object.keys(texts)).toContain("common");
    const stale = await call("/locales/pt-BR?set=visitor&v=00000000");
    expect(stale.headers.get("Cache-Control")).toContain("must-revalidate");
    expect((await call("/locales/xx")).status).toBe(404);
  });
});
