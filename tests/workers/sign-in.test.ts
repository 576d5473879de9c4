import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { expectConsoleWarning } from "../support/console";
import { call, expectLedgerInvariant } from "./helpers";

afterEach(expectLedgerInvariant);

/** Cookies as a browser would keep them: name → value. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Drives the real sign-in emulator like a browser: the authorization URL,
 * its login form, and the redirect back to /auth/callback.
 */
async function authorize(redirectUrl: string, identity: { name: string; email: string }) {
  const jar = new Jar();
  let url = redirectUrl;
  let response = await fetch(url, { redirect: "manual" });
  for (let hop = 0; hop < 10; hop++) {
    jar.take(response);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get("Location")!, url).toString();
      if (url.startsWith("http://example.com/auth/callback")) return new URL(url);
      response = await fetch(url, { redirect: "manual", headers: { Cookie: jar.header() } });
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`No login form at ${url}: ${html.slice(0, 200)}`);
    response = await fetch(new URL(action.replace(/&amp;/g, "&"), url), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
      body: new URLSearchParams(identity).toString(),
    });
  }
  throw new Error("Too many redirects");
}

async function signInThroughEmulator(identity: { name: string; email: string }) {
  const start = await call("/api/oauth/google/redirect_url");
  expect(start.status).toBe(200);
  const { redirectUrl } = await start.json<{ redirectUrl: string }>();
  const authorization = new URL(redirectUrl);
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("state")).toBeTruthy();
  const stateCookie = start.headers.getSetCookie().find((line) => line.startsWith("truco_oauth"))!;
  expect(stateCookie).toMatch(/HttpOnly/i);

  const callback = await authorize(redirectUrl, identity);
  const session = await call("/api/sessions", {
    method: "POST",
    cookie: stateCookie.split(";")[0],
    body: { code: callback.searchParams.get("code"), state: callback.searchParams.get("state") },
  });
  return { session, stateCookie: stateCookie.split(";")[0], callback };
}

describe("sign-in through the OpenID Connect emulator", () => {
  it("creates the player once, with a nickname from the identity and one welcome bonus", async () => {
    const email = `carla.${crypto.randomUUID().slice(0, 8)}@example.test`;
    const first = await signInThroughEmulator({ name: "Carla Souza", email });
    expect(first.session.status).toBe(201);
    const setCookies = first.session.headers.getSetCookie();
    const sessionCookie = setCookies.find((line) => line.startsWith("truco_session="))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    // The state cookie of the finished sign-in is cleared.
    expect(setCookies.some((line) => line.startsWith("truco_oauth") && /Max-Age=0/i.test(line))).toBe(true);

    const me = await (
      await call("/api/users/me", { cookie: sessionCookie.split(";")[0] })
    ).json<{ id: string; nickname: string; virtual_coins: number }>();
    expect(me.nickname).toMatch(/^Carla Souza/);
    expect(me.virtual_coins).toBe(1000);

    // Signing in again (a new session, rotated) is the same player, no second bonus.
    const second = await signInThroughEmulator({ name: "Carla S.", email });
    expect(second.session.status).toBe(201);
    const again = second.session.headers.getSetCookie().find((line) => line.startsWith("truco_session="))!;
    expect(again.split(";")[0]).not.toBe(sessionCookie.split(";")[0]);
    const meAgain = await (await call("/api/users/me", { cookie: again.split(";")[0] })).json<{ id: string; virtual_coins: number }>();
    expect(meAgain.id).toBe(me.id);
    expect(meAgain.virtual_coins).toBe(1000);
  });

  it("refuses a code whose state does not match the cookie and writes nothing", async () => {
    expectConsoleWarning(/^Sign-in exchange failed: State in URL doesn't match state in cookie/);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>();
    const start = await call("/api/oauth/google/redirect_url");
    const { redirectUrl } = await start.json<{ redirectUrl: string }>();
    const callback = await authorize(redirectUrl, { name: "Intruso", email: `x.${crypto.randomUUID().slice(0, 6)}@example.test` });
    const response = await call("/api/sessions", {
      method: "POST",
      cookie: start.headers.getSetCookie()[0].split(";")[0],
      body: { code: callback.searchParams.get("code"), state: "forged-state" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
    expect(response.headers.getSetCookie().some((line) => line.startsWith("truco_session="))).toBe(false);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a code used twice", async () => {
    expectConsoleWarning(/^Sign-in exchange failed: OAuth request error: invalid_grant/);
    const { session, stateCookie, callback } = await signInThroughEmulator({
      name: "Duplo",
      email: `duplo.${crypto.randomUUID().slice(0, 6)}@example.test`,
    });
    expect(session.status).toBe(201);
    const replay = await call("/api/sessions", {
      method: "POST",
      cookie: stateCookie,
      body: { code: callback.searchParams.get("code"), state: callback.searchParams.get("state") },
    });
    expect(replay.status).toBe(400);
  });

  it("answers 400 to a malformed body and 403 without this site's Origin", async () => {
    expect((await call("/api/sessions", { method: "POST", body: "{not json" })).status).toBe(400);
    expect((await call("/api/sessions", { method: "POST", body: { code: "" } })).status).toBe(400);
    expect((await call("/api/sessions", { method: "POST", origin: null, body: { code: "a", state: "b" } })).status).toBe(403);
  });
});
