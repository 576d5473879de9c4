import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { LobbyView } from "../../game/lobby/lobby";
import { CASUAL_1V1, call, createGame, createPlayer, expectLedgerInvariant, recordOf, userRow, type Player } from "./helpers";
import { RoomClient } from "./room-client";

// A table's house rules (docs/decisions/137-table-house-rules.md) end to end on workerd: POST
// /api/games takes the variant's options, D1 keeps them with the game, the room deals with them
// (the computer players too), the lobby lists them; options a variant does not offer, and any
// option at a ranked table, are refused with a message that names the problem, and change nothing.

afterEach(expectLedgerInvariant);

async function gameRow(id: string) {
  return env.DB.prepare("SELECT house_rules FROM games WHERE id = ?").bind(id).first<{ house_rules: string | null }>();
}

async function gamesCreatedBy(player: Player) {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM games WHERE created_by = ?").bind(player.user.id).first<{ n: number }>();
  return row?.n ?? 0;
}

async function lobbyOf(cookie: string): Promise<LobbyView> {
  const response = await call("/api/lobby", { cookie });
  expect(response.status).toBe(200);
  return response.json<LobbyView>();
}

describe("table house rules", () => {
  it("a table opened with no house rules answers exactly as before and stores none", async () => {
    const a = await createPlayer();
    const game = await createGame(a, { ...CASUAL_1V1, truco_variant: "argentino" });
    expect(Object.keys(game)).not.toContain("house_rules");
    expect(await gameRow(game.id)).toEqual({ house_rules: null });
    // Choosing every default is a default table.
    const b = await createPlayer();
    const same = await createGame(b, { ...CASUAL_1V1, truco_variant: "argentino", house_rules: { targetPoints: 30, flor: false } });
    expect(Object.keys(same)).not.toContain("house_rules");
  });

  it("an Argentino table to 15 without flor against the computer ends at 15 and never offers flor", async () => {
    const a = await createPlayer();
    const game = await createGame(a, {
      game_type: "1v1",
      game_mode: "casual",
      truco_variant: "argentino",
      vs_computer: true,
      bot_level: "hard",
      house_rules: { targetPoints: 15, flor: false },
    });
    expect(game.house_rules).toEqual({ targetPoints: 15 });
    expect(JSON.parse((await gameRow(game.id))!.house_rules!)).toEqual({ targetPoints: 15 });
    const read = await (await call(`/api/games/${game.id}`, { cookie: a.cookie })).json<{ house_rules?: unknown }>();
    expect(read.house_rules).toEqual({ targetPoints: 15 });

    const client = await RoomClient.connect(game.id, a);
    const stop = client.autoplay();
    try {
      await client.until(() => client.state?.game.status === "completed", 120_000, "the end of the match");
    } finally {
      stop();
      client.close();
    }
    const views = client.states.flatMap((state) => (state.view ? [state.view] : []));
    expect(views.length).toBeGreaterThan(0);
    for (const view of views) {
      expect(view.targetScore).toBe(15);
      expect(view.legalActions.some((action) => action.type === "call_flor")).toBe(false);
    }
    const final = client.state!.game;
    expect(Math.max(final.team1_score, final.team2_score)).toBeGreaterThanOrEqual(15);
    expect(Math.max(final.team1_score, final.team2_score)).toBeLessThan(30);

    // The record says which rules the hands were dealt with, and nobody called flor.
    const record = await recordOf(game.id);
    expect(record.rules).toEqual({ targetPoints: 15 });
    expect(record.hands.flatMap((hand) => hand.actions).some(({ action }) => action.type === "call_flor")).toBe(false);
  });

  it("lists a public table with its rules in the open tables", async () => {
    const [ana, beto] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    const game = await createGame(ana, { ...CASUAL_1V1, truco_variant: "gaucho", is_public: true, house_rules: { flor: false } });
    let seen: LobbyView["open_tables"][number] | undefined;
    for (let look = 0; look < 50 && !seen; look++) {
      seen = (await lobbyOf(beto.cookie)).open_tables.find((table) => table.id === game.id);
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toMatchObject({ truco_variant: "gaucho", house_rules: { flor: false } });
  });

  it("refuses options the variant does not offer, and any option at a ranked table, with a clear error that changes nothing", async () => {
    const a = await createPlayer();
    const refusals: [Record<string, unknown>, RegExp][] = [
      [
        { ...CASUAL_1V1, house_rules: { flor: true } },
        /'flor' is not an option of paulista tables \(offered: maoDeOnze, maoDeFerro, deck\)/,
      ],
      [{ ...CASUAL_1V1, truco_variant: "argentino", house_rules: { targetPoints: 24 } }, /'targetPoints' must be one of 30, 15/],
      [{ ...CASUAL_1V1, truco_variant: "argentino", house_rules: { betTiming: "any_time" } }, /'betTiming' is not an option of argentino/],
      [{ ...CASUAL_1V1, truco_variant: "mineiro", house_rules: { deck: "limpo" } }, /'deck' is not an option of mineiro tables/],
      [{ ...CASUAL_1V1, truco_variant: "argentino", house_rules: "a 15" }, /house rules must be an object/],
      [
        { ...CASUAL_1V1, game_mode: "ranked", truco_variant: "argentino", house_rules: { targetPoints: 15 } },
        /ranqueadas usam as regras padrão/,
      ],
    ];
    for (const [body, message] of refusals) {
      const response = await call("/api/games", { method: "POST", cookie: a.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json<{ error: string }>()).error).toMatch(message);
    }
    expect(await gamesCreatedBy(a)).toBe(0);
    expect(await userRow(a.user.id)).toMatchObject({ virtual_coins: 1000 });
    // Nothing was held either: the same player opens a table right after.
    await createGame(a, { ...CASUAL_1V1, truco_variant: "argentino", house_rules: { targetPoints: 15 } });
  });
});
