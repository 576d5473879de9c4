import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import type { AppEnv } from "./env.server";

// Sign-in is one code path: OAuth 2 authorization code + PKCE + state through
// remix-auth-oauth2, then the ID token verified with jose against the
// provider's JWKS. Google in production; the local OpenID Connect emulator
// (dev/auth-emulator) when no Google credentials are configured.

export interface Identity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

const GOOGLE_ISSUER = "https://accounts.google.com";
const EMULATOR_CLIENT = { clientId: "truco-local", clientSecret: "truco-local-secret" };
const STATE_COOKIE = "truco_oauth";

interface Provider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Issuer values its ID tokens may carry (Google uses two spellings). */
  acceptedIssuers: string[];
}

function provider(env: AppEnv): Provider {
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    return {
      issuer: GOOGLE_ISSUER,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      acceptedIssuers: [GOOGLE_ISSUER, "accounts.google.com"],
    };
  }
  const issuer = env.AUTH_EMULATOR_URL.replace(/\/$/, "");
  return { issuer, ...EMULATOR_CLIENT, acceptedIssuers: [issuer] };
}

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof DiscoverySchema>;

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discoveryCache = new Map<string, { at: number; value: Discovery }>();
const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function discover(issuer: string): Promise<Discovery> {
  const hit = discoveryCache.get(issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.value;
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`OpenID discovery failed for ${issuer}: ${response.status}`);
  const value = DiscoverySchema.parse(await response.json());
  discoveryCache.set(issuer, { at: Date.now(), value });
  return value;
}

function jwks(uri: string) {
  let set = jwksCache.get(uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(uri));
    jwksCache.set(uri, set);
  }
  return set;
}

async function authenticator(request: Request, env: AppEnv) {
  const idp = provider(env);
  const meta = await discover(idp.issuer);
  const strategy = new OAuth2Strategy<Identity>(
    {
      cookie: {
        name: STATE_COOKIE,
        httpOnly: true,
        sameSite: "Lax",
        ...(env.APP_ENV === "production" ? { secure: true as const } : {}),
        path: "/",
        maxAge: 600,
      },
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      authorizationEndpoint: meta.authorization_endpoint,
      tokenEndpoint: meta.token_endpoint,
      redirectURI: new URL("/auth/callback", request.url).toString(),
      scopes: ["openid", "email", "profile"],
      codeChallengeMethod: CodeChallengeMethod.S256,
    },
    async ({ tokens }) => {
      const { payload } = await jwtVerify(tokens.idToken(), jwks(meta.jwks_uri), {
        issuer: idp.acceptedIssuers,
        audience: idp.clientId,
      });
      return identityFrom(idp.issuer, payload);
    },
  );
  return new Authenticator<Identity>().use(strategy, "oidc");
}

function identityFrom(issuer: string, claims: JWTPayload): Identity {
  if (!claims.sub) throw new Error("ID token without subject");
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  return {
    issuer,
    subject: claims.sub,
    email: claims.email_verified === false ? null : text(claims.email),
    name: text(claims.name),
    picture: text(claims.picture),
  };
}

/** Where to send the browser, plus the cookie holding state and PKCE verifier. */
export async function beginSignIn(request: Request, env: AppEnv): Promise<{ redirectUrl: string; setCookie: string | null }> {
  try {
    await (await authenticator(request, env)).authenticate("oidc", request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.has("Location")) {
      return { redirectUrl: thrown.headers.get("Location")!, setCookie: thrown.headers.get("Set-Cookie") };
    }
    throw thrown;
  }
  throw new Error("The sign-in strategy did not redirect");
}

/**
 * Exchanges the authorization code (checked against the state cookie and its
 * PKCE verifier) and returns the verified identity.
 */
export async function completeSignIn(request: Request, env: AppEnv, params: { code: string; state: string }): Promise<Identity> {
  const callback = new URL("/auth/callback", request.url);
  callback.searchParams.set("code", params.code);
  callback.searchParams.set("state", params.state);
  const exchange = new Request(callback, { headers: { Cookie: request.headers.get("Cookie") ?? "" } });
  return (await authenticator(request, env)).authenticate("oidc", exchange);
}

/** Set-Cookie values that clear the state cookies of finished sign-ins. */
export function clearStateCookies(request: Request, env: AppEnv): string[] {
  const secure = env.APP_ENV === "production" ? "; Secure" : "";
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0])
    .filter((name) => name.startsWith(STATE_COOKIE))
    .map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}
