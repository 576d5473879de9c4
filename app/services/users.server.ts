import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, ne, sql } from "drizzle-orm";
import { oauthAccounts, users, type User } from "../../db/schema";
import { NICKNAME_MAX, NICKNAME_MIN } from "~/utils/limits";
import type { Language } from "~/i18n";
import { adminEmails } from "./env.server";
import { refusal, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { rateLimited } from "./rate-limit.server";
import { isUniqueViolation, movementStatements, welcomeBonus } from "../../db/ledger";
import type { Identity } from "./sign-in.server";

/** The user profile of spec §3, as GET /api/users/me answers it. */
export function profileOf(user: User, now = new Date()) {
  return {
    id: user.id,
    nickname: user.nickname,
    avatar_url: user.avatar_url,
    virtual_coins: user.virtual_coins,
    ranking_points: user.ranking_points,
    games_played: user.games_played,
    games_won: user.games_won,
    games_lost: user.games_lost,
    is_premium: isPremium(user, now),
    premium_until: user.premium_until,
    created_at: user.created_at,
    last_daily_reward_at: user.last_daily_reward_at,
    /** Consecutive days of the last claim (the daily reward banner shows the next one). */
    daily_streak: user.daily_streak,
    language: user.language,
    role: user.role,
  };
}
export type Profile = ReturnType<typeof profileOf>;

export function isPremium(user: Pick<User, "premium_until">, now = new Date()): boolean {
  return Boolean(user.premium_until && user.premium_until > now.toISOString());
}

/** A nickname from the identity: its name, else the e-mail's local part. */
export function nicknameBase(identity: Pick<Identity, "name" | "email">): string {
  const clean = (value: string | null) =>
    (value ?? "")
      .normalize("NFC")
      .replace(/[^\p{L}\p{N} _.-]/gu, "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, NICKNAME_MAX)
      .trim();
  // Too short to be found by the friend search: the next source instead.
  const long = (value: string) => ([...value].length >= NICKNAME_MIN ? value : "");
  return long(clean(identity.name)) || long(clean(identity.email?.split("@")[0] ?? null)) || "Jogador";
}

function withSuffix(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = String(attempt < 3 ? 10 + Math.floor(Math.random() * 90) : 1000 + Math.floor(Math.random() * 9000));
  return `${base.slice(0, NICKNAME_MAX - suffix.length)}${suffix}`;
}

/**
 * The user behind a verified identity, created on first sign-in with a unique
 * nickname and the welcome bonus written through the ledger, in one batch.
 */
export async function userForIdentity(context: AppLoadContext, identity: Identity): Promise<User> {
  const { db } = context;
  const existing = await findByIdentity(context, identity);
  const role = identity.email && adminEmails(context.env).has(identity.email.toLowerCase()) ? "admin" : "player";
  if (existing) {
    const changes: Partial<User> = {};
    if (existing.role !== role) changes.role = role;
    if (identity.picture && identity.picture !== existing.avatar_url) changes.avatar_url = identity.picture;
    if (identity.email && identity.email !== existing.email) changes.email = identity.email;
    if (Object.keys(changes).length === 0) return existing;
    await db.update(users).set(changes).where(eq(users.id, existing.id));
    return { ...existing, ...changes };
  }

  const base = nicknameBase(identity);
  for (let attempt = 0; attempt < 8; attempt++) {
    const id = crypto.randomUUID();
    try {
      const rows = newUserRows(
        { id, nickname: withSuffix(base, attempt), email: identity.email, avatar_url: identity.picture, role },
        identity,
      );
      await db.batch([
        db.insert(users).values(rows.user),
        db.insert(oauthAccounts).values(rows.account),
        ...movementStatements(db, rows.welcome),
      ]);
      return (await db.select().from(users).where(eq(users.id, id)).get())!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either the nickname is taken (try another) or a concurrent sign-in of
      // the same identity created the user first (use it).
      const raced = await findByIdentity(context, identity);
      if (raced) return raced;
    }
  }
  throw new Error("Could not find a free nickname");
}

/**
 * What a new identity's first sign-in writes, in one batch: the user, its
 * identity, and its welcome bonus through the ledger (the bench makes its
 * players from these too).
 */
export function newUserRows(
  user: Pick<typeof users.$inferInsert, "id" | "nickname" | "email" | "avatar_url" | "role">,
  identity: Pick<Identity, "issuer" | "subject">,
) {
  return {
    user,
    account: { user_id: user.id, provider: identity.issuer, subject: identity.subject },
    welcome: welcomeBonus(user.id),
  };
}

async function findByIdentity(context: AppLoadContext, identity: Identity): Promise<User | null> {
  const row = await context.db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.user_id))
    .where(and(eq(oauthAccounts.provider, identity.issuer), eq(oauthAccounts.subject, identity.subject)))
    .get();
  return row?.user ?? null;
}

export type NicknameOutcome = "updated" | "unchanged" | "taken";

/**
 * A new nickname, as `PUT /api/users/profile` and the profile page's form both save it: counts
 * `profile_update`, then 409 when another player has it.
 */
export async function changeNickname(
  context: AppLoadContext,
  request: Request,
  user: User,
  nickname: string,
): Promise<Outcome<"updated" | "unchanged">> {
  const limited = await rateLimited(context, request, "profile_update", user);
  if (limited) return limited;
  const outcome = await updateNickname(context, user, nickname);
  if (outcome === "taken") return refusal(409, (await serverT(request))("profile:nicknameTaken"));
  return { ok: true, data: outcome };
}

export async function updateNickname(context: AppLoadContext, user: User, nickname: string): Promise<NicknameOutcome> {
  if (nickname === user.nickname) return "unchanged";
  const clash = await context.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.nickname}) = lower(${nickname})`, ne(users.id, user.id)))
    .get();
  if (clash) return "taken";
  try {
    await context.db.update(users).set({ nickname }).where(eq(users.id, user.id));
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
  return "updated";
}

export async function updateLanguage(context: AppLoadContext, userId: string, language: Language) {
  await context.db.update(users).set({ language }).where(eq(users.id, userId));
}
