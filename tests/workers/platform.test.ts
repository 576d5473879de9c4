import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { welcomeKey } from "../../db/ledger";
import { call, createPlayer, expectLedgerInvariant, userRow } from "./helpers";

afterEach(expectLedgerInvariant);

describe("current user", () => {
  it("answers 401 with a JSON error when signed out", async () => {
    const response = await call("/api/users/me");
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it("answers the profile of spec §3 with the 1,000-coin welcome bonus from the ledger", async () => {
    const { user, cookie } = await createPlayer("Ana");
    const response = await call("/api/users/me", { cookie });
    expect(response.status).toBe(200);
    const profile = await response.json<Record<string, unknown>>();
    expect(profile).toMatchObject({
      id: user.id,
      nickname: user.nickname,
      virtual_coins: 1000,
      ranking_points: 1000,
      games_played: 0,
      games_won: 0,
      games_lost: 0,
      is_premium: false,
      last_daily_reward_at: null,
    });
    const { results } = await env.DB.prepare("SELECT amount, transaction_type, idempotency_key FROM coin_transactions WHERE user_id = ?")
      .bind(user.id)
      .all();
    expect(results).toEqual([{ amount: 1000, transaction_type: "bonus", idempotency_key: welcomeKey(user.id) }]);
  });

  it("treats a banned user as signed out at once", async () => {
    const { user, cookie } = await createPlayer("Banido");
    await env.DB.prepare("UPDATE users SET banned_at = ? WHERE id = ?").bind(new Date().toISOString(), user.id).run();
    expect((await call("/api/users/me", { cookie })).status).toBe(401);
  });

  it("ignores a forged or tampered session cookie", async () => {
    const { cookie } = await createPlayer();
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect((await call("/api/users/me", { cookie: tampered })).status).toBe(401);
    expect((await call("/api/users/me", { cookie: `${name}=not-a-session` })).status).toBe(401);
  });
});

describe("logout", () => {
  it("revokes the session server-side and clears the cookie", async () => {
    const { cookie } = await createPlayer();
    const response = await call("/api/logout", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    // The old cookie no longer works, even if the browser kept it.
    expect((await call("/api/users/me", { cookie })).status).toBe(401);
  });

  it("refuses a logout triggered from another site", async () => {
    const { cookie } = await createPlayer();
    const response = await call("/api/logout", { cookie, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(403);
    expect((await call("/api/users/me", { cookie })).status).toBe(200);
  });
});

describe("nickname", () => {
  it("saves the trimmed nickname", async () => {
    const { user, cookie } = await createPlayer();
    const nickname = `Zé ${Date.now() % 100000}`;
    const response = await call("/api/users/profile", { method: "PUT", cookie, body: { nickname: `  ${nickname} ` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ nickname });
    expect((await userRow(user.id))?.nickname).toBe(nickname);
  });

  it.each([
    ["too long", { nickname: "x".repeat(21) }, 400],
    ["blank", { nickname: "   " }, 400],
    ["not a string", { nickname: 42 }, 400],
    ["missing", {}, 400],
    ["markup", { nickname: "<script>" }, 400],
    ["one-character", { nickname: "A" }, 400],
  ])("refuses a %s nickname and changes nothing", async (_label, body, status) => {
    const { user, cookie } = await createPlayer();
    const response = await call("/api/users/profile", { method: "PUT", cookie, body });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: expect.any(String) });
    expect((await userRow(user.id))?.nickname).toBe(user.nickname);
  });

  it("says what is wrong: the characters of a short piece of markup, the length of a one-character name", async () => {
    const { cookie } = await createPlayer();
    const put = async (nickname: string) =>
      (await call("/api/users/profile", { method: "PUT", cookie, body: { nickname } })).json<{ error: string }>();
    expect(await put("<b>x</b>")).toEqual({
      error: "O apelido não pode ter os sinais < e > nem caracteres invisíveis: use letras, números, espaços e pontuação",
    });
    expect(await put("A")).toEqual({ error: "O apelido deve ter de 2 a 20 caracteres" });
  });

  it("refuses a nickname another player has, whatever the case", async () => {
    const first = await createPlayer();
    const second = await createPlayer();
    const response = await call("/api/users/profile", {
      method: "PUT",
      cookie: second.cookie,
      body: { nickname: first.user.nickname.toUpperCase() },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "Este apelido já está em uso" });
    expect((await userRow(second.user.id))?.nickname).toBe(second.user.nickname);
  });

  it("answers errors in the player's language", async () => {
    const { cookie } = await createPlayer();
    const response = await call("/api/users/profile", {
      method: "PUT",
      cookie: `${cookie}; lng=en`,
      body: { nickname: "" },
    });
    expect(await response.json()).toEqual({ error: "The nickname must have 2 to 20 characters" });
  });

  it("refuses a request without this site's Origin and changes nothing", async () => {
    const { user, cookie } = await createPlayer();
    for (const origin of [null, "https://evil.example"]) {
      const response = await call("/api/users/profile", { method: "PUT", cookie, origin, body: { nickname: "Hacker" } });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    expect((await userRow(user.id))?.nickname).toBe(user.nickname);
  });

  it("needs a signed-in user", async () => {
    const response = await call("/api/users/profile", { method: "PUT", body: { nickname: "Ninguém" } });
    expect(response.status).toBe(401);
  });
});

describe("language", () => {
  it("stores a supported language and refuses others", async () => {
    const { user, cookie } = await createPlayer();
    expect((await call("/api/users/language", { method: "PUT", cookie, body: { language: "es" } })).status).toBe(200);
    expect((await userRow(user.id))?.language).toBe("es");
    const bad = await call("/api/users/language", { method: "PUT", cookie, body: { language: "fr" } });
    expect(bad.status).toBe(400);
    expect((await userRow(user.id))?.language).toBe("es");
  });

  it("renders the page in the stored language, then the browser's, then pt-BR", async () => {
    const lang = async (headers: Record<string, string>) => /<html lang="([^"]+)"/.exec(await (await call("/", { headers })).text())?.[1];
    expect(await lang({ Cookie: "lng=es", "Accept-Language": "en-US" })).toBe("es");
    expect(await lang({ "Accept-Language": "en-US,en;q=0.9" })).toBe("en");
    expect(await lang({ "Accept-Language": "pt-PT" })).toBe("pt-BR");
    expect(await lang({ "Accept-Language": "fr-FR" })).toBe("pt-BR");
    expect(await lang({})).toBe("pt-BR");
  });
});

describe("routes and headers", () => {
  it("answers unknown pages with the same 404 page for visitors and players, and unknown API paths with JSON 404", async () => {
    const player = await createPlayer();
    for (const cookie of [undefined, player.cookie]) {
      const page = await call("/nowhere/at/all", { cookie });
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("Página não encontrada");
    }
    for (const path of ["/game/not-a-game-id", `/game/${crypto.randomUUID()}`]) {
      const game = await call(path, { cookie: player.cookie });
      expect(game.status, path).toBe(404);
      expect(await game.text()).toContain("Jogo não encontrado");
    }
    const api = await call("/api/nowhere");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: expect.any(String) });
  });

  it("sends signed-out visitors of the profile to /", async () => {
    const response = await call("/profile");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("puts a nonce-based CSP and the other security headers on HTML", async () => {
    const response = await call("/");
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    const html = await response.text();
    // Every inline script carries the nonce.
    for (const tag of html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  });
});
