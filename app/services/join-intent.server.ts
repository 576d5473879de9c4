import { z } from "zod";

// An invite link (`/?join=CODE`) opened while signed out: the code rides through
// the sign-in round trip in a short-lived cookie set by the sign-in form's action, and the first
// home page after sign-in opens the join dialog with it, then forgets it.

const JOIN_INTENT_COOKIE = "truco_join";
/** Long enough for a sign-in (the provider's page, maybe an account to create), short enough to forget. */
const MAX_AGE_SECONDS = 15 * 60;

export const JoinCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6}$/);

export function joinIntentCookie(code: string, secure: boolean): string {
  return `${JOIN_INTENT_COOKIE}=${code}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearJoinIntent(secure: boolean): string {
  return `${JOIN_INTENT_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The code an invite link left in the cookie, or null (also for anything that is not a code). */
export function joinIntentFrom(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== JOIN_INTENT_COOKIE) continue;
    const parsed = JoinCodeSchema.safeParse(decodeURIComponent(rest.join("=")));
    return parsed.success ? parsed.data : null;
  }
  return null;
}

/** The invite code of a sign-in form (the landing page copies `?join=` into it), or null. */
export async function joinCodeOfSignInForm(request: Request): Promise<string | null> {
  if (request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase() !== "application/x-www-form-urlencoded") return null;
  const text = await request.clone().text();
  if (text.length > 1024) return null;
  const parsed = JoinCodeSchema.safeParse(new URLSearchParams(text).get("join") ?? "");
  return parsed.success ? parsed.data : null;
}
