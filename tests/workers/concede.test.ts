import { env, runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { gameRef } from "../../db/ledger";
import { call, createGame, createPlayer, expectLedgerInvariant, userRow, type Player } from "./helpers";
import { RoomClient, roomStub } from "./room-client";

// "Desistir": a practice game stops and counts nowhere; a human game is forfeited by the
// conceding team and settles once through the settlement batch and the ledger.

afterEach(expectLedgerInvariant);

async function join(player: Player, code: string) {
  const response = await call("/api/games/join", { method: "POST", cookie: player.cookie, body: { game_code: code } });
  expect(response.status, await response.clone().text()).toBe(200);
}

function concede(player: Player, gameId: string) {
  return call(`/api/games/${gameId}/concede`, { method: "POST", cookie: player.cookie });
}

async function gameRow(id: string) {
  return env.DB.prepare("SELECT * FROM games WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

async function payouts(gameId: string) {
  const { results } = await env.DB.prepare(
    "SELECT user_id, amount, idempotency_key FROM coin_transactions WHERE ref = ? AND transaction_type = 'game_win' ORDER BY id",
  )
    .bind(gameRef(gameId))
    .all<{ user_id: string; amount: number; idempotency_key: string }>();
  return results;
}

async function history(player: Player) {
  return (await call("/api/games/history", { cookie: player.cookie })).json<Record<string, unknown>[]>();
}

/** Players seated at a started human game, each with an open socket. */
async function startedGame(players: Player[], body: Record<string, unknown>) {
  const game = await createGame(players[0], body);
  for (const player of players.slice(1)) await join(player, game.game_code);
  const clients = await Promise.all(players.map((player) => RoomClient.connect(game.id, player)));
  await clients[0].until(() => clients[0].state?.game.status === "active", 5_000, "the start");
  return { game, clients };
}

describe("conceding a game", () => {
  it("stops a practice game at once: cancelled, no history, no stats, no table to go back to", async () => {
    const a = await createPlayer();
    const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista", vs_computer: true });
    const client = await RoomClient.connect(game.id, a);
    await client.until(() => client.state?.game.status === "active", 5_000, "the start");
    const response = await concede(a, game.id);
    expect(response.status, await response.clone().text()).toBe(200);
    await client.until(() => client.messages.some((m) => m.type === "game_ended"), 5_000, "the end");
    expect(await gameRow(game.id)).toMatchObject({ status: "cancelled", end_reason: "conceded", settled_at: null });
    expect(await history(a)).toEqual([]);
    expect(await userRow(a.user.id)).toMatchObject({ virtual_coins: 1000, games_played: 0 });
    const practice = await env.DB.prepare("SELECT * FROM practice_stats WHERE user_id = ?").bind(a.user.id).first();
    expect(practice).toBeNull();
    const held = await env.DB.prepare("SELECT COUNT(*) AS n FROM game_players WHERE user_id = ? AND held = 1")
      .bind(a.user.id)
      .first<{ n: number }>();
    expect(held?.n).toBe(0);
    // A second concession finds the game over.
    expect((await concede(a, game.id)).status).toBe(409);
    client.close();
  });

  it("settles a forfeit once under a concession, its repeat and the leaver's disconnection at the same time", async () => {
    const [a, b] = [await createPlayer("Alice"), await createPlayer("Bruno")];
    const { game, clients } = await startedGame([a, b], { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" });
    const [first, second] = await Promise.all([
      concede(a, game.id),
      concede(a, game.id),
      (async () => clients[0].close())(),
      runDurableObjectAlarm(roomStub(game.id)),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    await clients[1].until(() => clients[1].state?.game.status === "completed", 5_000, "the settlement");
    await runDurableObjectAlarm(roomStub(game.id));

    expect(await gameRow(game.id)).toMatchObject({ status: "completed", winner_team: "team2", end_reason: "forfeit" });
    expect(await payouts(game.id)).toEqual([expect.objectContaining({ user_id: b.user.id, amount: 100 })]);
    expect(await userRow(a.user.id)).toMatchObject({ virtual_coins: 950, games_played: 1, games_lost: 1 });
    expect(await userRow(b.user.id)).toMatchObject({ virtual_coins: 1050, games_played: 1, games_won: 1 });
    const ended = clients[1].messages.find((m) => m.type === "game_ended");
    expect(ended?.payload).toMatchObject({ winnerTeam: "team2", reason: "forfeit" });
    // The history marks it a forfeit for both sides.
    expect((await history(a))[0]).toMatchObject({ id: game.id, result: "loss", coins_change: -50, end_reason: "forfeit" });
    expect((await history(b))[0]).toMatchObject({ id: game.id, result: "win", coins_change: 50, end_reason: "forfeit" });
    clients[1].close();
  });

  it("moves ranking points as a loss for the conceding team of a ranked 2v2", async () => {
    const players = [await createPlayer(), await createPlayer(), await createPlayer(), await createPlayer()];
    const { game, clients } = await startedGame(players, { game_type: "2v2", game_mode: "ranked", truco_variant: "paulista" });
    const seats = clients[0].state!.participants;
    const teamOf = (player: Player) => seats.find((p) => p.user_id === player.user.id)!.team;
    const leaver = players[1];
    const losing = teamOf(leaver);
    expect((await concede(leaver, game.id)).status).toBe(200);
    await clients[0].until(() => clients[0].state?.game.status === "completed", 5_000, "the settlement");
    expect(await gameRow(game.id)).toMatchObject({ winner_team: losing === "team1" ? "team2" : "team1", end_reason: "forfeit" });
    for (const player of players) {
      const row = await userRow(player.user.id);
      // Equal ratings: Elo moves 16 each way.
      if (teamOf(player) === losing) expect(row).toMatchObject({ ranking_points: 984, virtual_coins: 900, games_lost: 1 });
      else expect(row).toMatchObject({ ranking_points: 1016, virtual_coins: 1100, games_won: 1 });
    }
    const board = await env.DB.prepare("SELECT user_id, points FROM leaderboard_scores WHERE board = 'all' AND user_id = ?")
      .bind(leaver.user.id)
      .first<{ points: number }>();
    expect(board?.points).toBe(984);
    for (const client of clients) client.close();
  });
});
