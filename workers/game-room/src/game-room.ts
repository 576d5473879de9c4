import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { BotLevel, ChatMessageView, GameSummary } from "../../../game/protocol/entities";
import {
  actionOf,
  CLOSE_POLICY,
  CLOSE_SIGNED_OUT,
  parseClientFrame,
  type GameStatePayload,
  type RoomMessage,
} from "../../../game/protocol/room";
import {
  AdminAuditSchema,
  type AdminAudit,
  AssignedRoomOptionsSchema,
  AssignedSeatSchema,
  SESSION_HEADER,
  sessionTag,
  USER_HEADER,
  type AssignedRoomOptions,
  type AssignedSeat,
  type RoomError,
  type RoomResult,
  type RoomRpc,
  type SeatRequest,
} from "../../../game/room/api";
import * as rules from "../../../game/room/index";
import type { GameReport } from "../../../game/channel/presence";
import { benchMode, roomTimings, type RoomEnv } from "./env";
import { PresenceReports } from "./presence-reports";
import { countRoomInstance, MoveProfiler } from "./profile";
import { createDb, ratingsOf, recordStatement, takeSeat, tournamentOf, write, type Db, type HandRecord } from "./records";
import type { TournamentRpc } from "../../../game/tournament/api";
import { readRoom, writeRoom } from "./room-storage";
import { AttachmentSchema, close, errorMessage, send, sendText, type Attachment } from "./sockets";
import { stubOf } from "../../../db/stubs";

export type { RoomEnv };

/**
 * One Durable Object per game: the adapter of game/room (ADR 025). The rules decide; this object
 * loads and saves the room, runs each transition's D1 writes before adopting its result, sends
 * each socket only its own view, keeps one alarm at the room's next deadline, and parses every
 * frame. Concurrency (ADR 008): a transition is computed and adopted synchronously; whatever
 * awaits D1 before adopting runs inside blockConcurrencyWhile, so no other event sees or builds
 * on a room that is about to change.
 */
export class GameRoom extends DurableObject<RoomEnv> implements RoomRpc {
  private room: rules.Room | null | undefined;
  /** Storage holds the room whole, as before ADR 109's split: its next save writes both parts. */
  private storedWhole = false;
  private readonly db: Db;
  private readonly timings: rules.RoomTimings;
  /**
   * Each socket's attachment, parsed once per socket and wake-up, with its flood count kept current
   * here: the attachment itself is written back only when its window starts again (ADR 102).
   */
  private readonly attachments = new WeakMap<WebSocket, Attachment>();
  /** What each socket holds, and its frames (after an eviction: the stored room, ADR 105). */
  private readonly broadcaster: rules.Broadcaster<WebSocket>;
  /** The alarm this instance set and that has not fired (undefined: unknown, e.g. after an eviction). */
  private alarmAt: number | null | undefined;
  /** What each player's PlayerChannel last heard from this room (issue 11). */
  private readonly reports: PresenceReports;
  /** `npm run bench` only (BENCH_MODE=1): where each move's time goes. */
  private readonly profiler: MoveProfiler | null;

  constructor(ctx: DurableObjectState, env: RoomEnv) {
    super(ctx, env);
    this.db = createDb(env.DB);
    this.reports = new PresenceReports(ctx, env.PLAYER_CHANNEL);
    this.timings = roomTimings(env);
    this.broadcaster = new rules.Broadcaster(this.timings);
    this.profiler = benchMode(env) ? new MoveProfiler() : null;
    if (this.profiler) countRoomInstance();
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong","payload":{"at":0}}'));
  }

  private clock(): rules.RoomClock {
    return { now: Date.now(), timings: this.timings, newSeed };
  }

  // ------------------------------------------------------------------ storage and effects

  private async load(): Promise<rules.Room | null> {
    if (this.room === undefined) {
      const { room, split } = await readRoom(this.ctx.storage);
      this.room = room;
      this.storedWhole = room !== null && !split;
      // The sockets that outlived the last instance hold the stored room: their next state is a delta.
      if (this.room) this.broadcaster.resume(this.room, this.ctx.getWebSockets());
    }
    return this.room;
  }

  /** Whatever awaits D1 before adopting a room runs alone (ADR 008). */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.ctx.blockConcurrencyWhile(fn);
  }

  /**
   * Performs a step: its D1 writes (a failure leaves the room as it was), then the room is saved,
   * then the sockets hear about it, one frame per socket for the step's messages and state (ADR
   * 056), then the hand records go to D1 in one batch. Without writes everything up to the records
   * batch happens synchronously. The storage write is not awaited on purpose: the output gate holds
   * every outgoing frame until it is durable (and resets the object if it fails), so frames are
   * built while it is in flight: persist before broadcast.
   */
  private async commit(step: rules.Step): Promise<void> {
    const game = step.room.game;
    const profiler = this.profiler?.active ? this.profiler : null;
    for (const effect of step.effects) if (rules.isWrite(effect)) await write(this.db, game, effect);
    if (game.game_mode === "tournament" && step.effects.some((e) => e.type === "settle" || e.type === "cancel")) {
      this.ctx.waitUntil(this.reportToTournament(game.id));
    }
    if (step.room !== this.room) {
      // The room held until now is the one storage holds (every room adopted is saved here).
      const put = writeRoom(this.ctx.storage, this.storedWhole ? null : (this.room ?? null), step.room);
      this.storedWhole = false;
      this.room = step.room;
      if (profiler && put) {
        const putAt = Date.now();
        void put.then(() => profiler.durable(putAt, Date.now()));
      }
    }
    this.schedule(step.room);
    this.reports.roomChanged(step.room);
    profiler?.lap("persist", Date.now());
    for (const run of rules.socketRuns(step.effects)) {
      if (run.type === "frames") this.deliver(step.room, run.messages, run.state);
      else for (const ws of this.ctx.getWebSockets(run.userId ?? undefined)) close(ws, run.code, run.reason);
    }
    const records: HandRecord[] = [];
    for (const effect of step.effects) {
      if (effect.type === "hand_started" || effect.type === "hand_ended") records.push(recordStatement(this.db, game.id, effect));
    }
    profiler?.sent(Date.now());
    if (records.length > 0) {
      await this.db.batch(records as [HandRecord, ...HandRecord[]]);
      profiler?.lap("records", Date.now());
    }
  }

  /**
   * A tournament game ended (settled or cancelled, its rows already in D1): its Tournament object
   * hears it at once and reads the result from D1, so a repeated report changes nothing (issue 13).
   * A lost report is caught by the tournament's own poll.
   */
  private async reportToTournament(gameId: string): Promise<void> {
    try {
      const tournamentId = await tournamentOf(this.db, gameId);
      const namespace = this.env.TOURNAMENT;
      if (!tournamentId || !namespace) return;
      await stubOf<TournamentRpc>(namespace, tournamentId).gameEnded(tournamentId, gameId);
    } catch (error) {
      console.warn("tournament report failed; its poll will catch the result", error);
    }
  }

  /** One frame per socket: the messages, then (when the version grew) the socket's own state. */
  private deliver(room: rules.Room, messages: RoomMessage[], state: boolean): void {
    const profiler = this.profiler?.active ? this.profiler : null;
    const recipients = this.ctx.getWebSockets().map((socket) => ({ socket, userId: this.userOf(socket) }));
    const frames = this.broadcaster.prepare(room, messages, state, recipients);
    profiler?.lap("views", Date.now());
    const texts = frames.render();
    profiler?.lap("serialise", Date.now());
    for (const { socket, text } of texts) sendText(socket, text);
    profiler?.lap("send", Date.now());
  }

  /** A decided game's settlement folded into the step: the current ranking points, then the rules. */
  private async settling(step: rules.Step): Promise<rules.Step> {
    const users = rules.ratingsNeeded(step.room);
    if (users === null) return step;
    return rules.settleRoom(step, users.length ? await ratingsOf(this.db, users) : new Map(), this.clock());
  }

  /**
   * One alarm, at or before the earliest pending deadline (ADR 096): written only when the armed
   * one would fire late, never to move it later (a write the output gate holds the move's frames
   * for). An early alarm finds nothing due and comes back here with the real deadline.
   */
  private schedule(room: rules.Room): void {
    const deadline = rules.nextDeadline(room, this.timings);
    const set = rules.alarmToSet(this.alarmAt, deadline === null ? null : Math.max(deadline, Date.now()));
    if (set === null) return;
    this.alarmAt = set;
    void this.ctx.storage.setAlarm(set);
  }

  /** plan → the seat and its entry in one D1 batch → commit. */
  private async seat(room: rules.Room, request: SeatRequest): Promise<{ ok: true; step: rules.Step } | rules.Refused> {
    const plan = rules.planSeat(room, request);
    if (!plan.ok) return plan;
    if (!plan.seat) return { ok: true, step: { room, effects: [] } };
    const outcome = await takeSeat(this.db, room.game, rules.seatRow(plan.seat));
    if (outcome !== "seated") return { ok: false, error: outcome === "insufficient" ? "insufficient_coins" : "full" };
    return rules.commitSeat(room, plan.seat, this.clock());
  }

  /** Runs a refusable transition on the stored room. */
  private run(transition: (room: rules.Room) => { ok: true; step: rules.Step } | rules.Refused): Promise<RoomResult> {
    return this.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      const result = transition(room);
      if (!result.ok) return result;
      await this.commit(result.step);
      return { ok: true };
    });
  }

  // ------------------------------------------------------------------ RPC (from the Pages app)

  async open(game: GameSummary, creator: SeatRequest): Promise<RoomResult> {
    return this.exclusive(async () => {
      const seated = await this.seat((await this.load()) ?? rules.openRoom(game, this.clock()), creator);
      if (!seated.ok) return seated;
      await this.commit(
        game.bot_level ? rules.chain(seated.step, rules.seatComputerPlayers(seated.step.room, game.bot_level, this.clock())) : seated.step,
      );
      return { ok: true };
    });
  }

  async openAssigned(game: GameSummary, seats: AssignedSeat[], options: AssignedRoomOptions = {}): Promise<RoomResult> {
    const assigned = z.array(AssignedSeatSchema).parse(seats);
    const { noShowSeconds, noShowRule } = AssignedRoomOptionsSchema.parse(options);
    return this.exclusive(async () => {
      const existing = await this.load();
      // A repeated call (the caller retrying) finds its room; anything else here is not its room.
      if (existing) return existing.assigned && existing.game.status !== "cancelled" ? { ok: true } : { ok: false, error: "closed" };
      const noShowMs = noShowSeconds === undefined ? undefined : noShowSeconds * 1000;
      let step: rules.Step = { room: rules.createRoom({ game, seats: assigned, noShowMs, noShowRule }, this.clock()), effects: [] };
      for (const request of assigned) {
        const seated = await this.seat(step.room, request);
        if (!seated.ok) {
          // Entries already debited go back with the cancellation; the caller learns why.
          await this.commit(rules.cancel(step.room, "seat_failed", this.clock()));
          return seated;
        }
        step = rules.chain(step, seated.step);
      }
      await this.commit(step);
      return { ok: true };
    });
  }

  async join(request: SeatRequest): Promise<RoomResult> {
    return this.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      const seated = await this.seat(room, request);
      if (seated.ok) await this.commit(seated.step);
      return seated.ok ? { ok: true } : seated;
    });
  }

  async leave(userId: string): Promise<RoomResult> {
    return this.run((room) => rules.leave(room, userId, this.clock()));
  }

  async fillWithBots(userId: string, level: BotLevel): Promise<RoomResult> {
    return this.run((room) => rules.fillWithBots(room, userId, level, this.clock()));
  }

  async expel(userId: string): Promise<RoomResult> {
    return this.exclusive(async () => {
      const room = await this.load();
      if (room) {
        await this.commit(rules.expel(room, userId, this.clock()));
      } else {
        for (const ws of this.ctx.getWebSockets(userId)) close(ws, 4003, "Banned");
      }
      return { ok: true };
    });
  }

  async adminCancel(audit: AdminAudit): Promise<RoomResult> {
    const parsed = AdminAuditSchema.parse(audit);
    return this.run((room) => rules.adminCancel(room, parsed, this.clock()));
  }

  async acceptRematch(userId: string): Promise<{ ok: true; due: boolean } | { ok: false; error: RoomError }> {
    return this.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      const result = rules.acceptRematch(room, userId, this.clock());
      if (!result.ok) return result;
      await this.commit(result.step);
      return { ok: true, due: result.due };
    });
  }

  async rematchOpened(gameId: string | null): Promise<void> {
    await this.exclusive(async () => {
      const room = await this.load();
      if (room)
        await this.commit(gameId === null ? rules.rematchFailed(room, this.clock()) : rules.rematchOpened(room, gameId, this.clock()));
    });
  }

  /** No D1 write, so no exclusive section: the transition is adopted before anything can interleave. */
  async pushChat(message: ChatMessageView): Promise<void> {
    const room = await this.load();
    if (room) await this.commit(rules.chat(room, message, this.clock()));
  }

  async snapshot(userId: string | null): Promise<GameStatePayload | null> {
    const room = await this.load();
    return room ? rules.statePayload(room, userId, this.timings) : null;
  }

  async presenceOf(userId: string): Promise<GameReport | null> {
    const room = await this.load();
    return room ? this.reports.reportOf(room, userId) : null;
  }

  async closeSockets(userId: string, sessionId: string | null): Promise<number> {
    const sockets = this.ctx
      .getWebSockets(sessionId === null ? userId : sessionTag(sessionId))
      .filter((ws) => this.userOf(ws) === userId && ws.readyState === WebSocket.OPEN);
    for (const ws of sockets) close(ws, CLOSE_SIGNED_OUT, "Signed out");
    // Presence now, not when (or if) the closed sockets' close events arrive.
    if (sockets.length > 0) await this.disconnected(sockets[0]);
    return sockets.length;
  }

  // ------------------------------------------------------------------ sockets

  async fetch(request: Request): Promise<Response> {
    // `npm run bench` reads where the moves' time went (the Pages side lets this through only with BENCH_MODE=1).
    if (this.profiler && new URL(request.url).pathname === "/bench/profile") return Response.json(this.profiler.take());
    const userId = request.headers.get(USER_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId) {
      return new Response("Expected an authenticated WebSocket upgrade", { status: 400 });
    }
    const room = await this.load();
    if (!room || !rules.seatOfUser(room, userId)) return new Response("Not seated at this table", { status: 403 });
    const sessionId = request.headers.get(SESSION_HEADER);
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, sessionId ? [userId, sessionTag(sessionId)] : [userId]);
    // A client piling sockets onto the table: the extra one closes as soon as it opens, and is
    // marked so that any frame it still sends closes it again (a close sent before the 101 can be
    // lost behind wrangler's local proxy). No timer: the room stays free to hibernate.
    const open = this.ctx.getWebSockets(userId).filter((ws) => ws !== server && ws.readyState === WebSocket.OPEN);
    const count = rules.admitSocket(open.length, Date.now());
    const attachment: Attachment = { userId, ...count };
    server.serializeAttachment(attachment);
    this.attachments.set(server, attachment);
    if (count.excess) {
      close(server, CLOSE_POLICY, "Too many connections");
      return new Response(null, { status: 101, webSocket: client });
    }
    await this.exclusive(async () => {
      const current = await this.load();
      // Presence from the sockets that are really open (a deploy drops them without a close event).
      const online = new Set(this.openSockets(server).map((ws) => this.userOf(ws)));
      if (current) await this.commit(rules.connect(rules.withPresence(current, online, Date.now()), userId, this.clock()));
      if (this.room) this.reports.socketsChanged(this.room, userId);
    });
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const now = Date.now();
    this.profiler?.begin(now);
    try {
      await this.onMessage(ws, data, now);
    } finally {
      this.profiler?.end();
    }
  }

  private async onMessage(ws: WebSocket, data: string | ArrayBuffer, now: number): Promise<void> {
    const attachment = this.attachmentOf(ws);
    // The socket cap and the flood count are the room core's (game/room/guard.ts).
    const { verdict, count } = rules.countFrame(attachment, now);
    if (count) {
      const next: Attachment = { ...attachment, ...count };
      this.attachments.set(ws, next);
      // Written back (a structured clone into the runtime) only when the window starts again: that
      // is what the presence reports read, and a count lost to an eviction inside a 10 s window
      // only lets that window start lower.
      if (count.windowStart !== attachment.windowStart || count.excess !== attachment.excess) ws.serializeAttachment(next);
    }
    if (verdict === "close_excess") return close(ws, CLOSE_POLICY, "Too many connections");
    if (verdict === "close_flood") return close(ws, CLOSE_POLICY, "Too many messages");
    if (verdict === "drop") return;

    const parsed = parseClientFrame(data);
    const profiler = this.profiler;
    if (!parsed.ok) return send(ws, errorMessage(parsed.code, parsed.message));
    const message = parsed.message;
    if (message.type === "ping") return send(ws, { type: "pong", payload: { at: now } });
    const room = await this.load();
    if (message.type === "sync") {
      // The state the socket's next delta builds on (ADR 055).
      if (room) sendText(ws, this.broadcaster.full(room, { socket: ws, userId: attachment.userId }));
      return;
    }
    if (!room) return send(ws, errorMessage("not_active", "O jogo não está em andamento"));
    profiler?.lap("parse", Date.now());
    // A move is computed and adopted synchronously (ADR 008: input gates + synchronous transitions);
    // only a move that ends the match awaits D1 before adopting, so that one runs alone.
    const result = rules.act(room, attachment.userId, actionOf(message), this.clock());
    profiler?.lap("apply", Date.now());
    if (!result.ok) return send(ws, errorMessage(result.code, result.message));
    if (!result.step.effects.some(rules.isWrite) && rules.ratingsNeeded(result.step.room) === null) return this.commit(result.step);
    profiler?.exclusive();
    await this.exclusive(async () => {
      try {
        await this.commit(await this.settling(result.step));
      } catch (error) {
        console.error("settlement failed; the alarm retries it", error);
        await this.commit(result.step);
      }
    });
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    await this.disconnected(ws);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    await this.disconnected(ws);
  }

  private async disconnected(ws: WebSocket): Promise<void> {
    const userId = this.userOf(ws);
    close(ws, 1000, "Closing");
    await this.exclusive(async () => {
      const room = await this.load();
      if (!room) return;
      if (!this.openSockets(ws).some((other) => this.userOf(other) === userId))
        await this.commit(rules.disconnect(room, userId, this.clock()));
      if (this.room) this.reports.socketsChanged(this.room, userId);
    });
  }

  /** Every open socket but `except`. */
  private openSockets(except: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  private attachmentOf(ws: WebSocket): Attachment {
    const known = this.attachments.get(ws);
    if (known) return known;
    const parsed = AttachmentSchema.safeParse(ws.deserializeAttachment());
    // Without a readable attachment the socket's tag still names the user the app verified.
    const attachment = parsed.success ? parsed.data : { userId: this.ctx.getTags(ws)[0] ?? "", windowStart: Date.now(), frames: 0 };
    this.attachments.set(ws, attachment);
    return attachment;
  }

  private userOf(ws: WebSocket): string {
    return this.attachmentOf(ws).userId;
  }

  // ------------------------------------------------------------------ timers

  async alarm(): Promise<void> {
    this.alarmAt = undefined; // The alarm that fired is gone; schedule() must set the next one.
    await this.exclusive(async () => {
      const room = await this.load();
      if (room) await this.commit(await this.settling(rules.advance(room, this.clock())));
    });
  }
}

/** A match seed: 256 random bits (the only randomness of a room; the rules take it as an argument). */
function newSeed(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
}
