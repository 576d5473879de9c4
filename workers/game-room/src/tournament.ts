import { DurableObject } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { createDb, type Database } from "../../../db/client";
import { auditStatement } from "../../../db/admin";
import { gameSummaryOf, randomGameCode } from "../../../db/games";
import { isUniqueViolation } from "../../../db/ledger";
import { games, users, type Tournament as TournamentRow } from "../../../db/schema";
import {
  bracketStatement,
  closeWithRefundsStatements,
  completionStatements,
  findTournament,
  refundOneStatements,
  registerPlayer,
  registrationsOf,
  scheduleStatements,
  startStatement,
  unregisterPlayer,
} from "../../../db/tournaments";
import type { ChannelEvent } from "../../../game/protocol/channel";
import type { PlayerChannelRpc } from "../../../game/channel/api";
import type { AssignedSeat, RoomRpc } from "../../../game/room/api";
import {
  TOURNAMENT_NO_SHOW_SECONDS,
  TournamentAuditSchema,
  type TournamentAudit,
  type TournamentResult,
  type TournamentRpc,
} from "../../../game/tournament/api";
import * as bracketRules from "../../../game/tournament/bracket";
import { prizePool, prizeSplit } from "../../../game/tournament/prizes";
import type { RoomEnv } from "./env";
import { stubOf } from "../../../db/stubs";

const ID_KEY = "tournament";
/** While a tournament runs, the object looks at its games this often even if no room reports (a lost report). */
const POLL_MS = 60_000;

/**
 * One Durable Object per tournament (ADR 065): the adapter of game/tournament. The tournament row
 * in D1 is the truth; this object is its only writer once it exists, so registration (the last
 * place), the draw, each result and the prizes are serialised here. It keeps one alarm: the start
 * while registration is open, then a poll of its games while it runs (the rooms' reports are the
 * fast path; the poll only catches a report that was lost).
 */
export class Tournament extends DurableObject<RoomEnv> implements TournamentRpc {
  private readonly db: Database;
  private id: string | undefined;

  constructor(ctx: DurableObjectState, env: RoomEnv) {
    super(ctx, env);
    this.db = createDb(env.DB);
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.ctx.blockConcurrencyWhile(fn);
  }

  private async remember(tournamentId: string): Promise<void> {
    if (this.id === tournamentId) return;
    this.id = tournamentId;
    await this.ctx.storage.put(ID_KEY, tournamentId);
  }

  // ------------------------------------------------------------------ RPC

  async register(tournamentId: string, userId: string): Promise<TournamentResult> {
    return this.exclusive(async () => {
      await this.remember(tournamentId);
      const t = await findTournament(this.db, tournamentId);
      if (!t) return { ok: false, error: "not_found" };
      const now = Date.now();
      if (!openForRegistration(t, now)) return { ok: false, error: t.status === "active" ? "started" : "not_registration" };
      const registered = await registrationsOf(this.db, t.id);
      if (registered.some((r) => r.user_id === userId)) return { ok: false, error: "already_registered" };
      if (registered.length >= t.max_participants) return { ok: false, error: "full" };
      const outcome = await registerPlayer(this.db, t, userId);
      await this.scheduleFor(t, now);
      if (outcome === "registered") return { ok: true };
      return { ok: false, error: outcome === "insufficient" ? "insufficient_coins" : "already_registered" };
    });
  }

  async unregister(tournamentId: string, userId: string): Promise<TournamentResult> {
    return this.exclusive(async () => {
      await this.remember(tournamentId);
      const t = await findTournament(this.db, tournamentId);
      if (!t) return { ok: false, error: "not_found" };
      if (!openForRegistration(t, Date.now())) return { ok: false, error: t.status === "active" ? "started" : "not_registration" };
      const line = (await registrationsOf(this.db, t.id)).find((r) => r.user_id === userId);
      if (!line) return { ok: false, error: "not_registered" };
      await unregisterPlayer(this.db, t, userId, line.entry_paid);
      return { ok: true };
    });
  }

  async tick(tournamentId: string): Promise<void> {
    await this.exclusive(async () => {
      await this.remember(tournamentId);
      await this.step();
    });
  }

  async gameEnded(tournamentId: string, gameId: string): Promise<void> {
    void gameId; // The game's row in D1 says how it ended; the step reads every pending game.
    await this.tick(tournamentId);
  }

  async cancel(tournamentId: string, audit: TournamentAudit): Promise<TournamentResult> {
    const parsed = TournamentAuditSchema.parse(audit);
    return this.exclusive(async () => {
      await this.remember(tournamentId);
      const t = await findTournament(this.db, tournamentId);
      if (!t) return { ok: false, error: "not_found" };
      if (t.status === "completed" || t.status === "cancelled") return { ok: false, error: "not_registration" };
      const refunds = (await registrationsOf(this.db, t.id)).map((r) => ({ userId: r.user_id, amount: r.entry_paid }));
      const audited = auditStatement(this.db, {
        id: parsed.id,
        adminId: parsed.adminId,
        type: "cancel_tournament",
        targetUserId: null,
        targetTournamentId: t.id,
        reason: parsed.reason,
      });
      const statements = closeWithRefundsStatements(this.db, t, refunds, "cancelled", "admin", null, [audited]);
      await this.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
      await this.ctx.storage.deleteAlarm();
      return { ok: true };
    });
  }

  async alarm(): Promise<void> {
    const id = this.id ?? (await this.ctx.storage.get<string>(ID_KEY));
    if (!id) return;
    this.id = id;
    await this.exclusive(() => this.step());
  }

  // ------------------------------------------------------------------ the steps

  /** Does whatever is due now, then sets the next alarm. */
  private async step(): Promise<void> {
    const id = this.id!;
    let t = await findTournament(this.db, id);
    if (!t) return;
    const now = Date.now();
    if (t.status === "upcoming" || t.status === "registration") {
      if (Date.parse(t.start_time) > now) return this.scheduleFor(t, now);
      await this.closeRegistration(t);
      // The series goes on: its next tournaments exist before this one is played.
      if (t.series) await this.ensureSchedule(new Date(now));
      t = await findTournament(this.db, id);
      if (!t) return;
    }
    if (t.status === "active") await this.run(t);
    t = await findTournament(this.db, id);
    if (t?.status === "active") await this.ctx.storage.setAlarm(Date.now() + POLL_MS);
  }

  private async scheduleFor(t: TournamentRow, now: number): Promise<void> {
    if (t.status !== "upcoming" && t.status !== "registration") return;
    await this.ctx.storage.setAlarm(Math.max(Date.parse(t.start_time), now));
  }

  private async ensureSchedule(now: Date): Promise<void> {
    const statements = scheduleStatements(this.db, now);
    await this.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  }

  /** Registration closes at start_time: too few players cancels with every fee returned; else the draw. */
  private async closeRegistration(t: TournamentRow): Promise<void> {
    const registered = await registrationsOf(this.db, t.id);
    const players = registered.map((r) => r.user_id);
    const fee = new Map(registered.map((r) => [r.user_id, r.entry_paid]));
    const random = cryptoRandom;
    const { teams, left } = t.game_type === "2v2" ? bracketRules.formTeams(players, random) : { teams: singles(players), left: [] };
    if (players.length < t.min_participants || teams.length < 2) {
      const refunds = players.map((userId) => ({ userId, amount: fee.get(userId) ?? 0 }));
      const statements = closeWithRefundsStatements(this.db, t, refunds, "cancelled", "not_enough_players", null);
      await this.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
      return;
    }
    const bracket = bracketRules.drawBracket(teams, random);
    await this.db.batch([
      startStatement(this.db, t, bracket),
      ...left.flatMap((userId) => refundOneStatements(this.db, t, userId, fee.get(userId) ?? 0)),
    ]);
  }

  /** Results in, games out, until nothing changes; then the completion once the final is decided. */
  private async run(t: TournamentRow): Promise<void> {
    let bracket = bracketRules.BracketSchema.parse(JSON.parse(t.bracket ?? "null"));
    for (let pass = 0; pass < 8; pass++) {
      const before = JSON.stringify(bracket);
      bracket = await this.collectResults(bracket);
      for (const match of bracketRules.readyMatches(bracket)) bracket = await this.startMatch(t, bracket, match);
      if (JSON.stringify(bracket) === before) break;
      await this.db.batch([bracketStatement(this.db, t, bracket)]);
    }
    if (bracketRules.isFinished(bracket)) await this.complete(t, bracket);
  }

  private async collectResults(bracket: bracketRules.Bracket): Promise<bracketRules.Bracket> {
    const pending = bracketRules.pendingGames(bracket);
    if (pending.length === 0) return bracket;
    const rows = await this.db
      .select()
      .from(games)
      .where(
        inArray(
          games.id,
          pending.map((m) => m.gameId!),
        ),
      );
    for (const match of pending) {
      const game = rows.find((row) => row.id === match.gameId);
      if (!game) continue;
      if (game.status === "completed" && game.winner_team) {
        const winner = match.entrants[game.winner_team === "team1" ? 0 : 1];
        const forfeit = game.team1_score === 0 && game.team2_score === 0;
        bracket = bracketRules.recordResult(bracket, match.id, winner, forfeit ? "forfeit" : "played");
      } else if (game.status === "cancelled") {
        // Both sides absent (the room's no-show rule) or an admin's cancel: nobody goes through.
        bracket = bracketRules.recordResult(bracket, match.id, null, "void");
      } else if (game.status === "waiting" && !game.started_at) {
        // A room that may not have been opened (the object stopped between the row and the call): opening is idempotent.
        await this.openRoom(game.id, bracket, match).catch((error: unknown) => console.warn("reopen failed", error));
      }
    }
    return bracket;
  }

  /** The seats of a match: the first entrant's members on team 1 (seats 0, 2), the second's on team 2 (1, 3). */
  private async seatsOf(bracket: bracketRules.Bracket, match: bracketRules.BracketMatch): Promise<AssignedSeat[]> {
    const [a, b] = match.entrants.map((id) => bracket.entrants.find((e) => e.id === id)!.members);
    const order = a.length === 2 ? [a[0], b[0], a[1], b[1]] : [a[0], b[0]];
    const rows = await this.db.select().from(users).where(inArray(users.id, order));
    return order.map((userId) => {
      const user = rows.find((row) => row.id === userId);
      return {
        userId,
        nickname: user?.nickname ?? "?",
        avatarUrl: user?.avatar_url ?? null,
        isPremium: Boolean(user?.premium_until && Date.parse(user.premium_until) > Date.now()),
        rating: user?.ranking_points ?? 1000,
        entry: 0,
      };
    });
  }

  /** A match's game: the row (no table entry: the fee was the tournament's), the bracket saved with it, then the room. */
  private async startMatch(
    t: TournamentRow,
    bracket: bracketRules.Bracket,
    match: bracketRules.BracketMatch,
  ): Promise<bracketRules.Bracket> {
    const seats = await this.seatsOf(bracket, match);
    const gameId = await this.insertGame(t, seats[0].userId);
    const next = bracketRules.assignGame(bracket, match.id, gameId);
    await this.db.batch([bracketStatement(this.db, t, next)]);
    const result = await this.openRoom(gameId, next, match, seats);
    if (!result.ok) return bracketRules.recordResult(next, match.id, null, "void");
    const round = match.round;
    const event: ChannelEvent = {
      type: "tournament_game_ready",
      payload: { tournament_id: t.id, tournament_name: t.name, game_id: gameId, round, final: round === next.rounds.length - 1 },
    };
    await Promise.allSettled(seats.map((seat) => this.channel(seat.userId).notify(event)));
    return next;
  }

  private async openRoom(gameId: string, bracket: bracketRules.Bracket, match: bracketRules.BracketMatch, seats?: AssignedSeat[]) {
    const game = await this.db.select().from(games).where(eq(games.id, gameId)).get();
    if (!game) return { ok: false as const };
    const summary = gameSummaryOf(game);
    const room = stubOf<RoomRpc>(this.env.GAME_ROOM!, gameId);
    return room.openAssigned(summary, seats ?? (await this.seatsOf(bracket, match)), {
      noShowSeconds: TOURNAMENT_NO_SHOW_SECONDS,
      noShowRule: "forfeit",
    });
  }

  private async insertGame(t: TournamentRow, createdBy: string): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const id = crypto.randomUUID();
      try {
        await this.db.insert(games).values({
          id,
          game_code: randomGameCode(),
          game_type: t.game_type,
          game_mode: "tournament",
          truco_variant: t.truco_variant,
          entry_cost: 0,
          created_by: createdBy,
          tournament_id: t.id,
        });
        return id;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error("Could not find a free game code");
  }

  /** The final is decided: places and prizes in one batch; without a champion every fee is returned. */
  private async complete(t: TournamentRow, bracket: bracketRules.Bracket): Promise<void> {
    const registered = await registrationsOf(this.db, t.id);
    const champion = bracketRules.championOf(bracket);
    if (champion === null) {
      const refunds = registered.map((r) => ({ userId: r.user_id, amount: r.entry_paid }));
      const statements = closeWithRefundsStatements(this.db, t, refunds, "completed", "no_champion", bracket);
      await this.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
      return;
    }
    const pool = prizePool(
      registered.reduce((sum, r) => sum + r.entry_paid, 0),
      t.guaranteed_prize,
    );
    const prizes = prizeSplit(bracket, pool);
    const places = new Map<string, number | null>();
    for (const line of bracketRules.standings(bracket)) {
      for (const member of bracket.entrants.find((e) => e.id === line.entrant)!.members) places.set(member, line.place);
    }
    const statements = completionStatements(this.db, t, bracket, places, prizes);
    try {
      await this.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    } catch (error) {
      // Paid already (a prize key exists): the completion ran before; nothing more to do.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  private channel(userId: string): PlayerChannelRpc {
    return stubOf<PlayerChannelRpc>(this.env.PLAYER_CHANNEL!, userId);
  }
}

function openForRegistration(t: TournamentRow, now: number): boolean {
  if (Date.parse(t.start_time) <= now) return false;
  if (t.status === "registration") return true;
  return t.status === "upcoming" && t.registration_opens_at !== null && Date.parse(t.registration_opens_at) <= now;
}

function singles(players: string[]): bracketRules.Entrant[] {
  return players.map((id) => ({ id, members: [id] }));
}

function cryptoRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;
}
