import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { call, createPlayer, expectLedgerInvariant, userRow } from "./helpers";
import { countRows, seedGame } from "./payment-helpers";

afterEach(expectLedgerInvariant);

const REASON = "A conexão caiu e a partida foi cancelada no meio.";

function requestRefund(cookie: string, gameId: string, reason = REASON, language?: string) {
  return call("/api/users/refund-request", {
    method: "POST",
    cookie: language ? `${cookie}; lng=${language}` : cookie,
    body: { game_session_id: gameId, reason },
  });
}

async function storedRequests(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT game_id, status, refund_amount, decision, reason FROM refund_requests WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all<{ game_id: string; status: string; refund_amount: number; decision: string; reason: string }>();
  return results;
}

describe("technical refunds", () => {
  it("returns the entry of a cancelled game once, lists it as eligible until then, and stores every request", async () => {
    const { user, cookie } = await createPlayer("Reembolso");
    const game = await seedGame(user.id, { entry: 100 });
    expect((await userRow(user.id))?.virtual_coins).toBe(900);

    const eligible = await (await call("/api/users/refund-eligible-games", { cookie })).json<Array<Record<string, unknown>>>();
    expect(eligible).toEqual([
      expect.objectContaining({
        game_id: game.id,
        game_code: game.code,
        game_type: "1v1",
        game_mode: "ranked",
        entry_paid: 100,
        end_reason: "fault",
      }),
    ]);

    const response = await requestRefund(cookie, game.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ refund_amount: 100 });
    expect((await userRow(user.id))?.virtual_coins).toBe(1000);
    const row = await env.DB.prepare("SELECT amount, transaction_type FROM coin_transactions WHERE idempotency_key = ?")
      .bind(`refund:${game.id}:${user.id}`)
      .first();
    expect(row).toEqual({ amount: 100, transaction_type: "refund" });

    const again = await requestRefund(cookie, game.id, "Pedindo de novo o mesmo reembolso.");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "O reembolso desta partida já foi concedido", code: "already_refunded" });
    expect((await userRow(user.id))?.virtual_coins).toBe(1000);
    expect(await (await call("/api/users/refund-eligible-games", { cookie })).json()).toEqual([]);

    expect(await storedRequests(user.id)).toEqual([
      { game_id: game.id, status: "approved", refund_amount: 100, decision: "approved", reason: REASON },
      {
        game_id: game.id,
        status: "rejected",
        refund_amount: 0,
        decision: "already_refunded",
        reason: "Pedindo de novo o mesmo reembolso.",
      },
    ]);
  });

  it("pays once when several requests for the same game arrive together", async () => {
    const { user, cookie } = await createPlayer("Simultaneo");
    const game = await seedGame(user.id, { entry: 50 });
    const responses = await Promise.all(Array.from({ length: 5 }, () => requestRefund(cookie, game.id)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(4);
    expect((await userRow(user.id))?.virtual_coins).toBe(1000);
    const stored = await storedRequests(user.id);
    expect(stored).toHaveLength(5);
    expect(stored.filter((r) => r.status === "approved")).toHaveLength(1);
  });

  it.each([
    ["a game that does not exist", "not_found", 404, "Partida não encontrada"],
    ["someone else's game", "not_participant", 403, "Você não pagou entrada nesta partida"],
    ["a game that was not cancelled", "not_cancelled", 409, "Só partidas canceladas podem ser reembolsadas"],
    ["a waiting room whose entry was already returned", "entry_returned", 409, "A entrada desta partida já foi devolvida automaticamente"],
    ["a game that ended more than 7 days ago", "window_expired", 409, "O prazo de 7 dias para pedir o reembolso desta partida terminou"],
    ["a game the player joined without paying", "not_participant", 403, "Você não pagou entrada nesta partida"],
  ])("refuses %s with a clear error, stores it, and credits nothing", async (label, code, status, message) => {
    const { user, cookie } = await createPlayer("Recusado");
    const other = await createPlayer("Dono");
    let gameId: string;
    switch (label) {
      case "a game that does not exist":
        gameId = crypto.randomUUID();
        break;
      case "someone else's game":
        gameId = (await seedGame(other.user.id)).id;
        break;
      case "a game that was not cancelled":
        gameId = (await seedGame(user.id, { status: "completed" })).id;
        break;
      case "a waiting room whose entry was already returned":
        gameId = (await seedGame(user.id, { autoReturned: true })).id;
        break;
      case "a game that ended more than 7 days ago":
        gameId = (await seedGame(user.id, { endedDaysAgo: 8 })).id;
        break;
      default:
        gameId = (await seedGame(user.id, { paid: false })).id;
    }
    const before = (await userRow(user.id))!.virtual_coins;
    const response = await requestRefund(cookie, gameId);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: message, code });
    expect((await userRow(user.id))?.virtual_coins).toBe(before);
    expect(await countRows("SELECT COUNT(*) AS n FROM coin_transactions WHERE user_id = ? AND transaction_type = 'refund'", user.id)).toBe(
      0,
    );
    expect(await storedRequests(user.id)).toEqual([
      { game_id: gameId, status: "rejected", refund_amount: 0, decision: code, reason: REASON },
    ]);
    expect(await (await call("/api/users/refund-eligible-games", { cookie })).json()).toEqual([]);
  });

  it("checks the reason: 10 to 500 characters, in the player's language, storing nothing when invalid", async () => {
    const { user, cookie } = await createPlayer("Motivo");
    const game = await seedGame(user.id);
    const short = await requestRefund(cookie, game.id, "   curto   ");
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: "Por favor, descreva o problema com mais detalhes (mínimo 10 caracteres)" });
    const english = await requestRefund(cookie, game.id, "short", "en");
    expect(await english.json()).toEqual({ error: "Please describe the problem in more detail (at least 10 characters)" });
    const long = await requestRefund(cookie, game.id, "x".repeat(501));
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: "Use no máximo 500 caracteres" });
    const noGame = await call("/api/users/refund-request", { method: "POST", cookie, body: { reason: REASON } });
    expect(await noGame.json()).toEqual({ error: "Escolha a partida" });
    expect(await storedRequests(user.id)).toEqual([]);
    // Exactly 10 and exactly 500 characters are fine.
    expect((await requestRefund(cookie, game.id, "0123456789")).status).toBe(200);
    const second = await seedGame(user.id);
    expect((await requestRefund(cookie, second.id, "x".repeat(500))).status).toBe(200);
  });

  it("answers 401 signed out and 403 from another origin", async () => {
    expect((await call("/api/users/refund-request", { method: "POST", body: { game_session_id: "x", reason: REASON } })).status).toBe(401);
    expect((await call("/api/users/refund-eligible-games")).status).toBe(401);
    const { cookie } = await createPlayer("Origem");
    const response = await call("/api/users/refund-request", {
      method: "POST",
      cookie,
      origin: "https://evil.example",
      body: { game_session_id: "x", reason: REASON },
    });
    expect(response.status).toBe(403);
  });
});
