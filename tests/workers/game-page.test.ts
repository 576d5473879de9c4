import { afterEach, describe, expect, it } from "vitest";
import type { GameStatePayload } from "../../game/protocol/room";
import { call, createGame, createPlayer, expectLedgerInvariant, joinGame, type Player } from "./helpers";
import { RoomClient } from "./room-client";

// The game page renders the player's first view on the server (ADR 085). The HTML (markup and the
// loader data Remix embeds in it) must hold the reader's own hand and nobody else's: DESIGN.md §7,
// hidden cards never leave the room in anything meant for someone else.

afterEach(expectLedgerInvariant);

/** The card ids of one player's hand in a state. */
function handOf(state: GameStatePayload, userId: string): string[] {
  const hand = state.view?.players[userId]?.hand ?? [];
  return hand.flatMap((card) => ("id" in card && typeof card.id === "string" ? [card.id] : []));
}

/** The `data-card` attributes of the hand drawn in the page. */
function drawnHand(html: string): string[] {
  return [...html.matchAll(/data-testid="hand-card"[^>]*?data-card="([^"]+)"/g)].map((m) => m[1]).sort();
}

async function page(gameId: string, player: Player): Promise<string> {
  const response = await call(`/game/${gameId}`, { cookie: player.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
  return response.text();
}

describe("the game page's first view", () => {
  it("holds the reader's own hand only, and no hand at all for a player not at the table", async () => {
    const a = await createPlayer("Ana");
    const b = await createPlayer("Bia");
    const outsider = await createPlayer("Caio");
    const game = await createGame(a);
    await joinGame(b, game);

    const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
    try {
      for (const client of clients) {
        await client.until(() => (client.state ? handOf(client.state, client.userId).length === 3 : false), 10_000, "the deal");
      }
      const handA = handOf(clients[0].state!, a.user.id).sort();
      const handB = handOf(clients[1].state!, b.user.id).sort();
      const vira = clients[0].state!.view!.vira;
      const quoted = (ids: string[]) => ids.map((id) => `"${id}"`);

      const htmlA = await page(game.id, a);
      expect(drawnHand(htmlA)).toEqual(handA);
      for (const id of quoted(handB)) expect(htmlA).not.toContain(id);
      for (const id of quoted(handA)) expect(htmlA).toContain(id);

      const htmlB = await page(game.id, b);
      expect(drawnHand(htmlB)).toEqual(handB);
      for (const id of quoted(handA)) expect(htmlB).not.toContain(id);

      const htmlOutsider = await page(game.id, outsider);
      expect(htmlOutsider).not.toContain('data-testid="my-hand"');
      expect(drawnHand(htmlOutsider)).toEqual([]);
      // No card at all, not even the table's, and not the private join code.
      const cards = [...handA, ...handB, ...(vira ? [vira.id] : [])];
      for (const id of quoted(cards)) expect(htmlOutsider).not.toContain(id);
      expect(htmlOutsider).not.toContain(game.game_code);
    } finally {
      for (const client of clients) client.close();
    }
  });
});
