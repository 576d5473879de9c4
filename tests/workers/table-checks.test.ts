import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { getLoadContext } from "../../load-context";
import { benchMeter } from "../../db/bench-meter";
import { sendChatAt, recentChatAt } from "~/services/chat.server";
import { joinGameByCode } from "~/services/lobby.server";
import { call, createGame, createPlayer, expectLedgerInvariant, ORIGIN, type Player } from "./helpers";

// The tables' actions ask the game's room, not D1's primary, whether the player sits at the table
// and what state the game is in (rooms.server's seatAtRoom): the room writes every seat and status
// to D1 before adopting it, so its answer is the primary's. The code of a table maps to its game on
// a replica. Metered through the bench's D1 binding (db/bench-meter.ts).

afterEach(expectLedgerInvariant);

/** A load context for an action of `player`, its D1 metered. */
function actionContext(player: Player, path: string) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: player.cookie, "Content-Type": "application/json" },
  });
  const context = getLoadContext({
    request,
    context: {
      cloudflare: {
        env: { ...env, BENCH_MODE: "1" } as never,
        cf: undefined,
        ctx: { waitUntil: () => {}, passThroughOnException: () => {} },
        caches: caches as never,
      },
    },
  });
  return { request, context };
}

/** The kinds of statement that read the primary since the meter's reset. */
function primaryReadKinds(): string[] {
  return benchMeter
    .snapshot()
    .statements.filter((s) => !s.write && s.calls > s.replicaEligible)
    .map((s) => s.kind);
}

describe("the tables' checks answered by the room", () => {
  it("a chat message and the chat's read check the seat with the room: no D1 read; a non-player is refused as before", async () => {
    const [a, b, outsider] = [await createPlayer("Ana"), await createPlayer("Bia"), await createPlayer("Caio")];
    const game = await createGame(a);
    expect((await call("/api/games/join", { method: "POST", cookie: b.cookie, body: { game_code: game.game_code } })).status).toBe(200);

    const { request, context } = actionContext(a, `/api/games/${game.id}/chat`);
    benchMeter.reset();
    const sent = await sendChatAt(context, request, a.user, game.id, () => ({ message: "boa!", message_type: "text" }));
    expect(sent.ok && sent.data.message).toBe("boa!");
    const read = await recentChatAt(context, request, a.user, game.id);
    expect(read.ok && read.data.map((m) => m.message)).toEqual(["boa!"]);
    expect(benchMeter.snapshot()).toMatchObject({ primaryReads: 0, replicaReads: 0, writeTransactions: 0 });

    // A player not at the table: 403 whatever they sent (the message is never read); no table: 404.
    const notSeated = await call(`/api/games/${game.id}/chat`, { method: "POST", cookie: outsider.cookie, body: { message: "" } });
    expect(notSeated.status).toBe(403);
    const missing = await call(`/api/games/${crypto.randomUUID()}/chat`, { method: "POST", cookie: a.cookie, body: { message: "oi" } });
    expect(missing.status).toBe(404);
  });

  it("joining by code reads the code on a replica and the seat with the room; the primary reads only the held seats", async () => {
    const [a, b] = [await createPlayer("Duda"), await createPlayer("Edu")];
    const game = await createGame(a);
    const { request, context } = actionContext(b, "/api/games/join");
    benchMeter.reset();
    expect(await joinGameByCode(context, request, b.user, game.game_code)).toEqual({ ok: true, data: { game_id: game.id } });
    expect(primaryReadKinds().every((kind) => kind.includes("held"))).toBe(true);
    expect(benchMeter.snapshot().statements.some((s) => s.kind.includes("games.game_code") && s.replicaEligible === s.calls)).toBe(true);

    // Back at a table where they sit: answered by the room, no seat read, no lease.
    benchMeter.reset();
    expect(await joinGameByCode(context, request, b.user, game.game_code)).toEqual({ ok: true, data: { game_id: game.id } });
    expect(benchMeter.snapshot().primaryReads).toBe(0);

    // The table is full: D1 says started (its filling seat wrote it) while the room still waits, and
    // a third player is told what the room says, as before.
    const c = await createPlayer("Fabi");
    const full = await call("/api/games/join", { method: "POST", cookie: c.cookie, body: { game_code: game.game_code } });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string }).error).toBe("Esta mesa já está cheia");
  });

  it("a code no open game holds is not found, on the primary's word", async () => {
    const a = await createPlayer("Gui");
    const { request, context } = actionContext(a, "/api/games/join");
    const answer = await joinGameByCode(context, request, a.user, "ZZZZZZ");
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.status).toBe(404);
  });
});
