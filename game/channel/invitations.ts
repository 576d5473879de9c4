import type { GameMode, GameType } from "../protocol/entities";
import type { Variant } from "../truco/index";

// Invitations to a table, pure: time comes in as an argument. The invited
// player's PlayerChannel holds the invitation and decides its fate (the authority); the inviter's
// channel keeps a mirror and learns each outcome from it. An invitation is open for
// INVITATION_TTL_MS, and closes earlier when its room fills or starts (the inviter's channel hears
// that from the room and asks the invited player's channel to cancel it).
//
//   pending ──accept──► accepting ──joined──► accepted
//      │                   └──not joined / stuck──► cancelled / expired
//      ├──decline──► declined
//      ├──60 s──► expired
//      └──room full, started or left──► cancelled

/** How long an invitation stays open. */
export const INVITATION_TTL_MS = 60_000;
/** An accept the app began but never finished (a crash between the two calls) expires this long after the invitation. */
export const ACCEPT_WINDOW_MS = 30_000;
/** At most this many open invitations per invited player: more would bury the screen. */
export const MAX_OPEN_INVITATIONS = 5;
/** Closed invitations are kept this long (a late duplicate call gets the same answer), then dropped. */
export const CLOSED_KEPT_MS = 5 * 60_000;
/** The inviter's mirror waits this long past the expiry for the outcome before calling it expired. */
export const MIRROR_SLACK_MS = 30_000;

export const INVITATION_STATUSES = ["pending", "accepting", "accepted", "declined", "expired", "cancelled"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** The statuses after which nothing changes. */
export type ClosedStatus = Exclude<InvitationStatus, "pending" | "accepting">;

export interface InvitationGame {
  id: string;
  game_code: string;
  game_type: GameType;
  game_mode: GameMode;
  truco_variant: Variant;
  entry_cost: number;
}

export interface Invitation {
  id: string;
  from: { id: string; nickname: string; avatar_url: string | null };
  to: { id: string; nickname: string };
  game: InvitationGame;
  /** Epoch ms. */
  created_at: number;
  expires_at: number;
  status: InvitationStatus;
}

export function isOpen(invitation: Pick<Invitation, "status">): boolean {
  return invitation.status === "pending" || invitation.status === "accepting";
}

export function newInvitation(input: Omit<Invitation, "created_at" | "expires_at" | "status">, now: number): Invitation {
  return { ...input, created_at: now, expires_at: now + INVITATION_TTL_MS, status: "pending" };
}

function replace(list: readonly Invitation[], next: Invitation): Invitation[] {
  return list.map((invitation) => (invitation.id === next.id ? next : invitation));
}

/** When an open invitation stops being open on its own. */
function deadline(invitation: Invitation): number {
  return invitation.status === "accepting" ? invitation.expires_at + ACCEPT_WINDOW_MS : invitation.expires_at;
}

/**
 * Closes the open invitations `slack` ms past their deadline (as expired) and drops closed ones kept
 * long enough; the same list back when nothing changed. The invited player's list and the
 * inviter's mirrors differ only in the slack.
 */
function expireAfter(list: readonly Invitation[], now: number, slack: number): { list: Invitation[]; expired: Invitation[] } {
  const expired: Invitation[] = [];
  const next: Invitation[] = [];
  for (const invitation of list) {
    if (isOpen(invitation) && now >= deadline(invitation) + slack) {
      const closed = { ...invitation, status: "expired" as const };
      expired.push(closed);
      next.push(closed);
    } else if (isOpen(invitation) || now - invitation.expires_at < CLOSED_KEPT_MS) {
      next.push(invitation);
    }
  }
  return { list: expired.length || next.length !== list.length ? next : (list as Invitation[]), expired };
}

// ------------------------------------------------------------------ the invited player's side

export type Refusal<E extends string> = { ok: false; error: E };

/** Closes what is past its time (pending → expired, a stuck accepting → expired) and drops old closed ones. */
export function expire(list: readonly Invitation[], now: number): { list: Invitation[]; expired: Invitation[] } {
  return expireAfter(list, now, 0);
}

/** A new invitation arrives: refused when the same player already invited to the same game, or too many are open. */
export function receive(
  list: readonly Invitation[],
  invitation: Invitation,
  now: number,
): { ok: true; list: Invitation[] } | Refusal<"duplicate" | "too_many" | "expired"> {
  if (now >= invitation.expires_at) return { ok: false, error: "expired" };
  const current = expire(list, now).list;
  if (current.some((held) => held.id === invitation.id)) return { ok: false, error: "duplicate" };
  const open = current.filter(isOpen);
  if (open.some((held) => held.from.id === invitation.from.id && held.game.id === invitation.game.id))
    return { ok: false, error: "duplicate" };
  if (open.length >= MAX_OPEN_INVITATIONS) return { ok: false, error: "too_many" };
  return { ok: true, list: [...current, { ...invitation, status: "pending" }] };
}

type Lookup = { ok: true; invitation: Invitation } | Refusal<"not_found" | "expired" | "closed">;

function open(list: readonly Invitation[], id: string, now: number): Lookup {
  const invitation = list.find((held) => held.id === id);
  if (!invitation) return { ok: false, error: "not_found" };
  if (invitation.status === "expired" || (isOpen(invitation) && now >= deadline(invitation))) return { ok: false, error: "expired" };
  if (invitation.status !== "pending") return { ok: false, error: "closed" };
  return { ok: true, invitation };
}

type Moved = { ok: true; list: Invitation[]; invitation: Invitation } | Refusal<"not_found" | "expired" | "closed">;

/** A pending invitation, still in time, moves on to `status`; anything else is refused. */
function answer(list: readonly Invitation[], id: string, now: number, status: "accepting" | "declined"): Moved {
  const found = open(list, id, now);
  if (!found.ok) return found;
  const next = { ...found.invitation, status };
  return { ok: true, list: replace(list, next), invitation: next };
}

/** The invited player accepts: the invitation holds (cancelling it no longer works) while the app seats them. */
export function beginAccept(list: readonly Invitation[], id: string, now: number): Moved {
  const moved = answer(list, id, now, "accepting");
  if (moved.ok) return moved;
  // A second accept while the first is under way is the same accept.
  const held = list.find((invitation) => invitation.id === id);
  if (held?.status === "accepting" && now < deadline(held)) return { ok: true, list: [...list], invitation: held };
  return moved;
}

/** The app seated the player (accepted), or could not (cancelled: the room filled or started meanwhile). */
export function finishAccept(
  list: readonly Invitation[],
  id: string,
  joined: boolean,
): { list: Invitation[]; invitation: Invitation | null } {
  const held = list.find((invitation) => invitation.id === id);
  if (!held || held.status !== "accepting") return { list: [...list], invitation: null };
  const closed = { ...held, status: joined ? ("accepted" as const) : ("cancelled" as const) };
  return { list: replace(list, closed), invitation: closed };
}

export function decline(list: readonly Invitation[], id: string, now: number): Moved {
  return answer(list, id, now, "declined");
}

/**
 * The room filled, started or the inviter left: a pending invitation is cancelled. Answers the
 * invitation's status afterwards, which is what the inviter should show: an accept under way is
 * left to finish (the room filling is, most likely, this very player sitting down).
 */
export function cancel(
  list: readonly Invitation[],
  id: string,
  now: number,
): { list: Invitation[]; status: InvitationStatus | null; changed: Invitation | null } {
  const { list: current } = expire(list, now);
  const held = current.find((invitation) => invitation.id === id);
  if (!held) return { list: current, status: null, changed: null };
  if (held.status !== "pending") return { list: current, status: held.status, changed: null };
  const closed = { ...held, status: "cancelled" as const };
  return { list: replace(current, closed), status: "cancelled", changed: closed };
}

/** The invitations the player can still answer, oldest first. */
export function openInvitations(list: readonly Invitation[], now: number): Invitation[] {
  return list.filter((invitation) => invitation.status === "pending" && now < invitation.expires_at);
}

/** The next time something expires or is dropped; null when nothing is open or kept. */
export function nextDeadline(list: readonly Invitation[]): number | null {
  let next: number | null = null;
  for (const invitation of list) {
    const at = isOpen(invitation) ? deadline(invitation) : invitation.expires_at + CLOSED_KEPT_MS;
    if (next === null || at < next) next = at;
  }
  return next;
}

// ------------------------------------------------------------------ the inviter's mirror

/** The inviter's channel records what it sent. */
export function track(list: readonly Invitation[], invitation: Invitation, now: number): Invitation[] {
  const { list: current } = expireMirror(list, now);
  return current.some((held) => held.id === invitation.id) ? current : [...current, invitation];
}

/** The invited player's channel told the outcome: adopted once (a repeated or late word changes nothing). */
export function settleMirror(
  list: readonly Invitation[],
  id: string,
  status: InvitationStatus,
): { list: Invitation[]; changed: Invitation | null } {
  const held = list.find((invitation) => invitation.id === id);
  if (!held || !isOpen(held) || held.status === status) return { list: [...list], changed: null };
  const next = { ...held, status };
  return { list: replace(list, next), changed: isOpen(next) ? null : next };
}

/** Mirrors whose outcome never came are called expired after MIRROR_SLACK_MS; old closed ones are dropped. */
export function expireMirror(list: readonly Invitation[], now: number): { list: Invitation[]; expired: Invitation[] } {
  return expireAfter(list, now, MIRROR_SLACK_MS);
}

/** The mirror's next deadline. */
export function nextMirrorDeadline(list: readonly Invitation[]): number | null {
  let next: number | null = null;
  for (const invitation of list) {
    const at = isOpen(invitation) ? deadline(invitation) + MIRROR_SLACK_MS : invitation.expires_at + CLOSED_KEPT_MS;
    if (next === null || at < next) next = at;
  }
  return next;
}

/** The open invitations the inviter sent to a game (to cancel when the room fills or starts). */
export function sentForGame(list: readonly Invitation[], gameId: string): Invitation[] {
  return list.filter((invitation) => invitation.game.id === gameId && invitation.status === "pending");
}
