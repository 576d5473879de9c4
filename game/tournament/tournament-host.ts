import type { ChannelEvent } from "../protocol/channel";
import type { AssignedSeat } from "../room/api";
import { TOURNAMENT_NO_SHOW_SECONDS, type TournamentAudit, type TournamentResult } from "./api";
import * as bracketRules from "./bracket";
import { prizePool, prizeSplit } from "./prizes";
import type { TournamentPorts, TournamentRecord } from "./ports";
import { closeRegistry, depart, RegistrySchema, reserve, settle, unsettled, type Entry, type Registry } from "./registry";

// One tournament, served by the Tournament Durable Object, which only wires its platform to these
// ports (ADR 065). The tournament's row in D1 is the truth; this host is its only writer once it
// exists. Places are decided in the object's own list (registry.ts, ADR 122) with no D1 round trip
// in that section, and each place's fee follows in one batch outside it; the draw, each result and
// the prizes are serialised here (`exclusive`). It keeps one alarm: the start while registration is
// open (sooner when a registration batch must be tried again), then a poll of its games while it
// runs (the rooms' reports are the fast path; the poll only catches a report that was lost). Every
// step re-reads the row, so a repeated or late alarm is harmless.

/** While a tournament runs, the host looks at its games this often even if no room reports (a lost report). */
export const TOURNAMENT_POLL_MS = 60_000;
/** Results in, games out, at most this many times per step (each round's games start in one pass). */
const MAX_PASSES = 8;
/** A registration batch that failed is tried again this soon, by alarm. */
export const REGISTRY_RETRY_MS = 5_000;

export class TournamentHost {
  private id: string | undefined;
  /** The registration list (registry.ts), loaded once. */
  private registry: Registry | undefined;
  /** Each player's calls under way, in order. */
  private readonly players = new Map<string, Promise<unknown>>();

  constructor(private readonly ports: TournamentPorts) {}

  private async remember(tournamentId: string): Promise<void> {
    if (this.id === tournamentId) return;
    this.id = tournamentId;
    await this.ports.store.remember(tournamentId);
  }

  // ------------------------------------------------------------------ the contract (api.ts)

  async register(tournamentId: string, userId: string): Promise<TournamentResult> {
    await this.remember(tournamentId);
    return this.forPlayer(userId, async () => {
      const t = await this.ports.records.find(tournamentId);
      if (!t) return { ok: false, error: "not_found" };
      const now = this.ports.clock.now();
      if (!openForRegistration(t, now)) return { ok: false, error: t.status === "active" ? "started" : "not_registration" };
      await this.load(t);
      await this.settlePlayer(t, userId);
      // The critical section: the place is decided and stored with no D1 round trip in between.
      const reserved = reserve(this.registry!, userId, t);
      if (!reserved.ok) return reserved;
      await this.save(reserved.registry);
      await this.scheduleFor(t, now);
      const outcome = await this.pay(t, userId);
      if (outcome === "paid") return { ok: true };
      return { ok: false, error: outcome === "insufficient" ? "insufficient_coins" : "already_registered" };
    });
  }

  async unregister(tournamentId: string, userId: string): Promise<TournamentResult> {
    await this.remember(tournamentId);
    return this.forPlayer(userId, async () => {
      const t = await this.ports.records.find(tournamentId);
      if (!t) return { ok: false, error: "not_found" };
      if (!openForRegistration(t, this.ports.clock.now()))
        return { ok: false, error: t.status === "active" ? "started" : "not_registration" };
      await this.load(t);
      await this.settlePlayer(t, userId);
      const departed = depart(this.registry!, userId);
      if (!departed.ok) return departed;
      await this.save(departed.registry);
      await this.leave(t, departed.entry);
      return { ok: true };
    });
  }

  // ------------------------------------------------------------------ the registration list

  /** One call of a player at a time (a register and an unregister of one player never interleave). */
  private forPlayer<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.players.get(userId) ?? Promise.resolve()).then(fn);
    const tail = run.catch(() => {});
    this.players.set(userId, tail);
    void tail.then(() => {
      if (this.players.get(userId) === tail) this.players.delete(userId);
    });
    return run;
  }

  /**
   * The list from storage; an object that never kept one (its tournament was registered into
   * before) starts from D1's rows, once.
   */
  private async load(t: TournamentRecord): Promise<Registry> {
    if (this.registry) return this.registry;
    const stored = RegistrySchema.safeParse(await this.ports.store.loadRegistry());
    if (this.registry) return this.registry;
    if (stored.success) return (this.registry = stored.data);
    const rows = await this.ports.records.registrations(t.id);
    if (this.registry) return this.registry;
    const closed = t.status === "upcoming" || t.status === "registration" ? null : t.status === "active" ? "started" : "not_registration";
    await this.save({ closed, entries: rows.map((r) => ({ user_id: r.user_id, entry_paid: r.entry_paid, state: "paid" as const })) });
    return this.registry!;
  }

  private async save(registry: Registry): Promise<void> {
    this.registry = registry;
    await this.ports.store.saveRegistry(registry);
  }

  /**
   * The fee's batch for a `paying` line, and what it left: the registration row exists (paid, by
   * this batch or an earlier one), or it does not (the player cannot pay, or paid before and left).
   * A failed batch leaves the line `paying` and brings the alarm forward to try again.
   */
  private async pay(t: TournamentRecord, userId: string): Promise<"paid" | "insufficient" | "duplicate"> {
    const { records } = this.ports;
    let outcome: "paid" | "insufficient" | "duplicate";
    try {
      const answer = await records.register(t, userId);
      outcome =
        answer === "registered" || (await records.isRegistered(t.id, userId))
          ? "paid"
          : answer === "insufficient"
            ? "insufficient"
            : "duplicate";
    } catch (error) {
      await this.retrySoon(t);
      throw error;
    }
    await this.save(settle(this.registry!, userId, "paying", outcome === "paid" ? "paid" : "gone"));
    return outcome;
  }

  /** The refund's batch for a `leaving` line (idempotent); a failed one stays `leaving` for the alarm. */
  private async leave(t: TournamentRecord, entry: Entry): Promise<void> {
    try {
      await this.ports.records.unregister(t, entry.user_id, entry.entry_paid);
    } catch (error) {
      await this.retrySoon(t);
      throw error;
    }
    await this.save(settle(this.registry!, entry.user_id, "leaving", "gone"));
  }

  private async settlePlayer(t: TournamentRecord, userId: string): Promise<void> {
    const entry = this.registry?.entries.find((e) => e.user_id === userId);
    if (entry?.state === "paying") await this.pay(t, userId);
    else if (entry?.state === "leaving") await this.leave(t, entry);
  }

  /**
   * Finishes every line whose batch is not known to have landed (`busy`: also the ones a call is
   * finishing now); throws when one could not be finished (it stays for the next try).
   */
  private async settleAll(t: TournamentRecord, busy: boolean): Promise<void> {
    const registry = await this.load(t);
    const lines = unsettled(registry).filter((e) => busy || !this.players.has(e.user_id));
    const results = await Promise.allSettled(lines.map((e) => (e.state === "paying" ? this.pay(t, e.user_id) : this.leave(t, e))));
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
  }

  private async retrySoon(t: TournamentRecord): Promise<void> {
    const now = this.ports.clock.now();
    await this.ports.store.setAlarm(Math.min(now + REGISTRY_RETRY_MS, Math.max(Date.parse(t.start_time), now)));
  }

  /** Does whatever is due (close registration, poll games) and sets the next alarm. */
  async tick(tournamentId: string): Promise<void> {
    await this.ports.exclusive(async () => {
      await this.remember(tournamentId);
      await this.step();
    });
  }

  async cancel(tournamentId: string, audit: TournamentAudit): Promise<TournamentResult> {
    const { records } = this.ports;
    return this.ports.exclusive(async () => {
      await this.remember(tournamentId);
      const t = await records.find(tournamentId);
      if (!t) return { ok: false, error: "not_found" };
      if (t.status === "completed" || t.status === "cancelled") return { ok: false, error: "not_registration" };
      const open = t.status !== "active";
      if (open) await this.closeRegistrations(t, "not_registration");
      try {
        const refunds = (await records.registrations(t.id)).map((r) => ({ userId: r.user_id, amount: r.entry_paid }));
        await records.close(t, refunds, { status: "cancelled", reason: "admin", bracket: null }, audit);
      } catch (error) {
        // Still open in D1: registration goes on until the cancel is asked again.
        if (open) await this.save({ ...this.registry!, closed: null });
        throw error;
      }
      await this.ports.store.deleteAlarm();
      return { ok: true };
    });
  }

  async alarm(): Promise<void> {
    const id = this.id ?? (await this.ports.store.recall());
    if (!id) return;
    this.id = id;
    await this.ports.exclusive(() => this.step());
  }

  // ------------------------------------------------------------------ the steps

  /** Does whatever is due now, then sets the next alarm. */
  private async step(): Promise<void> {
    const { records } = this.ports;
    const id = this.id!;
    let t = await records.find(id);
    if (!t) return;
    const now = this.ports.clock.now();
    if (t.status === "upcoming" || t.status === "registration") {
      if (Date.parse(t.start_time) > now) {
        await this.settleAll(t, false).catch((error: unknown) => this.ports.warn("registration batch failed", error));
        return this.scheduleFor(t, now);
      }
      await this.closeRegistrations(t, "started");
      await this.closeRegistration(t);
      // The series goes on: its next tournaments exist before this one is played.
      if (t.series) await records.ensureSchedule(now);
      t = await records.find(id);
      if (!t) return;
    }
    if (t.status === "active") await this.run(t);
    t = await records.find(id);
    if (t?.status === "active") await this.ports.store.setAlarm(this.ports.clock.now() + TOURNAMENT_POLL_MS);
  }

  /**
   * No place is taken any more, and every line still under way is finished, so D1's rows are the
   * whole list the draw or the refunds read.
   */
  private async closeRegistrations(t: TournamentRecord, reason: "started" | "not_registration"): Promise<void> {
    await this.save(closeRegistry(await this.load(t), reason));
    await this.settleAll(t, true);
  }

  /** The start, or sooner while a line no call is finishing waits for its batch. */
  private async scheduleFor(t: TournamentRecord, now: number): Promise<void> {
    if (t.status !== "upcoming" && t.status !== "registration") return;
    const start = Math.max(Date.parse(t.start_time), now);
    const waiting = this.registry && unsettled(this.registry).some((e) => !this.players.has(e.user_id));
    await this.ports.store.setAlarm(waiting ? Math.min(start, now + REGISTRY_RETRY_MS) : start);
  }

  /** Registration closes at start_time: too few players cancels with every fee returned; else the draw. */
  private async closeRegistration(t: TournamentRecord): Promise<void> {
    const { records, random } = this.ports;
    const registered = await records.registrations(t.id);
    const players = registered.map((r) => r.user_id);
    const fee = new Map(registered.map((r) => [r.user_id, r.entry_paid]));
    const { teams, left } = t.game_type === "2v2" ? bracketRules.formTeams(players, random) : { teams: singles(players), left: [] };
    if (players.length < t.min_participants || teams.length < 2) {
      const refunds = players.map((userId) => ({ userId, amount: fee.get(userId) ?? 0 }));
      await records.close(t, refunds, { status: "cancelled", reason: "not_enough_players", bracket: null });
      return;
    }
    const bracket = bracketRules.drawBracket(teams, random);
    await records.start(
      t,
      bracket,
      left.map((userId) => ({ userId, amount: fee.get(userId) ?? 0 })),
    );
  }

  /** Results in, games out, until nothing changes; then the completion once the final is decided. */
  private async run(t: TournamentRecord): Promise<void> {
    let bracket = bracketRules.BracketSchema.parse(JSON.parse(t.bracket ?? "null"));
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const before = JSON.stringify(bracket);
      bracket = await this.collectResults(bracket);
      for (const match of bracketRules.readyMatches(bracket)) bracket = await this.startMatch(t, bracket, match);
      if (JSON.stringify(bracket) === before) break;
      await this.ports.records.saveBracket(t, bracket);
    }
    if (bracketRules.isFinished(bracket)) await this.complete(t, bracket);
  }

  private async collectResults(bracket: bracketRules.Bracket): Promise<bracketRules.Bracket> {
    const pending = bracketRules.pendingGames(bracket);
    if (pending.length === 0) return bracket;
    const rows = await this.ports.records.games(pending.map((m) => m.gameId!));
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
        await this.openRoom(game.id, bracket, match).catch((error: unknown) => this.ports.warn("reopen failed", error));
      }
    }
    return bracket;
  }

  /** The seats of a match: the first entrant's members on team 1 (seats 0, 2), the second's on team 2 (1, 3). */
  private async seatsOf(bracket: bracketRules.Bracket, match: bracketRules.BracketMatch): Promise<AssignedSeat[]> {
    const [a, b] = match.entrants.map((id) => bracket.entrants.find((e) => e.id === id)!.members);
    const order = a.length === 2 ? [a[0], b[0], a[1], b[1]] : [a[0], b[0]];
    const rows = await this.ports.records.players(order);
    const now = this.ports.clock.now();
    return order.map((userId) => {
      const user = rows.find((row) => row.id === userId);
      return {
        userId,
        nickname: user?.nickname ?? "?",
        avatarUrl: user?.avatar_url ?? null,
        isPremium: Boolean(user?.premium_until && Date.parse(user.premium_until) > now),
        rating: user?.ranking_points ?? 1000,
        ...(user?.games_private ? { gamesPrivate: true } : {}),
        entry: 0,
      };
    });
  }

  /** A match's game: the row (no table entry: the fee was the tournament's), the bracket saved with it, then the room. */
  private async startMatch(
    t: TournamentRecord,
    bracket: bracketRules.Bracket,
    match: bracketRules.BracketMatch,
  ): Promise<bracketRules.Bracket> {
    const seats = await this.seatsOf(bracket, match);
    const gameId = await this.ports.records.createGame(t, seats[0].userId);
    const next = bracketRules.assignGame(bracket, match.id, gameId);
    await this.ports.records.saveBracket(t, next);
    const result = await this.openRoom(gameId, next, match, seats);
    if (!result.ok) return bracketRules.recordResult(next, match.id, null, "void");
    const round = match.round;
    const event: ChannelEvent = {
      type: "tournament_game_ready",
      payload: { tournament_id: t.id, tournament_name: t.name, game_id: gameId, round, final: round === next.rounds.length - 1 },
    };
    await Promise.allSettled(seats.map((seat) => this.ports.peers.channel(seat.userId).notify(event)));
    return next;
  }

  private async openRoom(gameId: string, bracket: bracketRules.Bracket, match: bracketRules.BracketMatch, seats?: AssignedSeat[]) {
    const game = await this.ports.records.game(gameId);
    if (!game) return { ok: false as const };
    return this.ports.peers.room(gameId).openAssigned(game, seats ?? (await this.seatsOf(bracket, match)), {
      noShowSeconds: TOURNAMENT_NO_SHOW_SECONDS,
      noShowRule: "forfeit",
    });
  }

  /** The final is decided: places and prizes in one batch; without a champion every fee is returned. */
  private async complete(t: TournamentRecord, bracket: bracketRules.Bracket): Promise<void> {
    const registered = await this.ports.records.registrations(t.id);
    const champion = bracketRules.championOf(bracket);
    if (champion === null) {
      const refunds = registered.map((r) => ({ userId: r.user_id, amount: r.entry_paid }));
      await this.ports.records.close(t, refunds, { status: "completed", reason: "no_champion", bracket });
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
    await this.ports.records.complete(t, bracket, places, prizes);
  }
}

/** Registration is open until the start, from `registration_opens_at` (or at once). */
export function openForRegistration(t: Pick<TournamentRecord, "status" | "start_time" | "registration_opens_at">, now: number): boolean {
  if (Date.parse(t.start_time) <= now) return false;
  if (t.status === "registration") return true;
  return t.status === "upcoming" && t.registration_opens_at !== null && Date.parse(t.registration_opens_at) <= now;
}

function singles(players: string[]): bracketRules.Entrant[] {
  return players.map((id) => ({ id, members: [id] }));
}
