import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { GameSummary } from "../../game/protocol/entities";
import { call, createPlayer, expectLedgerInvariant, ORIGIN } from "./helpers";

// Every route that reads a JSON body reads it through one parser (app/services/http.server.ts):
// a JSON content type, at most 16 KB, valid JSON, the route's schema. Bad bodies are answered
// 400 (413 over the limit) with the spec's `error` field, and nothing is written.

afterEach(expectLedgerInvariant);

const LIMIT = 16 * 1024;

/** A request with exactly this body and content type, as a page of this origin would send it. */
function send(path: string, method: string, cookie: string | null, body: BodyInit | null, contentType: string | null) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  if (contentType) headers.set("Content-Type", contentType);
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body }));
}

/** Everything a bad body could have written. */
async function snapshot() {
  const tables = ["users", "sessions", "coin_transactions", "games", "game_players", "payments", "refund_requests"];
  const counts = await env.DB.batch(tables.map((table) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`)));
  const users = await env.DB.prepare("SELECT * FROM users ORDER BY id").all();
  return { counts: counts.map((result) => (result.results[0] as { n: number }).n), users: users.results };
}

describe("JSON bodies", () => {
  it("are refused the same way on every route: 400 (413 over the limit) with an error, and nothing written", async () => {
    const player = await createPlayer("Corpo");
    const created = await call("/api/games", {
      method: "POST",
      cookie: player.cookie,
      body: { game_type: "2v2", game_mode: "casual", truco_variant: "paulista" },
    });
    expect(created.status).toBe(201);
    const game = await created.json<GameSummary>();

    // Each route with a body that passes its schema, and one that does not.
    const routes: { path: string; method: string; good: unknown; failing: unknown; signedIn?: boolean }[] = [
      {
        path: "/api/games",
        method: "POST",
        good: { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" },
        failing: { game_type: "3v3", game_mode: "casual", truco_variant: "paulista" },
      },
      { path: "/api/games/join", method: "POST", good: { game_code: game.game_code }, failing: { game_code: 42 } },
      { path: `/api/games/${game.id}/bots`, method: "POST", good: { bot_level: "easy" }, failing: { bot_level: "genius" } },
      { path: `/api/games/${game.id}/chat`, method: "POST", good: { message: "oi", message_type: "text" }, failing: { message: 7 } },
      { path: "/api/users/profile", method: "PUT", good: { nickname: "Outro Nome" }, failing: { nickname: "" } },
      { path: "/api/users/language", method: "PUT", good: { language: "en" }, failing: { language: "fr" } },
      {
        path: "/api/users/refund-request",
        method: "POST",
        good: { game_session_id: game.id, reason: "A mesa travou no meio da partida" },
        failing: { game_session_id: game.id, reason: "x" },
      },
      { path: "/api/payments/coins", method: "POST", good: { pack_id: 1, amount: 499 }, failing: { pack_id: "1", amount: 499 } },
      { path: "/api/payments/premium", method: "POST", good: { plan_type: "monthly", amount: 999 }, failing: { plan_type: "monthly" } },
      { path: "/api/sessions", method: "POST", good: { code: "c", state: "s" }, failing: { code: "" }, signedIn: false },
    ];

    const before = await snapshot();
    for (const route of routes) {
      const cookie = route.signedIn === false ? null : player.cookie;
      const json = JSON.stringify(route.good);
      // Valid JSON padded past the limit with spaces, so only its size is wrong.
      const huge = json.slice(0, -1) + " ".repeat(LIMIT) + "}";
      const streamed = new Blob([huge]).stream();
      const cases: [string, Promise<Response>, number][] = [
        ["no body", send(route.path, route.method, cookie, null, "application/json"), 400],
        ["an empty body", send(route.path, route.method, cookie, "", "application/json"), 400],
        ["no content type", send(route.path, route.method, cookie, json, null), 400],
        ["a form's content type", send(route.path, route.method, cookie, json, "application/x-www-form-urlencoded"), 400],
        ["text", send(route.path, route.method, cookie, json, "text/plain"), 400],
        ["invalid JSON", send(route.path, route.method, cookie, json.slice(0, -1), "application/json"), 400],
        ["bytes that are not UTF-8", send(route.path, route.method, cookie, new Uint8Array([0x7b, 0xff, 0x7d]), "application/json"), 400],
        ["a body the schema refuses", send(route.path, route.method, cookie, JSON.stringify(route.failing), "application/json"), 400],
        ["JSON that is not an object", send(route.path, route.method, cookie, "[1,2]", "application/json"), 400],
        ["a body over the limit", send(route.path, route.method, cookie, huge, "application/json; charset=utf-8"), 413],
        ["a body over the limit, its length undeclared", send(route.path, route.method, cookie, streamed, "application/json"), 413],
      ];
      for (const [what, answer, status] of cases) {
        const response = await answer;
        expect(response.status, `${route.method} ${route.path} with ${what}`).toBe(status);
        expect(await response.json(), `${route.path} with ${what}`).toEqual({ error: expect.any(String) });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers in the player's language and keeps each route's own words for its rules", async () => {
    const player = await createPlayer("Idioma");
    const tooLarge = await send("/api/users/language", "PUT", player.cookie, `{"language":"en"${" ".repeat(LIMIT)}}`, "application/json");
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: "Os dados enviados são grandes demais" });
    const english = await exports.default.fetch(
      new Request(`${ORIGIN}/api/users/profile`, {
        method: "PUT",
        headers: { Origin: ORIGIN, Cookie: player.cookie, "Content-Type": "text/plain", "Accept-Language": "en" },
        body: "{}",
      }),
    );
    expect(await english.json()).toEqual({ error: "Invalid data" });
    const nickname = await call("/api/users/profile", { method: "PUT", cookie: player.cookie, body: { nickname: "<b>" } });
    expect(nickname.status).toBe(400);
    expect(await nickname.json()).toEqual({ error: expect.stringMatching(/apelido/i) });
    const code = await call("/api/games/join", { method: "POST", cookie: player.cookie, body: { game_code: "abc" } });
    expect(await code.json()).toEqual({ error: "Jogo não encontrado" });
  });
});
