// The local sign-in emulator (dev/auth-emulator/server.mjs) driven end to end
// with plain fetch: discovery, the login page, authorization code + PKCE,
// token exchange, and ID-token verification with jose against the JWKS.
import { createHash, randomBytes } from "node:crypto";

import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startAuthEmulator } from "../../dev/auth-emulator/server.mjs";

const APP_ORIGIN = "http://localhost:8788";
const REDIRECT_URI = `${APP_ORIGIN}/auth/callback`;
const CLIENT_ID = "truco-local";
const CLIENT_SECRET = "truco-local-secret";

type Emulator = Awaited<ReturnType<typeof startAuthEmulator>>;
type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint: string;
  code_challenge_methods_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  scopes_supported: string[];
};

let emulator: Emulator;
let discovery: Discovery;
const logLines: string[] = [];

beforeAll(async () => {
  emulator = await startAuthEmulator({
    port: 0,
    appOrigins: [APP_ORIGIN, "http://127.0.0.1:8788"],
    log: (line: string) => logLines.push(line),
  });
  const res = await fetch(`${emulator.issuer}/.well-known/openid-configuration`);
  expect(res.status).toBe(200);
  discovery = (await res.json()) as Discovery;
});

afterAll(async () => {
  await emulator?.close();
});

// --- a tiny browser: a cookie jar and manual redirects -----------------------

class CookieJar {
  private cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = value === "" || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

type Step = { kind: "callback"; url: URL } | { kind: "page"; url: URL; status: number; html: string };

async function browse(jar: CookieJar, start: URL | string, init: RequestInit = {}): Promise<Step> {
  let url = new URL(start);
  let request: RequestInit = init;
  for (let hop = 0; hop < 10; hop++) {
    if (url.href.startsWith(REDIRECT_URI)) return { kind: "callback", url };
    const res = await fetch(url, {
      ...request,
      redirect: "manual",
      headers: { ...(request.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(res);
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      await res.arrayBuffer();
      url = new URL(location, url);
      request = {};
      continue;
    }
    return { kind: "page", url, status: res.status, html: await res.text() };
  }
  throw new Error("too many redirects");
}

function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

function authorizationUrl(params: Record<string, string>): URL {
  const url = new URL(discovery.authorization_endpoint);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: "openid email profile",
    ...params,
  })) {
    url.searchParams.set(k, v);
  }
  return url;
}

function formAction(page: Extract<Step, { kind: "page" }>): URL {
  const match = /<form method="post" action="([^"]+)"/.exec(page.html);
  if (!match) throw new Error(`no login form in page:\n${page.html}`);
  return new URL(match[1].replace(/&amp;/g, "&"), page.url);
}

async function submit(jar: CookieJar, action: URL, fields: Record<string, string>): Promise<Step> {
  return browse(jar, action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Authorization request through the login page; returns the callback URL. */
async function signIn(identity: { name: string; email: string }, extra: Record<string, string> = {}) {
  const jar = new CookieJar();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(16).toString("base64url");
  const login = await browse(jar, authorizationUrl({ state, code_challenge: challenge, code_challenge_method: "S256", ...extra }));
  if (login.kind !== "page") throw new Error("expected the login page");
  expect(login.status).toBe(200);
  const done = await submit(jar, formAction(login), identity);
  if (done.kind !== "callback") throw new Error(`expected the callback, got ${done.status}:\n${done.html}`);
  return { url: done.url, state, verifier };
}

async function exchange(code: string, verifier: string, auth: "client_secret_basic" | "client_secret_post" = "client_secret_basic") {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (auth === "client_secret_basic") {
    headers.authorization = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
  } else {
    body.set("client_id", CLIENT_ID);
    body.set("client_secret", CLIENT_SECRET);
  }
  const res = await fetch(discovery.token_endpoint, { method: "POST", headers, body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function verifyIdToken(idToken: string) {
  const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
  const { payload, protectedHeader } = await jwtVerify(idToken, jwks, {
    issuer: emulator.issuer,
    audience: CLIENT_ID,
  });
  return { payload, protectedHeader };
}

// --- tests ---------------------------------------------------------------------

describe("sign-in emulator", () => {
  it("publishes OpenID discovery for http://localhost:<port>", () => {
    expect(emulator.issuer).toMatch(/^http:\/\/localhost:\d+$/);
    expect(discovery.issuer).toBe(emulator.issuer);
    expect(discovery.authorization_endpoint).toBe(`${emulator.issuer}/auth`);
    expect(discovery.token_endpoint).toBe(`${emulator.issuer}/token`);
    expect(discovery.jwks_uri).toBe(`${emulator.issuer}/jwks`);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(["client_secret_basic", "client_secret_post"]));
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
  });

  it("serves an accessible, self-contained login page", async () => {
    const { challenge } = pkcePair();
    const page = await browse(new CookieJar(), authorizationUrl({ state: "s", code_challenge: challenge, code_challenge_method: "S256" }));
    if (page.kind !== "page") throw new Error("expected the login page");
    expect(page.status).toBe(200);
    expect(page.html).toContain("<title>Sign-in emulator — local development only</title>");
    expect(page.html).toMatch(/local stand-in for Google/);
    expect(page.html).toMatch(/No real account is used/);
    expect(page.html).toMatch(/<label for="name">Name<\/label>\s*<input id="name"/);
    expect(page.html).toMatch(/<label for="email">Email<\/label>\s*<input id="email"/);
    expect(page.html).toMatch(/<button[^>]*type="submit">Sign in<\/button>/);
    expect(page.html).not.toMatch(/(src|href)="https?:/); // no external assets
  });

  it("runs authorization code + PKCE and issues a verifiable ID token", async () => {
    const { url, state, verifier } = await signIn({ name: "Ana Souza", email: "Ana@Example.com" });
    expect(url.origin + url.pathname).toBe(REDIRECT_URI);
    expect(url.searchParams.get("state")).toBe(state);
    expect(url.searchParams.get("iss")).toBe(emulator.issuer);
    const code = url.searchParams.get("code");
    expect(code).toBeTruthy();

    const token = await exchange(code!, verifier, "client_secret_basic");
    expect(token.status).toBe(200);
    expect(token.json.token_type).toBe("Bearer");
    const { payload, protectedHeader } = await verifyIdToken(token.json.id_token as string);
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.iss).toBe(emulator.issuer);
    expect(payload.aud).toBe(CLIENT_ID);
    expect(payload.email).toBe("ana@example.com");
    expect(payload.email_verified).toBe(true);
    expect(payload.name).toBe("Ana Souza");
    expect(payload.picture ?? null).toBeNull();
    expect(typeof payload.sub).toBe("string");

    // A code is single-use.
    const replay = await exchange(code!, verifier);
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe("invalid_grant");

    // Same email (any case), new name, client_secret_post: same user.
    const again = await signIn({ name: "Ana S.", email: " ana@example.COM " });
    const token2 = await exchange(again.url.searchParams.get("code")!, again.verifier, "client_secret_post");
    expect(token2.status).toBe(200);
    const second = await verifyIdToken(token2.json.id_token as string);
    expect(second.payload.sub).toBe(payload.sub);
    expect(second.payload.name).toBe("Ana S.");

    // Another email: another user.
    const other = await signIn({ name: "Bruno", email: "bruno@example.com" });
    const token3 = await exchange(other.url.searchParams.get("code")!, other.verifier);
    const third = await verifyIdToken(token3.json.id_token as string);
    expect(third.payload.sub).not.toBe(payload.sub);

    // The userinfo endpoint agrees with the ID token.
    const me = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${token3.json.access_token as string}` },
    });
    expect(await me.json()).toMatchObject({ sub: third.payload.sub, email: "bruno@example.com", name: "Bruno" });

    expect(logLines.filter((l) => l.includes("signed in"))).toHaveLength(3);
  });

  it("shows the error page and does not redirect when the email is missing or malformed", async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkcePair();
    const login = await browse(jar, authorizationUrl({ state: "st", code_challenge: challenge, code_challenge_method: "S256" }));
    if (login.kind !== "page") throw new Error("expected the login page");
    const action = formAction(login);

    const missing = await submit(jar, action, { name: "Carla", email: "" });
    if (missing.kind !== "page") throw new Error("expected the login page again, got a redirect");
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('role="alert"');
    expect(missing.html).toContain("Enter an email address.");
    expect(missing.html).toContain('value="Carla"');
    expect(missing.html).toMatch(/id="email"[^>]*aria-invalid="true"/);

    const malformed = await submit(jar, action, { name: "", email: "not-an-email" });
    if (malformed.kind !== "page") throw new Error("expected the login page again, got a redirect");
    expect(malformed.status).toBe(400);
    expect(malformed.html).toContain("Enter a name.");
    expect(malformed.html).toContain("Enter an email address like name@example.com.");

    // The same interaction still completes once the input is fixed.
    const fixed = await submit(jar, action, { name: "Carla", email: "carla@example.com" });
    if (fixed.kind !== "callback") throw new Error("expected the callback");
    const token = await exchange(fixed.url.searchParams.get("code")!, verifier);
    expect(token.status).toBe(200);
  });

  it("rejects a wrong code_verifier", async () => {
    const { url } = await signIn({ name: "Dani", email: "dani@example.com" });
    const wrong = await exchange(url.searchParams.get("code")!, pkcePair().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe("invalid_grant");
  });

  it("requires PKCE with S256", async () => {
    const noPkce = await browse(new CookieJar(), authorizationUrl({ state: "x" }));
    expect(noPkce.kind).toBe("callback");
    if (noPkce.kind !== "callback") return;
    expect(noPkce.url.searchParams.get("error")).toBe("invalid_request");
    expect(noPkce.url.searchParams.get("state")).toBe("x");

    const plain = await browse(
      new CookieJar(),
      authorizationUrl({ state: "y", code_challenge: "a".repeat(43), code_challenge_method: "plain" }),
    );
    expect(plain.kind).toBe("callback");
    if (plain.kind === "callback") expect(plain.url.searchParams.get("error")).toBe("invalid_request");
  });

  it("accepts prompt=login and prompt=select_account", async () => {
    for (const prompt of ["login", "select_account", "select_account consent"]) {
      const { url, verifier } = await signIn({ name: "Eva", email: "eva@example.com" }, { prompt });
      const token = await exchange(url.searchParams.get("code")!, verifier);
      expect(token.status, prompt).toBe(200);
    }
  });

  it("returns access_denied when the user cancels", async () => {
    const jar = new CookieJar();
    const { challenge } = pkcePair();
    const login = await browse(jar, authorizationUrl({ state: "c", code_challenge: challenge, code_challenge_method: "S256" }));
    if (login.kind !== "page") throw new Error("expected the login page");
    const abort = new URL(formAction(login).href.replace(/\/login$/, "/abort"));
    const done = await submit(jar, abort, {});
    expect(done.kind).toBe("callback");
    if (done.kind === "callback") {
      expect(done.url.searchParams.get("error")).toBe("access_denied");
      expect(done.url.searchParams.get("state")).toBe("c");
    }
  });

  it("refuses an unregistered redirect_uri without redirecting", async () => {
    const { challenge } = pkcePair();
    const url = authorizationUrl({
      state: "z",
      code_challenge: challenge,
      code_challenge_method: "S256",
      redirect_uri: "http://evil.example/auth/callback",
    });
    const res = await fetch(url, { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("redirect_uri");
  });

  it("rejects a login form posted without the interaction cookie (CSRF)", async () => {
    const { challenge } = pkcePair();
    const login = await browse(new CookieJar(), authorizationUrl({ state: "q", code_challenge: challenge, code_challenge_method: "S256" }));
    if (login.kind !== "page") throw new Error("expected the login page");
    const forged = await submit(new CookieJar(), formAction(login), { name: "Mallory", email: "m@example.com" });
    expect(forged.kind).toBe("page");
    if (forged.kind === "page") {
      expect(forged.status).toBe(400);
      expect(forged.html).toContain("This sign-in request has expired");
    }
  });
});
