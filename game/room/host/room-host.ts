import type { BotLevel, ChatMessageView, GameSummary } from "../../protocol/entities";
import {
  actionOf,
  CLOSE_BANNED,
  CLOSE_POLICY,
  CLOSE_SIGNED_OUT,
  parseClientFrame,
  type GameStatePayload,
  type RoomMessage,
} from "../../protocol/room";
import type { GameReport } from "../../channel/presence";
import {
  AdminAuditSchema,
  AssignedRoomOptionsSchema,
  AssignedSeatSchema,
  OpenOptionsSchema,
  ChatPostInputSchema,
  sessionTag,
  type AdminAudit,
  type ChatPostInput,
  type ChatPostResult,
  type CodeTaken,
  type OpenResult,
  type AssignedRoomOptions,
  type AssignedSeat,
  type OpenOptions,
  type RoomError,
  type RoomResult,
  type RoomRpc,
  type SeatCheck,
  type SeatRequest,
  type WatchResult,
} from "../api";
import * as rules from "../index";
import { recordKey } from "../../protocol/record";
import type { Action } from "../../truco/index";
import { z } from "zod";
import { Attachments } from "./attachments";
import type { NewGameRow, RoomHostPorts, SeatOutcome } from "./ports";
import { LobbyReports } from "./lobby-reports";
import { PresenceReports } from "./presence-reports";
import { readRoom, writeRoom } from "./stored-room";
import { SpectatorFeed } from "./spectator-feed";
import type { SpectatorFrame } from "../../protocol/spectate";
import { mayWatch, spectatorFrame, watchable, withGamesPrivate } from "../../spectate/frame";

/** A seat not taken, as the room's refusal. */
const SEAT_REFUSALS: Record<Exclude<SeatOutcome, "seated" | "code_taken">, RoomError> = {
  insufficient: "insufficient_coins",
  taken: "full",
};

// The room's host (docs/decisions/110-room-host-with-ports.md): the one loop that loads a room,
// runs a transition of game/room on it, and carries out what the transition asks for, in order:
// the relational writes (a failure leaves the room as it was), the save and the hand entries beside
// it, the alarm, the presence reports, one frame per socket, and, once the game has ended, its
// record to R2 (game/room/record.ts). It takes the platform as ports, so the
// GameRoom Durable Object only wires workerd to it, and tests and the browser tests' scripted room
// run the same loop in memory.
//
// Concurrency: a transition is computed and adopted synchronously; whatever awaits the database
// before adopting runs inside `exclusive`, so no other event sees or builds on a room that is about
// to change.

type Seated = { ok: true; step: rules.Step } | rules.Refused;

/** How long after a game ends the alarm checks that its record was written. */
const RECORD_RETRY_MS = 5_000;

/**
 * The computer players of a free table created against the computer, for its creator's seat batch
 * (nothing for any other table: a paid seat's batch writes only its own seat).
 */
function practiceSeats(room: rules.Room, creator: SeatRequest): Pick<NewGameRow, "bots"> {
  const level = room.game.bot_level;
  if (!level || room.game.entry_cost !== 0) return {};
  const plan = rules.planSeat(room, creator);
  return plan.ok && plan.seat ? { bots: rules.computerSeatsBeside(room, plan.seat.seat, level) } : {};
}

export class RoomHost<S extends object> implements RoomRpc {
  /** The room held (undefined: not read from storage yet). */
  private room: rules.Room | null | undefined;
  /** Storage holds the room whole: its next save writes both parts. */
  private storedWhole = false;
  /** The alarm this host set and that has not fired (undefined: unknown, e.g. after an eviction). */
  private alarmAt: number | null | undefined;
  private readonly broadcaster: rules.Broadcaster<S>;
  private readonly attachments: Attachments<S>;
  private readonly reports: PresenceReports<S>;
  private readonly lobby: LobbyReports;
  private readonly spectators: SpectatorFeed<S>;
  /** The table's chat as stored (undefined: not read from storage yet). */
  private chatLog: ChatMessageView[] | undefined;

  constructor(
    private readonly ports: RoomHostPorts<S>,
    private readonly timings: rules.RoomTimings,
  ) {
    this.broadcaster = new rules.Broadcaster(timings);
    this.attachments = new Attachments(ports.sockets);
    this.reports = new PresenceReports(ports.sockets, this.attachments, ports.clock, ports.presence, ports.events);
    this.lobby = new LobbyReports(ports.clock, ports.lobby, ports.background, ports.events);
    this.spectators = new SpectatorFeed(ports, timings);
  }

  private clock(): rules.RoomClock {
    return { now: this.ports.clock.now(), timings: this.timings, newSeed: this.ports.clock.newSeed };
  }

  // ------------------------------------------------------------------ the loop

  private async load(): Promise<rules.Room | null> {
    if (this.room === undefined) {
      const [{ room, whole }] = await Promise.all([readRoom(this.ports.store), this.spectators.load()]);
      // Another event may have loaded it while this one awaited storage.
      if (this.room !== undefined) return this.room;
      this.room = room;
      this.storedWhole = whole;
      // The sockets that outlived the last instance hold the stored room: their next state is a delta.
      if (room) this.broadcaster.resume(room, this.ports.sockets.list());
    }
    return this.room;
  }

  /**
   * Carries out a step. Without relational writes everything up to the hand records happens
   * synchronously, so a move needs no exclusive section. The save is not awaited: the platform
   * holds the frames built meanwhile until it is durable (persist before broadcast).
   */
  private async commit(step: rules.Step): Promise<void> {
    const { records, store } = this.ports;
    const game = step.room.game;
    for (const effect of step.effects) if (rules.isWrite(effect)) await records.write(game, effect);
    this.tell(step);
    if (step.room !== this.room) {
      // The room held until now is the one storage holds: every room adopted is saved here.
      void writeRoom(store, this.storedWhole ? null : (this.room ?? null), step.room);
      this.storedWhole = false;
      this.room = step.room;
    }
    // Each hand dealt or ended is a small entry of its own beside the room, saved with it.
    const hands = rules.recordEntries(step.effects, this.ports.clock.now());
    if (Object.keys(hands).length > 0) void store.put(hands);
    this.schedule(step.room);
    this.reports.roomChanged(step.room);
    this.lobby.roomChanged(step.room);
    this.spectators.roomChanged(
      step.room,
      step.effects.flatMap((e) => (e.type === "send" ? [e.message] : [])),
    );
    for (const run of rules.socketRuns(step.effects)) {
      if (run.type === "frames") this.deliver(step.room, run.messages, run.state);
      else for (const socket of this.ports.sockets.list(run.userId ?? undefined)) this.ports.sockets.close(socket, run.code, run.reason);
    }
    if (rules.recordDue(step.room)) await this.archive();
  }

  /**
   * The ended game's record, whole, to R2, then the room marked as recorded. A failure leaves it
   * due: the alarm set by `schedule` tries again, and so does the next instance after an eviction
   * (the hands and the chat are in storage). Writing it twice writes the same object.
   */
  private async archive(): Promise<void> {
    const room = this.room;
    if (!room || !rules.recordDue(room)) return;
    const gameId = room.game.id;
    try {
      const [hands, chat] = await Promise.all([this.ports.store.list(rules.HAND_PREFIX), this.chat()]);
      const record = rules.buildRecord(room, hands, chat, this.ports.clock.now());
      const text = JSON.stringify(record);
      await this.ports.archive.put(recordKey(gameId), text);
      this.ports.events({ event: "record_written", gameId, hands: record.hands.length, messages: record.chat.length, bytes: text.length });
    } catch (error) {
      this.ports.events({ event: "record_failed", gameId, error: String(error) });
      return;
    }
    const current = this.room;
    if (current && !current.recorded) await this.commit({ room: { ...current, recorded: true }, effects: [] });
  }

  /** The table's chat, read from storage once per instance. */
  private async chat(): Promise<ChatMessageView[]> {
    if (this.chatLog === undefined) {
      const stored = await this.ports.store.list(rules.CHAT_PREFIX);
      // Another event may have read it (and added to it) while this one awaited storage.
      if (this.chatLog === undefined) this.chatLog = [...stored.values()] as ChatMessageView[];
    }
    return this.chatLog;
  }

  /** The events an operator sees, and a tournament's news of its game's end. */
  private tell(step: rules.Step): void {
    const game = step.room.game;
    const { events } = this.ports;
    const about = { gameId: game.id, variant: game.truco_variant, mode: game.game_mode };
    for (const effect of step.effects) {
      if (effect.type === "mark_started") events({ event: "game_started", ...about, seats: step.room.seats.length });
      if (effect.type === "settle") {
        const pot = step.room.seats.reduce((sum, seat) => sum + seat.entryPaid, 0);
        events({ event: "game_settled", ...about, pot, reason: step.room.ending?.reason ?? "match_over" });
      }
      if (effect.type === "cancel") events({ event: "game_cancelled", gameId: game.id, reason: effect.reason });
      if (effect.type === "hand_ended") events({ event: "hand_played", gameId: game.id, moves: effect.actions.length });
    }
    if (game.game_mode === "tournament" && step.effects.some((e) => e.type === "settle" || e.type === "cancel")) {
      // A lost report is caught by the tournament's own poll of its games.
      const told = this.ports.records.tournamentGameEnded(game.id).catch((error: unknown) => {
        this.ports.events({ event: "report_failed", gameId: game.id, to: "tournament", error: String(error) });
      });
      this.ports.background(told);
    }
  }

  /** One frame per socket: the messages, then (when the version grew) the socket's own state. */
  private deliver(room: rules.Room, messages: RoomMessage[], state: boolean): void {
    const { sockets } = this.ports;
    const now = this.ports.clock.now();
    const recipients = sockets.list().map((socket) => ({ socket, userId: this.attachments.of(socket, now).userId }));
    for (const { socket, text } of this.broadcaster.prepare(room, messages, state, recipients).render()) sockets.send(socket, text);
  }

  /** A decided game's settlement folded into the step: the current ranking points, then the rules. */
  private async settling(step: rules.Step): Promise<rules.Step> {
    const users = rules.ratingsNeeded(step.room);
    if (users === null) return step;
    return rules.settleRoom(step, users.length ? await this.ports.records.ratingsOf(users) : new Map(), this.clock());
  }

  /** A step that may settle the game: settled if it can be, else the step alone (its alarm settles it). */
  private async commitSettling(step: rules.Step): Promise<void> {
    try {
      await this.commit(await this.settling(step));
    } catch (error) {
      this.ports.events({ event: "settlement_retried", gameId: step.room.game.id, error: String(error) });
      await this.commit(step);
    }
  }

  /**
   * One alarm, at or before the earliest pending deadline: set only when the armed one would fire
   * late, never moved later (a write the platform holds the move's frames for). An early alarm
   * finds nothing due and comes back here with the real deadline.
   */
  private schedule(room: rules.Room): void {
    const now = this.ports.clock.now();
    let deadline = rules.nextDeadline(room, this.timings);
    // An ended game's record not yet in R2: the alarm is the retry if writing it fails now.
    if (rules.recordDue(room)) deadline = Math.min(deadline ?? Infinity, now + RECORD_RETRY_MS);
    const set = rules.alarmToSet(this.alarmAt, deadline === null ? null : Math.max(deadline, now));
    if (set === null) return;
    this.alarmAt = set;
    void this.ports.store.setAlarm(set);
  }

  /** plan → the seat and its entry in one batch → the seated room. */
  private async seat(room: rules.Room, request: SeatRequest): Promise<Seated>;
  /** With `create`, the seat batch writes the game's row too; a code another open game holds is `code_taken`. */
  private async seat(room: rules.Room, request: SeatRequest, create: NewGameRow | undefined): Promise<Seated | CodeTaken>;
  private async seat(room: rules.Room, request: SeatRequest, create?: NewGameRow): Promise<Seated | CodeTaken> {
    const plan = rules.planSeat(room, request);
    if (!plan.ok) return plan;
    if (!plan.seat) return { ok: true, step: { room, effects: [] } };
    const outcome = await this.ports.records.takeSeat(room.game, rules.seatRow(plan.seat), create, rules.fillsTable(room, plan.seat));
    if (outcome === "code_taken") return { ok: false, error: "code_taken" };
    if (outcome !== "seated") return { ok: false, error: SEAT_REFUSALS[outcome] };
    return rules.commitSeat(room, plan.seat, this.clock());
  }

  /**
   * A server-assigned table's seats in one D1 batch: each seat's commit (in order, each on the room
   * the previous one left), or a refusal where its entry did not go in. Null when a plan is refused
   * or the batch as a whole was (nothing written): the caller seats them one by one.
   */
  private async seatTogether(room: rules.Room, requests: SeatRequest[]): Promise<Seated[] | null> {
    const seats: rules.RoomSeat[] = [];
    for (const request of requests) {
      const plan = rules.planSeat(room, request);
      if (!plan.ok || !plan.seat) return null;
      seats.push(plan.seat);
    }
    const starts = rules.startsWithSeats(room);
    const outcomes = await this.ports.records.takeSeats(room.game, seats.map(rules.seatRow), starts);
    if (!outcomes) return null;
    // The batch wrote the start only if every seat went in; the room starts when its players are there.
    const started = starts && outcomes.every((outcome) => outcome === "seated");
    let current = room;
    return outcomes.map((outcome, i): Seated => {
      if (outcome === "code_taken") return { ok: false, error: "full" };
      if (outcome !== "seated") return { ok: false, error: SEAT_REFUSALS[outcome] };
      const committed = rules.commitSeat(started ? { ...current, startWritten: true } : current, seats[i]!, this.clock());
      if (committed.ok) current = committed.step.room;
      return committed;
    });
  }

  /** Runs a refusable transition on the stored room, alone. */
  private run(transition: (room: rules.Room) => Seated): Promise<RoomResult> {
    return this.ports.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      const result = transition(room);
      if (!result.ok) return result;
      await this.commit(result.step);
      return { ok: true };
    });
  }

  // ------------------------------------------------------------------ the room's contract

  async open(game: GameSummary, creator: SeatRequest, options: OpenOptions = {}): Promise<OpenResult> {
    const { listed, create } = OpenOptionsSchema.parse(options);
    return this.ports.exclusive(async () => {
      const stored = await this.load();
      const base = stored ?? rules.openRoom(game, this.clock(), listed ?? false);
      // A room already open has its row: only the first opening writes it, and a free practice
      // table's computer players with it (one write transaction for the whole table).
      const row = create && !stored ? { listed: listed ?? false, ...practiceSeats(base, creator) } : undefined;
      const seated = await this.seat(base, creator, row);
      if (!seated.ok) return seated;
      const { step } = seated;
      if (!game.bot_level) {
        await this.commit(step);
        return { ok: true };
      }
      const practice = rules.seatComputerPlayers(step.room, game.bot_level, this.clock());
      // Seats already written with the row: the step keeps its state and its messages, not its write.
      const unwritten = row?.bots
        ? {
            room: { ...practice.room, startWritten: true },
            effects: practice.effects.filter((e) => e.type !== "make_practice"),
          }
        : practice;
      await this.commit(rules.chain(step, unwritten));
      return { ok: true };
    });
  }

  async openAssigned(game: GameSummary, seats: AssignedSeat[], options: AssignedRoomOptions = {}): Promise<RoomResult> {
    const assigned = z.array(AssignedSeatSchema).parse(seats);
    const { noShowSeconds, noShowRule } = AssignedRoomOptionsSchema.parse(options);
    return this.ports.exclusive(async () => {
      const existing = await this.load();
      // A repeated call (the caller retrying) finds its room; anything else here is not its room.
      if (existing) return existing.assigned && existing.game.status !== "cancelled" ? { ok: true } : { ok: false, error: "closed" };
      const noShowMs = noShowSeconds === undefined ? undefined : noShowSeconds * 1000;
      let step: rules.Step = { room: rules.createRoom({ game, seats: assigned, noShowMs, noShowRule }, this.clock()), effects: [] };
      // What a failed opening returns: every assigned entry, each only if the ledger holds it.
      const owed = assigned.map((seat) => ({ userId: seat.userId, entry: seat.entry }));
      const together = await this.seatTogether(step.room, assigned);
      if (together) {
        const failed = together.find((result): result is Extract<Seated, { ok: false }> => !result.ok);
        for (const result of together) if (result.ok) step = rules.chain(step, result.step);
        if (failed) {
          // Entries debited in the batch go back with the cancellation; the caller learns why.
          await this.commit(rules.cancel(step.room, "seat_failed", this.clock(), owed));
          return failed;
        }
        await this.commit(step);
        return { ok: true };
      }
      for (const request of assigned) {
        const seated = await this.seat(step.room, request);
        if (!seated.ok) {
          // Entries already debited go back with the cancellation, those of an earlier opening whose
          // room state was lost included (its batch refused this one as a whole); the caller learns why.
          await this.commit(rules.cancel(step.room, "seat_failed", this.clock(), owed));
          return seated;
        }
        step = rules.chain(step, seated.step);
      }
      await this.commit(step);
      return { ok: true };
    });
  }

  async join(request: SeatRequest): Promise<RoomResult> {
    return this.ports.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      const seated = await this.seat(room, request);
      if (!seated.ok) return seated;
      await this.commit(seated.step);
      return { ok: true };
    });
  }

  async leave(userId: string): Promise<RoomResult> {
    return this.run((room) => rules.leave(room, userId, this.clock()));
  }

  /** A concession decides the game: it settles in the same exclusive section, or its alarm settles it. */
  async concede(userId: string): Promise<RoomResult> {
    return this.ports.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      const result = rules.concede(room, userId, this.clock());
      if (!result.ok) return result;
      await this.commitSettling(result.step);
      return { ok: true };
    });
  }

  async fillWithBots(userId: string, level: BotLevel): Promise<RoomResult> {
    return this.run((room) => rules.fillWithBots(room, userId, level, this.clock()));
  }

  /**
   * A player turned "private games" on or off: it applies to this game at once. Made private, the
   * room leaves the lobby's live list, refuses new spectators (mayWatch) and its relay closes
   * the spectators' sockets.
   */
  async setGamesPrivate(userId: string, gamesPrivate: boolean): Promise<void> {
    await this.ports.exclusive(async () => {
      const room = await this.load();
      if (!room) return;
      const next = withGamesPrivate(room, userId, gamesPrivate);
      if (next === room) return;
      await this.commit({ room: next, effects: [] });
      if (this.ports.relay && !watchable(next)) await this.spectators.unwatchable(next);
    });
  }

  async expel(userId: string): Promise<RoomResult> {
    return this.ports.exclusive(async () => {
      const room = await this.load();
      if (room) await this.commit(rules.expel(room, userId, this.clock()));
      else for (const socket of this.ports.sockets.list(userId)) this.ports.sockets.close(socket, CLOSE_BANNED, "Banned");
      return { ok: true };
    });
  }

  async adminCancel(audit: AdminAudit): Promise<RoomResult> {
    const parsed = AdminAuditSchema.parse(audit);
    return this.run((room) => rules.adminCancel(room, parsed, this.clock()));
  }

  async acceptRematch(userId: string): Promise<{ ok: true; due: boolean } | { ok: false; error: RoomError }> {
    return this.ports.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      const result = rules.acceptRematch(room, userId, this.clock());
      if (!result.ok) return result;
      await this.commit(result.step);
      return { ok: true, due: result.due };
    });
  }

  async rematchOpened(gameId: string | null): Promise<void> {
    await this.ports.exclusive(async () => {
      const room = await this.load();
      if (!room) return;
      await this.commit(gameId === null ? rules.rematchFailed(room, this.clock()) : rules.rematchOpened(room, gameId, this.clock()));
    });
  }

  /**
   * A player's message: the burst rule, the id, the append and the push happen in one synchronous
   * run after the awaits, so messages posted at once are counted one after another. No relational
   * write, so no exclusive section.
   */
  async postChat(post: ChatPostInput): Promise<ChatPostResult> {
    const parsed = ChatPostInputSchema.parse(post);
    if (!(await this.load())) return { ok: false, error: "not_found" };
    const log = await this.chat();
    const room = this.room;
    if (!room) return { ok: false, error: "not_found" };
    const now = this.ports.clock.now();
    if (!rules.chatAllowed(log, parsed.sender.userId, now)) return { ok: false, error: "too_fast" };
    const message = rules.nextChatMessage(log, parsed, now);
    log.push(message);
    void this.ports.store.put({ [rules.chatKey(message.id)]: message });
    await this.commit(rules.chat(room, message, this.clock()));
    return { ok: true, message };
  }

  async seatCheck(userId: string): Promise<SeatCheck | null> {
    const room = await this.load();
    return room ? { status: room.game.status, seated: rules.seatOfUser(room, userId) !== undefined } : null;
  }

  async recentChat(): Promise<ChatMessageView[] | null> {
    if (!(await this.load())) return null;
    return rules.recentMessages(await this.chat());
  }

  /** No relational write, so no exclusive section: the transition is adopted before anything can interleave. */
  async pushChat(message: ChatMessageView): Promise<void> {
    const room = await this.load();
    if (room) await this.commit(rules.chat(room, message, this.clock()));
  }

  async snapshot(userId: string | null): Promise<GameStatePayload | null> {
    const room = await this.load();
    return room ? rules.statePayload(room, userId, this.timings) : null;
  }

  /** Whether `viewerId` may watch the game, and what they see first when they may. */
  async watch(viewerId: string): Promise<WatchResult> {
    const room = await this.load();
    if (!room) return { ok: false, reason: "not_found" };
    const access = mayWatch(room, viewerId);
    if (!access.allowed) return { ok: false, reason: access.reason };
    return { ok: true, frame: spectatorFrame(room, this.timings, null), watchers: this.spectators.count };
  }

  /** The relay's count of spectators; it gets the newest spectator frame back (null: the game may not be watched). */
  async spectatorCount(count: number): Promise<SpectatorFrame | null> {
    return this.spectators.spectators(await this.load(), Math.max(0, Math.floor(count)));
  }

  /** A spectator's chat message, relayed to the players' screens. */
  async spectatorChat(message: ChatMessageView): Promise<void> {
    if (await this.load()) this.spectators.chat(message);
  }

  async presenceOf(userId: string): Promise<GameReport | null> {
    const room = await this.load();
    return room ? this.reports.reportOf(room, userId) : null;
  }

  async closeSockets(userId: string, sessionId: string | null): Promise<number> {
    const { sockets } = this.ports;
    const now = this.ports.clock.now();
    const closing = sockets
      .list(sessionId === null ? userId : sessionTag(sessionId))
      .filter((socket) => this.attachments.of(socket, now).userId === userId && sockets.isOpen(socket));
    for (const socket of closing) sockets.close(socket, CLOSE_SIGNED_OUT, "Signed out");
    // Presence now, not when (or if) the closed sockets' close events arrive.
    if (closing.length > 0) await this.closed(closing[0]);
    return closing.length;
  }

  // ------------------------------------------------------------------ sockets

  /**
   * A player asks to open a socket. Only a seated player may: then `accept` hands the platform's
   * socket over, tagged with the user and the session, after the room is loaded, so that a new
   * socket is never taken for one that already holds the room's state. Null when refused.
   */
  async connect(userId: string, sessionId: string | null, accept: (tags: string[]) => S): Promise<S | null> {
    const room = await this.load();
    if (!room || !rules.seatOfUser(room, userId)) return null;
    const socket = accept(sessionId ? [userId, sessionTag(sessionId)] : [userId]);
    await this.opened(socket, userId);
    return socket;
  }

  /**
   * A seated player's socket was accepted. One too many (a client piling sockets onto the table)
   * closes at once and is marked, so that any frame it still sends closes it again; no timer, so
   * the room stays free to hibernate.
   */
  private async opened(socket: S, userId: string): Promise<void> {
    const { sockets } = this.ports;
    const now = this.ports.clock.now();
    const others = sockets.list(userId).filter((other) => other !== socket && sockets.isOpen(other));
    const count = rules.admitSocket(others.length, now);
    this.attachments.start(socket, userId, count);
    if (count.excess) return this.closeForAbuse(socket, userId, "Too many connections");
    await this.ports.exclusive(async () => {
      const room = await this.load();
      if (!room) return;
      // Presence from the sockets really open (a deploy drops them without a close event).
      const online = new Set(this.openSockets(socket).map((other) => this.attachments.of(other, now).userId));
      await this.commit(rules.connect(rules.withPresence(room, online, now), userId, this.clock()));
      if (this.room) this.reports.socketsChanged(this.room, userId);
    });
    this.spectators.greet(socket);
  }

  /** A frame from a socket: counted, parsed, then a ping, a sync or an action of the socket's player. */
  async message(socket: S, data: string | ArrayBuffer): Promise<void> {
    const { sockets } = this.ports;
    const now = this.ports.clock.now();
    const attachment = this.attachments.of(socket, now);
    const { verdict, count } = rules.countFrame(attachment, now);
    if (count) this.attachments.update(socket, attachment, count);
    if (verdict === "close_excess") return this.closeForAbuse(socket, attachment.userId, "Too many connections");
    if (verdict === "close_flood") return this.closeForAbuse(socket, attachment.userId, "Too many messages");
    if (verdict === "drop") return;

    const parsed = parseClientFrame(data);
    if (!parsed.ok) return this.sendError(socket, parsed.code, parsed.message);
    const frame = parsed.message;
    if (frame.type === "ping") return sockets.send(socket, JSON.stringify({ type: "pong", payload: { at: now } }));
    const room = await this.load();
    if (frame.type === "sync") {
      // The state the socket's next delta builds on.
      if (room) sockets.send(socket, this.broadcaster.full(room, { socket, userId: attachment.userId }));
      return;
    }
    if (!room) return this.sendError(socket, "not_active", "O jogo não está em andamento");
    const result = this.act(room, attachment.userId, actionOf(frame));
    if (!result.ok) return this.sendError(socket, result.code, result.message);
    await result.done;
  }

  /** An action of a seat's player (a computer player's id is `bot-<seat>`), as if sent from their socket: tests play the other seats with it. */
  async play(playerId: string, action: Action): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
    const room = await this.load();
    if (!room) return { ok: false, code: "not_active", message: "O jogo não está em andamento" };
    const result = this.act(room, playerId, action);
    if (!result.ok) return result;
    await result.done;
    return { ok: true };
  }

  /**
   * An action: refused, or adopted at once. Only an action that writes to the database (a match's
   * end) awaits before adopting, so that one runs alone; if its settlement fails, the move stands
   * and the alarm settles the game.
   */
  private act(room: rules.Room, playerId: string, action: Action) {
    const result = rules.act(room, playerId, action, this.clock());
    if (!result.ok) return result;
    const { step } = result;
    const writes = step.effects.some(rules.isWrite) || rules.ratingsNeeded(step.room) !== null;
    const done = writes ? this.ports.exclusive(() => this.commitSettling(step)) : this.commit(step);
    return { ok: true as const, done };
  }

  /** A socket closed or failed. */
  async closed(socket: S): Promise<void> {
    const { sockets } = this.ports;
    const now = this.ports.clock.now();
    const userId = this.attachments.of(socket, now).userId;
    sockets.close(socket, 1000, "Closing");
    await this.ports.exclusive(async () => {
      const room = await this.load();
      if (!room) return;
      if (!this.openSockets(socket).some((other) => this.attachments.of(other, now).userId === userId))
        await this.commit(rules.disconnect(room, userId, this.clock()));
      if (this.room) this.reports.socketsChanged(this.room, userId);
    });
  }

  /** The alarm fired: whatever is due happens, and a decided game is settled. */
  async alarm(): Promise<void> {
    this.alarmAt = undefined; // The alarm that fired is gone; schedule() sets the next one.
    await this.ports.exclusive(async () => {
      const room = await this.load();
      // A failed settlement throws here, and the platform runs the alarm again.
      if (room) await this.commit(await this.settling(rules.advance(room, this.clock())));
    });
  }

  private closeForAbuse(socket: S, userId: string, reason: string): void {
    this.ports.sockets.close(socket, CLOSE_POLICY, reason);
    this.ports.events({ event: "socket_closed_for_abuse", gameId: this.room?.game.id ?? "", userId, reason });
  }

  private sendError(socket: S, code: string, message: string): void {
    this.ports.sockets.send(socket, JSON.stringify({ type: "error", payload: { code, message } }));
  }

  /** Every open socket but `except`. */
  private openSockets(except: S): S[] {
    return this.ports.sockets.list().filter((socket) => socket !== except && this.ports.sockets.isOpen(socket));
  }
}
