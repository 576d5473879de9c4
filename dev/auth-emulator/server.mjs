// Local sign-in emulator: a real OpenID Connect provider (`oidc-provider`)
// standing in for Google during local development. See
// docs/decisions/004-local-sign-in-emulator.md.
//
//   node dev/auth-emulator/server.mjs
//     AUTH_EMULATOR_PORT  port to listen on (default 8790)
//     APP_ORIGINS         comma-separated app origins allowed to receive codes
//                         (default http://localhost:8788,http://127.0.0.1:8788)
//
// Issuer http://localhost:<port>; one confidential client `truco-local` /
// `truco-local-secret`; authorization code + PKCE (S256) only. The login page
// takes any name and email; `sub` is derived from the lowercased email.

import { createHash, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import Provider, { interactionPolicy } from "oidc-provider";
import { CSP, esc, isMain, runAlone, sendHtml, startServers } from "../emulator-http.mjs";

export const CLIENT_ID = "truco-local";
export const CLIENT_SECRET = "truco-local-secret";
export const CALLBACK_PATH = "/auth/callback";
export const SCOPES = ["openid", "email", "profile"];

const DEFAULT_APP_ORIGINS = ["http://localhost:8788"];
const SESSION_COOKIE = "_auth_emulator_session";
const LAST_IDENTITY_COOKIE = "auth_emulator_last";
const MAX_FORM_BYTES = 16 * 1024;
const NAME_MAX = 100;
const EMAIL_MAX = 254;
// Deliberately simple: something@something.tld, no spaces, one "@".
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Start the emulator.
 *
 * @param {object} [options]
 * @param {number} [options.port=8790] 0 picks a free port.
 * @param {string} [options.host='127.0.0.1'] when 127.0.0.1 (the default) the
 *   emulator also listens on [::1] (best effort) so that "localhost" works
 *   whichever address family a client resolves it to.
 * @param {string[]} [options.appOrigins] origins whose `/auth/callback` are the
 *   registered redirect URIs.
 * @param {string} [options.keysFile] JSON file keeping the signing key and the
 *   cookie key across restarts (created if missing). Omit for ephemeral keys.
 * @param {(line: string) => void} [options.log] one line per sign-in and per
 *   error; defaults to console.log.
 * @returns {Promise<{ issuer: string, port: number, clientId: string,
 *   clientSecret: string, redirectUris: string[], close(): Promise<void> }>}
 */
export async function startAuthEmulator({
  port = 8790,
  host = "127.0.0.1",
  appOrigins = DEFAULT_APP_ORIGINS,
  keysFile,
  log = (line) => console.log(line),
} = {}) {
  const origins = normalizeOrigins(appOrigins);
  const redirectUris = origins.map((origin) => `${origin}${CALLBACK_PATH}`);
  const keys = loadOrCreateKeys(keysFile);

  // Listen first so that port 0 resolves to a real port before the issuer
  // (which embeds it) is fixed.
  const listening = await startServers({ port, host, name: "Sign-in emulator" });
  const actualPort = listening.port;

  const issuer = `http://localhost:${actualPort}`;
  const accounts = new Map(); // accountId -> { email, name }
  const provider = createProvider({ issuer, redirectUris, keys, accounts, origins, log });
  const providerCallback = provider.callback();

  listening.serve((req, res) => {
    handleRequest(req, res, { provider, providerCallback, accounts, origins, log }).catch((err) => {
      log(`Sign-in emulator: internal error: ${err?.stack || err}`);
      if (!res.headersSent) {
        sendHtml(
          res,
          500,
          errorPage(
            "Something went wrong",
            "The sign-in emulator hit an internal error. Check its console output, then go back to the app and try again.",
            origins,
          ),
        );
      } else {
        res.destroy();
      }
    });
  });

  return {
    issuer,
    port: actualPort,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris,
    close: listening.close,
  };
}

// ---------------------------------------------------------------------------
// Provider configuration

function createProvider({ issuer, redirectUris, keys, accounts, log }) {
  const policy = interactionPolicy.base();
  // Google accepts prompt=select_account; oidc-provider only knows the prompts
  // in its policy, so register it. The login page doubles as the account
  // chooser, and a sign-in resolves it.
  policy.add(new interactionPolicy.Prompt({ name: "select_account", requestable: true }));

  const ttl = {
    AccessToken: 60 * 60,
    AuthorizationCode: 60,
    IdToken: 60 * 60,
    Interaction: 60 * 60,
    Session: 60 * 60,
    Grant: 60 * 60,
  };

  const provider = new Provider(issuer, {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        client_name: "Truco",
        application_type: "web",
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // oidc-provider registers one method per client, but for secret-based
        // methods it accepts the secret either way (Basic header or form
        // body), so client_secret_post works too.
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "RS256",
      },
    ],
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    jwks: { keys: [keys.signingKey] },
    cookies: {
      keys: keys.cookieKeys,
      names: {
        session: SESSION_COOKIE,
        interaction: "_auth_emulator_interaction",
        resume: "_auth_emulator_resume",
      },
      // No `secure`: the emulator runs on plain http://localhost.
      long: { httpOnly: true, sameSite: "lax" },
      short: { httpOnly: true, sameSite: "lax" },
    },
    scopes: SCOPES,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name"],
    },
    // Put the scope's claims (email, name) into the ID token, as Google does,
    // not only into the userinfo response.
    conformIdTokenClaims: false,
    responseTypes: ["code"],
    pkce: { required: () => true },
    enabledJWA: {
      idTokenSigningAlgValues: ["RS256"],
      userinfoSigningAlgValues: ["RS256"],
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
      introspection: { enabled: false },
      revocation: { enabled: false },
    },
    ttl,
    interactions: {
      policy,
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    // Skip consent: the one client is first-party, so every sign-in is granted
    // all of its scopes.
    async loadExistingGrant(ctx) {
      const { Grant } = ctx.oidc.provider;
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) {
        const existing = await Grant.find(grantId);
        if (existing && existing.accountId === ctx.oidc.session.accountId) return existing;
      }
      const grant = new Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope(SCOPES.join(" "));
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, accountId) {
      const account = accounts.get(accountId);
      if (!account) return undefined;
      return {
        accountId,
        async claims() {
          return {
            sub: accountId,
            email: account.email,
            email_verified: true,
            name: account.name,
          };
        },
      };
    },
    clientBasedCORS: () => false,
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.set("content-security-policy", CSP);
      ctx.body = errorPage(
        "Sign-in request rejected",
        `The sign-in emulator could not process this request: ${out.error}${out.error_description ? ` (${out.error_description})` : ""}.`,
      );
    },
  });

  provider.on("server_error", (_ctx, err) => log(`Sign-in emulator: server error: ${err?.stack || err}`));
  provider.on("authorization.error", (_ctx, err) => log(`Sign-in emulator: authorization rejected: ${describe(err)}`));
  provider.on("grant.error", (_ctx, err) => log(`Sign-in emulator: token request rejected: ${describe(err)}`));

  return provider;
}

function describe(err) {
  return `${err?.error || err?.name || "error"}${err?.error_description ? ` - ${err.error_description}` : ""}`;
}

// A small per-instance in-memory adapter (oidc-provider's own one warns on
// every start and shares one global store between instances).
function createMemoryAdapter() {
  const store = new Map(); // `${model}:${id}` -> { payload, expiresAt }
  const sessionUids = new Map(); // uid -> session id
  const userCodes = new Map(); // userCode -> [id, store key]
  const grants = new Map(); // grantId -> Set of store keys
  let lastSweep = Date.now();

  const read = (key) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, entry] of store) if (entry.expiresAt <= now) store.delete(key);
    for (const [uid, id] of sessionUids) if (!store.has(`Session:${id}`)) sessionUids.delete(uid);
    for (const [code, [, key]] of userCodes) if (!store.has(key)) userCodes.delete(code);
    for (const [grantId, keys] of grants) {
      for (const key of keys) if (!store.has(key)) keys.delete(key);
      if (keys.size === 0) grants.delete(grantId);
    }
  };

  return class MemoryAdapter {
    constructor(model) {
      this.model = model;
    }

    key(id) {
      return `${this.model}:${id}`;
    }

    async upsert(id, payload, expiresIn) {
      sweep();
      const key = this.key(id);
      const expiresAt = typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : Infinity;
      store.set(key, { payload, expiresAt });
      if (this.model === "Session" && payload.uid) sessionUids.set(payload.uid, id);
      if (payload.userCode) userCodes.set(payload.userCode, [id, key]);
      if (payload.grantId) {
        if (!grants.has(payload.grantId)) grants.set(payload.grantId, new Set());
        grants.get(payload.grantId).add(key);
      }
    }

    async find(id) {
      return read(this.key(id));
    }

    async findByUid(uid) {
      const id = sessionUids.get(uid);
      return id === undefined ? undefined : this.find(id);
    }

    async findByUserCode(userCode) {
      const [id] = userCodes.get(userCode) ?? [];
      return id === undefined ? undefined : this.find(id);
    }

    async consume(id) {
      const payload = read(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id) {
      store.delete(this.key(id));
    }

    async revokeByGrantId(grantId) {
      for (const key of grants.get(grantId) ?? []) store.delete(key);
      grants.delete(grantId);
    }
  };
}

// ---------------------------------------------------------------------------
// HTTP: the interaction (login page) is ours, everything else is oidc-provider.

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|abort))?\/?$/;

async function handleRequest(req, res, ctx) {
  const { pathname } = new URL(req.url ?? "/", "http://localhost");
  const match = INTERACTION_PATH.exec(pathname);
  if (!match) {
    // Every authorization request starts signed out: forget the provider
    // session cookie, so the login page is always shown (it is the account
    // chooser) and switching users never needs a logout round-trip.
    stripCookie(req, SESSION_COOKIE);
    ctx.providerCallback(req, res);
    return;
  }

  const [, uid, action] = match;
  if (!action && (req.method === "GET" || req.method === "HEAD")) {
    await showInteraction(req, res, uid, ctx);
  } else if (action === "login" && req.method === "POST") {
    await submitLogin(req, res, uid, ctx);
  } else if (action === "abort" && req.method === "POST") {
    await abortInteraction(req, res, uid, ctx);
  } else if (action && (req.method === "GET" || req.method === "HEAD")) {
    // A reload of the page shown after a rejected form post.
    res.writeHead(303, { location: `/interaction/${uid}`, "cache-control": "no-store" });
    res.end();
  } else {
    res.writeHead(405, { allow: action ? "POST" : "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
    res.end("Method not allowed\n");
  }
}

async function loadInteraction(req, res, uid, { provider, origins }) {
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch (err) {
    if (err?.name !== "SessionNotFound") throw err;
  }
  if (!details || details.uid !== uid) {
    sendHtml(
      res,
      400,
      errorPage(
        "This sign-in request has expired",
        "It was already used, it timed out, or it was started in another browser. Go back to the app and sign in again.",
        origins,
      ),
    );
    return undefined;
  }
  return details;
}

async function showInteraction(req, res, uid, ctx) {
  const details = await loadInteraction(req, res, uid, ctx);
  if (!details) return;

  if (details.prompt.name === "consent") {
    // Only reached with an explicit prompt=consent: grant it automatically.
    await ctx.provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true });
    return;
  }

  const last = readLastIdentity(req);
  const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : "";
  const values = {
    name: last?.name ?? "",
    email: hint && EMAIL_SHAPE.test(hint) ? hint : (last?.email ?? ""),
  };
  const client = await ctx.provider.Client.find(String(details.params.client_id));
  sendHtml(res, 200, loginPage({ uid, values, errors: {}, clientName: client?.clientName }));
}

async function submitLogin(req, res, uid, ctx) {
  const form = await readForm(req, res);
  if (!form) return;
  const details = await loadInteraction(req, res, uid, ctx);
  if (!details) return;

  const rawName = String(form.get("name") ?? "");
  const rawEmail = String(form.get("email") ?? "");
  const { values, errors } = validateIdentity(rawName, rawEmail);
  if (Object.keys(errors).length) {
    const client = await ctx.provider.Client.find(String(details.params.client_id));
    sendHtml(res, 400, loginPage({ uid, values: { name: rawName, email: rawEmail }, errors, clientName: client?.clientName }));
    return;
  }

  const accountId = subjectFor(values.email);
  ctx.accounts.set(accountId, { email: values.email, name: values.name });
  res.setHeader("set-cookie", lastIdentityCookie(values));
  ctx.log(`Sign-in emulator: signed in ${JSON.stringify(values.name)} <${values.email}> (sub ${accountId})`);
  await ctx.provider.interactionFinished(
    req,
    res,
    {
      login: { accountId, remember: false },
      // Resolve every other prompt at once: no consent screen, and the login
      // page served as the account chooser.
      consent: {},
      select_account: {},
    },
    { mergeWithLastSubmission: false },
  );
}

async function abortInteraction(req, res, uid, ctx) {
  const form = await readForm(req, res);
  if (!form) return;
  const details = await loadInteraction(req, res, uid, ctx);
  if (!details) return;
  await ctx.provider.interactionFinished(
    req,
    res,
    {
      error: "access_denied",
      error_description: "End-User cancelled the sign-in",
    },
    { mergeWithLastSubmission: false },
  );
}

/** Trimmed name, lowercased email, and field -> message for what is wrong. */
export function validateIdentity(rawName, rawEmail) {
  const name = String(rawName).replace(/\s+/g, " ").trim();
  const email = String(rawEmail).trim().toLowerCase();
  const errors = {};
  if (!name) errors.name = "Enter a name.";
  else if (name.length > NAME_MAX) errors.name = `Use at most ${NAME_MAX} characters.`;
  // eslint-disable-next-line no-control-regex
  else if (/[\u0000-\u001f\u007f]/.test(name)) errors.name = "Remove the control characters.";
  if (!email) errors.email = "Enter an email address.";
  else if (email.length > EMAIL_MAX || !EMAIL_SHAPE.test(email)) errors.email = "Enter an email address like name@example.com.";
  return { values: { name, email }, errors };
}

/** Stable subject per email: the same email is always the same user. */
export function subjectFor(email) {
  return createHash("sha256")
    .update(`truco-local:${String(email).trim().toLowerCase()}`)
    .digest("hex")
    .slice(0, 32);
}

// ---------------------------------------------------------------------------
// HTML

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1d2433;--muted:#5b6476;--line:#d5d9e0;--accent:#1a6b3c;--accent-text:#fff;--error:#b42318;--warn-bg:#fff4d6;--warn-text:#6b4e00}
@media (prefers-color-scheme:dark){:root{--bg:#12151b;--card:#1c212b;--text:#e8ebf1;--muted:#a3acbd;--line:#394152;--accent:#3fa66a;--accent-text:#0b1a11;--error:#ff8a80;--warn-bg:#3a2f0f;--warn-text:#ffd978}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:400px;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:28px}
.badge{display:inline-block;margin:0 0 12px;padding:2px 10px;border-radius:999px;background:var(--warn-bg);color:var(--warn-text);font-size:13px;font-weight:600}
h1{margin:0 0 8px;font-size:22px;line-height:1.3}
p{margin:0 0 16px;color:var(--muted)}
label{display:block;margin:16px 0 4px;font-weight:600}
input{width:100%;padding:10px 12px;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:8px}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
input[aria-invalid=true]{border-color:var(--error)}
.field-error{margin:4px 0 0;color:var(--error);font-size:14px}
.alert{margin:0 0 16px;padding:10px 12px;border:1px solid var(--error);border-radius:8px;color:var(--error)}
.alert p{margin:0;color:inherit}
.actions{display:flex;gap:12px;margin-top:24px}
button{flex:1;padding:10px 16px;font:inherit;font-weight:600;border-radius:8px;border:1px solid var(--accent);cursor:pointer}
.primary{background:var(--accent);color:var(--accent-text)}
.secondary{background:transparent;color:var(--text);border-color:var(--line)}
.note{margin:20px 0 0;font-size:13px}
`;

function layout(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function loginPage({ uid, values, errors, clientName }) {
  const fieldError = (field) => (errors[field] ? `<p class="field-error" id="${field}-error">${esc(errors[field])}</p>` : "");
  const invalid = (field) => (errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : "");
  const messages = Object.values(errors);
  const alert = messages.length ? `<div class="alert" role="alert"><p>Check the form: ${esc(messages.join(" "))}</p></div>` : "";
  const firstInvalid = errors.name ? "name" : errors.email ? "email" : values.name ? "email" : "name";
  const action = `/interaction/${encodeURIComponent(uid)}`;
  return layout(
    "Sign-in emulator — local development only",
    `
<p class="badge">Local development only</p>
<h1>Sign in${clientName ? ` to ${esc(clientName)}` : ""}</h1>
<p>This is a local stand-in for Google sign-in. No real account is used and no password is needed: type any name and email. The same email always signs in as the same user.</p>
${alert}
<form method="post" action="${action}/login" novalidate>
  <label for="name">Name</label>
  <input id="name" name="name" type="text" autocomplete="name" required maxlength="${NAME_MAX}" value="${esc(values.name)}"${invalid("name")}${firstInvalid === "name" ? " autofocus" : ""}>
  ${fieldError("name")}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="${EMAIL_MAX}" value="${esc(values.email)}"${invalid("email")}${firstInvalid === "email" ? " autofocus" : ""}>
  ${fieldError("email")}
  <div class="actions">
    <button class="primary" type="submit">Sign in</button>
    <button class="secondary" type="submit" formaction="${action}/abort">Cancel</button>
  </div>
</form>
<p class="note">Sign-in emulator — nothing here is sent to Google or anywhere else.</p>`,
  );
}

function errorPage(heading, message, origins) {
  const back = origins?.[0] ? `<p><a href="${esc(origins[0])}/">Back to the app</a></p>` : "";
  return layout(
    "Sign-in emulator — local development only",
    `
<p class="badge">Local development only</p>
<h1>${esc(heading)}</h1>
<div class="alert" role="alert"><p>${esc(message)}</p></div>
${back}`,
  );
}

// ---------------------------------------------------------------------------
// Small HTTP helpers

async function readForm(req, res) {
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    res.writeHead(415, { "content-type": "text/plain; charset=utf-8" });
    res.end("Expected a form submission\n");
    return undefined;
  }
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) {
      res.writeHead(413, { "content-type": "text/plain; charset=utf-8", connection: "close" });
      res.end("Form too large\n");
      return undefined;
    }
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function parseCookies(header) {
  const out = new Map();
  for (const part of String(header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

function stripCookie(req, name) {
  const header = req.headers.cookie;
  if (!header) return;
  const kept = header.split(";").filter((part) => {
    const key = part.split("=")[0].trim();
    return key !== name && key !== `${name}.sig`;
  });
  if (kept.length) req.headers.cookie = kept.join(";");
  else delete req.headers.cookie;
}

function readLastIdentity(req) {
  const raw = parseCookies(req.headers.cookie).get(LAST_IDENTITY_COOKIE);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    const { values, errors } = validateIdentity(parsed?.name ?? "", parsed?.email ?? "");
    return Object.keys(errors).length ? undefined : values;
  } catch {
    return undefined;
  }
}

function lastIdentityCookie(values) {
  const value = Buffer.from(JSON.stringify(values)).toString("base64url");
  return `${LAST_IDENTITY_COOKIE}=${value}; Path=/; Max-Age=${30 * 24 * 60 * 60}; HttpOnly; SameSite=Lax`;
}

function normalizeOrigins(appOrigins) {
  const list = (Array.isArray(appOrigins) ? appOrigins : String(appOrigins).split(",")).map((o) => String(o).trim()).filter(Boolean);
  if (!list.length) throw new TypeError("appOrigins must list at least one origin");
  const origins = list.map((o) => {
    const url = new URL(o);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`appOrigins: not an http(s) origin: ${o}`);
    return url.origin;
  });
  return [...new Set(origins)];
}

function loadOrCreateKeys(file) {
  if (file) {
    try {
      const saved = JSON.parse(readFileSync(file, "utf8"));
      if (saved?.signingKey?.kty === "RSA" && saved.signingKey.d && Array.isArray(saved.cookieKeys) && saved.cookieKeys.length) {
        return saved;
      }
    } catch {
      // Missing or unreadable: make new keys below.
    }
  }
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keys = {
    signingKey: { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" },
    cookieKeys: [randomBytes(32).toString("base64url")],
  };
  if (file) {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(keys, null, 2), { mode: 0o600 });
      renameSync(tmp, file);
    } catch {
      // Not fatal: the keys just will not survive a restart.
    }
  }
  return keys;
}

// ---------------------------------------------------------------------------
// CLI

if (isMain(import.meta.url)) {
  const appOrigins = (process.env.APP_ORIGINS || "http://localhost:8788,http://127.0.0.1:8788").split(",");
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  await runAlone({
    name: "Sign-in emulator",
    portVar: "AUTH_EMULATOR_PORT",
    defaultPort: 8790,
    start: (port) => startAuthEmulator({ port, appOrigins, keysFile: path.join(root, ".wrangler", "auth-emulator-keys.json") }),
    describe: (emulator) => emulator.issuer,
  });
}
