import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { games, tournamentRegistrations, tournaments, type Tournament, type User } from "../../db/schema";
import { findTournament, isRegistered, overdueTournaments, registrationsOf, scheduleStatements } from "../../db/tournaments";
import type { TournamentError, TournamentRpc } from "../../game/tournament/api";
import { BracketSchema, PRIZE_SHARES, standings, type Bracket } from "../../game/tournament/index";
import { z } from "zod";
import type { FormResult } from "~/schemas/home-forms";
import { primaryUser, requireUser } from "./auth.server";
import type { Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { rateLimited } from "./rate-limit.server";
import { TOURNAMENT_REFUSALS, refusalOf } from "./refusals.server";
import { stubOf } from "../../db/stubs";

// Tournaments from the app's side: reads straight from D1, every change through the
// tournament's Durable Object, which serialises registration and runs the tournament.

export function tournamentRpc(context: AppLoadContext, tournamentId: string): TournamentRpc {
  return stubOf<TournamentRpc>(context.cloudflare.env.TOURNAMENT, tournamentId);
}

/** The statuses of spec §4; a cancelled tournament reads 'completed' with `cancelled: true`. */
export type TournamentStatus = "upcoming" | "registration" | "active" | "completed";

/** A tournament as GET /api/tournaments answers it: spec §3 fields, the real count, and the caller's registration. */
export interface TournamentView {
  id: string;
  name: string;
  description: string | null;
  tournament_type: string;
  game_type: "1v1" | "2v2";
  truco_variant: string;
  status: TournamentStatus;
  cancelled: boolean;
  entry_cost: number;
  prize_pool: number;
  guaranteed_prize: number;
  max_participants: number;
  min_participants: number;
  participants: number;
  is_registered: boolean;
  registration_opens_at: string | null;
  start_time: string;
  end_time: string | null;
}

function statusOf(t: Tournament, now: number): TournamentStatus {
  if (t.status === "cancelled") return "completed";
  if (t.status === "upcoming" && t.registration_opens_at && Date.parse(t.registration_opens_at) <= now) return "registration";
  return t.status;
}

function viewOf(t: Tournament, counts: { participants: number; fees: number }, registered: boolean, now: number): TournamentView {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    tournament_type: t.tournament_type,
    game_type: t.game_type,
    truco_variant: t.truco_variant,
    status: statusOf(t, now),
    cancelled: t.status === "cancelled",
    entry_cost: t.entry_cost,
    prize_pool: t.status === "cancelled" ? 0 : t.guaranteed_prize + counts.fees,
    guaranteed_prize: t.guaranteed_prize,
    max_participants: t.max_participants,
    min_participants: t.min_participants,
    participants: counts.participants,
    is_registered: registered,
    registration_opens_at: t.registration_opens_at,
    start_time: t.start_time,
    end_time: t.end_time,
  };
}

/**
 * The recurring schedule: the series' next tournaments exist (idempotent inserts), and
 * tournaments past their start whose objects were never woken (nobody registered) are closed.
 */
export async function ensureSchedule(context: AppLoadContext, now = new Date()): Promise<void> {
  const statements = scheduleStatements(context.db, now);
  await context.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  const overdue = await overdueTournaments(context.db, now);
  if (overdue.length > 0) {
    await Promise.allSettled(overdue.map((id) => tournamentRpc(context, id).tick(id)));
  }
}

/** Every tournament to list: the open ones and the 30 most recent finished ones. */
export async function listTournaments(context: AppLoadContext, user: Pick<User, "id"> | null): Promise<TournamentView[]> {
  const now = Date.now();
  const open = await context.db
    .select()
    .from(tournaments)
    .where(inArray(tournaments.status, ["upcoming", "registration", "active"]))
    .orderBy(asc(tournaments.start_time))
    .limit(50);
  const finished = await context.db
    .select()
    .from(tournaments)
    .where(inArray(tournaments.status, ["completed", "cancelled"]))
    .orderBy(desc(tournaments.start_time))
    .limit(30);
  const rows = [...open, ...finished];
  if (rows.length === 0) return [];
  const ids = rows.map((t) => t.id);
  const counts = await context.db
    .select({
      id: tournamentRegistrations.tournament_id,
      participants: sql<number>`count(*)`,
      fees: sql<number>`coalesce(sum(${tournamentRegistrations.entry_paid}), 0)`,
    })
    .from(tournamentRegistrations)
    .where(inArray(tournamentRegistrations.tournament_id, ids))
    .groupBy(tournamentRegistrations.tournament_id);
  const mine = user
    ? new Set(
        (
          await context.db
            .select({ id: tournamentRegistrations.tournament_id })
            .from(tournamentRegistrations)
            .where(and(eq(tournamentRegistrations.user_id, user.id), inArray(tournamentRegistrations.tournament_id, ids)))
        ).map((r) => r.id),
      )
    : new Set<string>();
  return rows.map((t) => viewOf(t, counts.find((c) => c.id === t.id) ?? { participants: 0, fees: 0 }, mine.has(t.id), now));
}

export interface BracketMatchView {
  id: string;
  round: number;
  index: number;
  entrants: ({ id: string; players: { user_id: string; nickname: string }[] } | null)[];
  winner: string | null;
  result: string | null;
  game_id: string | null;
  game_status: string | null;
}

export interface TournamentDetail extends TournamentView {
  participants_list: { user_id: string; nickname: string; avatar_url: string | null; place: number | null; prize: number }[];
  bracket: { rounds: BracketMatchView[][] } | null;
  standings: { entrant: string; players: string[]; place: number | null }[];
  /** The prize of each place (percent of the pool and coins). */
  prizes: { place: number; percent: number; coins: number }[];
  /** The caller's game to play now, if any. */
  my_game_id: string | null;
  end_reason: string | null;
}

export async function tournamentDetail(
  context: AppLoadContext,
  id: string,
  user: Pick<User, "id"> | null,
): Promise<TournamentDetail | null> {
  const t = await findTournament(context.db, id);
  if (!t) return null;
  const people = await registrationsOf(context.db, id);
  const fees = people.reduce((sum, p) => sum + p.entry_paid, 0);
  const view = viewOf(t, { participants: people.length, fees }, Boolean(user && people.some((p) => p.user_id === user.id)), Date.now());
  const nick = new Map(people.map((p) => [p.user_id, p.nickname]));
  const parsed = t.bracket ? BracketSchema.safeParse(JSON.parse(t.bracket)) : null;
  const bracket: Bracket | null = parsed?.success ? parsed.data : null;
  let rounds: BracketMatchView[][] | null = null;
  let myGame: string | null = null;
  if (bracket) {
    const gameIds = bracket.rounds.flat().flatMap((m) => (m.gameId ? [m.gameId] : []));
    const gameRows = gameIds.length
      ? await context.db.select({ id: games.id, status: games.status }).from(games).where(inArray(games.id, gameIds))
      : [];
    const entrant = (entrantId: string | null) => {
      if (entrantId === null) return null;
      const members = bracket.entrants.find((e) => e.id === entrantId)?.members ?? [];
      return { id: entrantId, players: members.map((userId) => ({ user_id: userId, nickname: nick.get(userId) ?? "?" })) };
    };
    rounds = bracket.rounds.map((round) =>
      round.map((m) => {
        const status = gameRows.find((g) => g.id === m.gameId)?.status ?? null;
        if (user && m.result === null && m.gameId && (status === "waiting" || status === "active")) {
          const members = m.entrants.flatMap((e) => bracket.entrants.find((x) => x.id === e)?.members ?? []);
          if (members.includes(user.id)) myGame = m.gameId;
        }
        return {
          id: m.id,
          round: m.round,
          index: m.index,
          entrants: m.entrants.map(entrant),
          winner: m.winner,
          result: m.result,
          game_id: m.gameId,
          game_status: status,
        };
      }),
    );
  }
  const pool = view.prize_pool;
  const prizes = Object.entries(PRIZE_SHARES).map(([place, percent]) => ({
    place: Number(place),
    percent,
    coins: Math.floor((pool * percent) / 100),
  }));
  return {
    ...view,
    participants_list: people.map((p) => ({
      user_id: p.user_id,
      nickname: p.nickname,
      avatar_url: p.avatar_url,
      place: p.place,
      prize: p.prize,
    })),
    bracket: rounds ? { rounds } : null,
    standings: bracket
      ? standings(bracket).map((s) => ({
          entrant: s.entrant,
          players: (bracket.entrants.find((e) => e.id === s.entrant)?.members ?? []).map((u) => nick.get(u) ?? "?"),
          place: s.place,
        }))
      : [],
    prizes,
    my_game_id: myGame,
    end_reason: t.end_reason,
  };
}

async function tournamentRefusal(request: Request, error: TournamentError, entryCost: number): Promise<Outcome<never>> {
  return refusalOf(request, TOURNAMENT_REFUSALS, error, { n: entryCost });
}

/** Registration, from the API and from the page's form. */
export async function registerFor(
  request: Request,
  context: AppLoadContext,
  user: User,
  tournamentId: string,
): Promise<Outcome<{ tournament: TournamentView }>> {
  return throughTournament(request, context, user, tournamentId, "register");
}

/** Leaving while registration is open (the fee comes back), from the API and from the page's form. */
export async function unregisterFrom(
  request: Request,
  context: AppLoadContext,
  user: User,
  tournamentId: string,
): Promise<Outcome<{ tournament: TournamentView }>> {
  return throughTournament(request, context, user, tournamentId, "unregister");
}

/**
 * Asks the tournament's object to (un)register the player; answers the tournament as it now
 * stands. Both count `tournament_register`.
 */
async function throughTournament(
  request: Request,
  context: AppLoadContext,
  user: User,
  tournamentId: string,
  step: "register" | "unregister",
): Promise<Outcome<{ tournament: TournamentView }>> {
  const limited = await rateLimited(context, request, "tournament_register", user);
  if (limited) return limited;
  const t = await findTournament(context.db, tournamentId);
  if (!t) return tournamentRefusal(request, "not_found", 0);
  if (
    step === "register" &&
    user.virtual_coins < t.entry_cost &&
    !(await isRegistered(context.db, t.id, user.id)) &&
    // The session's row may be a replica's: a refusal it would cause is decided on the primary's row.
    (await primaryUser(context, user)).virtual_coins < t.entry_cost
  ) {
    // Checked again, atomically, by the ledger; this only spares the object a call.
    return tournamentRefusal(request, "insufficient_coins", t.entry_cost);
  }
  const result = await tournamentRpc(context, tournamentId)[step](tournamentId, user.id);
  if (!result.ok) return tournamentRefusal(request, result.error, t.entry_cost);
  return { ok: true, data: { tournament: (await tournamentDetail(context, tournamentId, user))! } };
}

const TournamentFormSchema = z.object({ intent: z.enum(["register", "unregister"]), tournament_id: z.string().min(1).max(100) });

/**
 * The register / leave forms of /tournaments and /tournaments/{id} (they work before
 * hydration): the same decisions as the API, answered as the page's notice (spec §8 texts).
 */
export async function tournamentFormAction(request: Request, context: AppLoadContext): Promise<FormResult> {
  const user = await requireUser(request, context);
  const t = await serverT(request);
  const fields = await request.formData().catch(() => null);
  const parsed = TournamentFormSchema.safeParse(fields ? Object.fromEntries(fields) : null);
  if (!parsed.success) return { intent: "register", ok: false, message: t("tournaments:registerError") };
  const { intent, tournament_id: id } = parsed.data;
  if (intent === "register") {
    const outcome = await registerFor(request, context, user, id);
    return outcome.ok
      ? { intent, ok: true, message: t("tournaments:registerSuccess") }
      : { intent, ok: false, message: outcome.error || t("tournaments:registerError") };
  }
  const outcome = await unregisterFrom(request, context, user, id);
  return outcome.ok
    ? { intent, ok: true, message: t("tournaments:unregisterSuccess") }
    : { intent, ok: false, message: outcome.error || t("tournaments:unregisterError") };
}
