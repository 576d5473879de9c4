import { DurableObject } from "cloudflare:workers";
import type { BotLevel, ChatMessageView, GameSummary, Participant, PlayerResult } from "../../../game/entities";
import {
  actionOf,
  CAPACITY,
  FLOOD_LIMIT,
  FLOOD_WINDOW_MS,
  parseClientFrame,
  type GameActionMessage,
  type GameStatePayload,
  type ServerMessage,
} from "../../../game/protocol";
import { botPlayerId, USER_HEADER, type RoomResult, type RoomRpc, type SeatRequest } from "../../../game/room-api";
import { settle, teamOfSeat } from "../../../game/settlement";
import {
  applyAction,
  chooseAction,
  createMatch,
  handStartedEvent,
  pendingPlayer,
  startNextHand,
  timeoutAction,
  viewFor,
  type Action,
  type GameEvent,
  type MatchState,
} from "../../../game/truco/index";
import {
  cancelGame,
  createDb,
  handEndStatement,
  handStartStatement,
  makePractice,
  markReady,
  markStarted,
  ratingsOf,
  releaseSeat,
  settleGame,
  takeSeat,
  type Db,
  type HandRecord,
} from "./records";

export interface RoomEnv {
  DB: D1Database;
  /** Timings (strings from wrangler vars; tests and benchmarks shorten them). */
  TURN_SECONDS?: string;
  BOT_DELAY_MS?: string;
  NEXT_HAND_DELAY_MS?: string;
  DISCONNECT_GRACE_SECONDS?: string;
  IDLE_MINUTES?: string;
}

interface Seat {
  seat: number;
  team: "team1" | "team2";
  userId: string | null;
  nickname: string;
  avatarUrl: string | null;
  isPremium: boolean;
  rating: number;
  botLevel: BotLevel | null;
  entryPaid: number;
  /** Epoch ms the owner's last socket closed (active games), null while connected. */
  awaySince: number | null;
  /** A computer player holds this human seat until its owner returns. */
  botControlled: boolean;
}

interface Room {
  game: GameSummary;
  seats: Seat[];
  /** Users who left this waiting room (they cannot take a seat again). */
  left: string[];
  match: MatchState | null;
  version: number;
  hands: { hand: number; commitment: string; seed: string | null }[];
  /** Actions of the current hand, for the hand record. */
  handActions: { playerId: string; action: Action }[];
  turn: { playerId: string; deadline: number; actionCount: number } | null;
  botDueAt: number | null;
  nextHandAt: number | null;
  idleDeadline: number | null;
  results: PlayerResult[] | null;
  settled: boolean;
}

/** Per-socket data kept across hibernation (small, serialisable). */
interface Attachment {
  userId: string;
  windowStart: number;
  frames: number;
}

const ROOM_KEY = "room";

/**
 * One Durable Object per game: a thin adapter over game/truco. It parses and
 * authorises frames, applies them with the engine, persists the room before
 * anything is sent, sends each socket only its own view, runs every timer as
 * an alarm, and writes seats, hands and the settlement to D1.
 */
export class GameRoom extends DurableObject<RoomEnv> implements RoomRpc {
  private room: Room | null | undefined;
  private readonly db: Db;
  /** Messages for every socket, sent by `publish` once the room is saved. */
  private outbox: ServerMessage[] = [];
  /** Which deck proofs the last broadcast carried (in memory: after an eviction the next one sends them). */
  private handsKeySent: string | null = null;
  /** Hand records for D1, written in one batch once players have their frames (the room's storage is the source of truth). */
  private handRecords: HandRecord[] = [];
  /** The alarm time last set, so an unchanged deadline costs no storage write. */
  private alarmAt: number | null | undefined;

  constructor(ctx: DurableObjectState, env: RoomEnv) {
    super(ctx, env);
    this.db = createDb(env.DB);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong","payload":{"at":0}}'));
  }

  // ------------------------------------------------------------------ settings

  private get turnMs() {
    return Number(this.env.TURN_SECONDS ?? 30) * 1000;
  }
  private get botDelayMs() {
    return Number(this.env.BOT_DELAY_MS ?? 900);
  }
  private get nextHandDelayMs() {
    return Number(this.env.NEXT_HAND_DELAY_MS ?? 2500);
  }
  private get graceMs() {
    return Number(this.env.DISCONNECT_GRACE_SECONDS ?? 60) * 1000;
  }
  private get idleMs() {
    return Number(this.env.IDLE_MINUTES ?? 10) * 60_000;
  }

  // ------------------------------------------------------------------ storage

  private async load(): Promise<Room | null> {
    if (this.room === undefined) this.room = (await this.ctx.storage.get<Room>(ROOM_KEY)) ?? null;
    return this.room;
  }

  /**
   * Persist before broadcast: what players see is always what survives an
   * eviction. The writes are not awaited on purpose: the object's output gate
   * holds every outgoing frame until they are durable (and resets the object
   * if they fail), so the views can be built while the write is in flight.
   */
  private save(room: Room): void {
    room.version += 1;
    this.room = room;
    void this.ctx.storage.put(ROOM_KEY, room);
    this.schedule(room);
  }

  /** Every mutation runs alone: D1 awaits inside it cannot interleave with another player's. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.ctx.blockConcurrencyWhile(fn);
  }

  // ------------------------------------------------------------------ RPC (from the Pages app)

  async open(game: GameSummary, creator: SeatRequest): Promise<RoomResult> {
    return this.exclusive(async () => {
      if (!(await this.load())) {
        this.room = {
          game,
          seats: [],
          left: [],
          match: null,
          version: 0,
          hands: [],
          handActions: [],
          turn: null,
          botDueAt: null,
          nextHandAt: null,
          idleDeadline: Date.now() + this.idleMs,
          results: null,
          settled: false,
        };
      }
      const result = await this.seatPlayer(this.room!, creator);
      if (!result.ok) return result;
      const room = this.room!;
      if (game.bot_level) {
        const bots = this.freeSeats(room).map((seat) => this.botSeat(seat, game.bot_level!));
        await makePractice(
          this.db,
          room.game,
          game.bot_level,
          [],
          bots.map((bot) => this.newSeatOf(bot, 0)),
        );
        room.seats.push(...bots);
        room.seats.sort((a, b) => a.seat - b.seat);
      }
      this.save(room);
      return { ok: true };
    });
  }

  async join(request: SeatRequest): Promise<RoomResult> {
    return this.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      const result = await this.seatPlayer(room, request);
      if (!result.ok) return result;
      room.idleDeadline = Date.now() + this.idleMs;
      this.save(room);
      this.broadcastParticipants(room);
      return { ok: true };
    });
  }

  async leave(userId: string): Promise<RoomResult> {
    return this.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      const seat = room.seats.find((s) => s.userId === userId);
      if (!seat) return { ok: false, error: "not_seated" };
      if (room.game.status !== "waiting") return { ok: false, error: "not_waiting" };
      await releaseSeat(this.db, room.game, userId, seat.entryPaid);
      room.seats = room.seats.filter((s) => s !== seat);
      room.left.push(userId);
      for (const ws of this.ctx.getWebSockets(userId)) ws.close(1000, "Left the table");
      if (!room.seats.some((s) => s.userId)) {
        await this.cancel(room, "abandoned");
      } else {
        room.idleDeadline = Date.now() + this.idleMs;
        this.save(room);
        this.broadcastParticipants(room);
      }
      return { ok: true };
    });
  }

  async fillWithBots(userId: string, level: BotLevel): Promise<RoomResult> {
    return this.exclusive(async () => {
      const room = await this.load();
      if (!room) return { ok: false, error: "not_found" };
      if (room.game.created_by !== userId) return { ok: false, error: "not_creator" };
      if (room.game.status !== "waiting") return { ok: false, error: "not_waiting" };
      if (room.game.game_mode !== "casual") return { ok: false, error: "not_casual" };
      const bots = this.freeSeats(room).map((seat) => this.botSeat(seat, level));
      if (bots.length === 0) return { ok: false, error: "full" };
      const humans = room.seats.filter((s) => s.userId).map((s) => ({ userId: s.userId!, entry: s.entryPaid }));
      await makePractice(
        this.db,
        room.game,
        level,
        humans,
        bots.map((bot) => this.newSeatOf(bot, 0)),
      );
      for (const seat of room.seats) seat.entryPaid = 0;
      room.seats.push(...bots);
      room.seats.sort((a, b) => a.seat - b.seat);
      room.game = { ...room.game, entry_cost: 0, bot_level: level };
      await this.startIfReady(room);
      await this.advance(room);
      await this.publish(room);
      return { ok: true };
    });
  }

  async pushChat(message: ChatMessageView): Promise<void> {
    this.broadcast({ type: "chat_message", payload: { message } });
    const room = await this.load();
    if (room?.game.status === "waiting") {
      room.idleDeadline = Date.now() + this.idleMs;
      void this.ctx.storage.put(ROOM_KEY, room);
      this.schedule(room);
    }
  }

  async snapshot(userId: string | null): Promise<GameStatePayload | null> {
    const room = await this.load();
    return room ? this.statePayload(room, userId) : null;
  }

  // ------------------------------------------------------------------ sockets

  async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(USER_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId) {
      return new Response("Expected an authenticated WebSocket upgrade", { status: 400 });
    }
    const room = await this.load();
    if (!room || !room.seats.some((s) => s.userId === userId)) {
      return new Response("Not seated at this table", { status: 403 });
    }
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, windowStart: Date.now(), frames: 0 } satisfies Attachment);
    await this.exclusive(() => this.connected(userId));
    return new Response(null, { status: 101, webSocket: client });
  }

  private async connected(userId: string): Promise<void> {
    const room = await this.load();
    if (!room) return;
    const seat = room.seats.find((s) => s.userId === userId);
    if (!seat) return;
    const wasAway = seat.awaySince !== null || seat.botControlled || this.ctx.getWebSockets(userId).length === 1;
    seat.awaySince = null;
    seat.botControlled = false; // The owner is back: the bot hands the seat over.
    if (room.game.status === "waiting") {
      room.idleDeadline = Date.now() + this.idleMs;
      await markReady(this.db, room.game.id, userId, true);
      await this.startIfReady(room);
    }
    if (wasAway) this.outbox.push({ type: "player_connected", payload: { userId } });
    await this.advance(room);
    await this.publish(room);
  }

  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment;
    const now = Date.now();
    if (now - attachment.windowStart > FLOOD_WINDOW_MS) {
      attachment.windowStart = now;
      attachment.frames = 0;
    }
    attachment.frames += 1;
    ws.serializeAttachment(attachment);
    if (attachment.frames > FLOOD_LIMIT) {
      ws.close(1008, "Too many messages");
      return;
    }

    const parsed = parseClientFrame(data);
    if (!parsed.ok) return send(ws, errorMessage(parsed.code, parsed.message));
    const message = parsed.message;
    if (message.type === "ping") return send(ws, { type: "pong", payload: { at: now } });
    if (message.type === "sync") {
      const room = await this.load();
      if (room) send(ws, { type: "game_state", payload: this.statePayload(room, attachment.userId) });
      return;
    }
    // Moves run without blockConcurrencyWhile (it costs ~0.5 ms a move): the
    // state transition is synchronous in memory, and the only awaits on this
    // path (the settlement's D1 batch, hand records after the broadcast) come
    // after it, where anything that interleaves sees the new state.
    await this.playerAction(ws, attachment.userId, message);
  }

  private async playerAction(ws: WebSocket, userId: string, message: GameActionMessage): Promise<void> {
    const room = await this.load();
    if (!room?.match || room.game.status !== "active") {
      return send(ws, errorMessage("not_active", "O jogo não está em andamento"));
    }
    const seat = room.seats.find((s) => s.userId === userId);
    if (!seat) return send(ws, errorMessage("not_seated", "Você não está nesta mesa"));
    const error = await this.act(room, userId, actionOf(message));
    if (error) send(ws, errorMessage(error.code, error.message));
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    await this.disconnected(ws);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    await this.disconnected(ws);
  }

  private async disconnected(ws: WebSocket): Promise<void> {
    const { userId } = ws.deserializeAttachment() as Attachment;
    try {
      ws.close(1000, "Closing");
    } catch {
      // Already closed.
    }
    await this.exclusive(async () => {
      const room = await this.load();
      const seat = room?.seats.find((s) => s.userId === userId);
      if (!room || !seat) return;
      const stillOpen = this.ctx.getWebSockets(userId).some((other) => other !== ws && other.readyState === WebSocket.OPEN);
      if (stillOpen) return;
      if (room.game.status === "waiting") await markReady(this.db, room.game.id, userId, false);
      if (room.game.status === "active") seat.awaySince = Date.now();
      this.save(room);
      this.broadcast({ type: "player_disconnected", payload: { userId } });
      this.broadcastParticipants(room);
    });
  }

  // ------------------------------------------------------------------ timers

  async alarm(): Promise<void> {
    this.alarmAt = undefined; // The alarm that fired is gone; schedule() must set the next one.
    await this.exclusive(async () => {
      const room = await this.load();
      if (!room) return;
      const now = Date.now();
      if (room.game.status === "waiting" && room.idleDeadline !== null && room.idleDeadline <= now) {
        await this.cancel(room, "idle");
        return;
      }
      if (room.game.status !== "active" || !room.match) return;
      for (const seat of room.seats) {
        if (seat.userId && seat.awaySince !== null && !seat.botControlled && seat.awaySince + this.graceMs <= now) {
          seat.botControlled = true;
        }
      }
      await this.advance(room, now);
      await this.publish(room);
    });
  }

  /** One alarm, at the earliest pending deadline. */
  private schedule(room: Room): void {
    const deadlines: number[] = [];
    if (room.game.status === "waiting" && room.idleDeadline) deadlines.push(room.idleDeadline);
    if (room.game.status === "active") {
      if (room.turn) deadlines.push(room.turn.deadline);
      if (room.botDueAt) deadlines.push(room.botDueAt);
      if (room.nextHandAt) deadlines.push(room.nextHandAt);
      for (const seat of room.seats) {
        if (seat.awaySince !== null && !seat.botControlled) deadlines.push(seat.awaySince + this.graceMs);
      }
    }
    const next = deadlines.length ? Math.max(Math.min(...deadlines), Date.now()) : null;
    if (next === this.alarmAt) return;
    this.alarmAt = next;
    if (next === null) void this.ctx.storage.deleteAlarm();
    else void this.ctx.storage.setAlarm(next);
  }

  /**
   * Moves the game forward as far as it can go without a human: deals the
   * next hand when its pause is over, lets computer players act when their
   * delay is over, acts for a player whose turn timer ran out, and sets the
   * next deadlines. With zero delays (tests) bots play on at once.
   */
  private async advance(room: Room, now = Date.now()): Promise<void> {
    for (let guard = 0; guard < 2000; guard++) {
      const match = room.match;
      if (!match || room.game.status !== "active") {
        room.turn = null;
        room.botDueAt = null;
        room.nextHandAt = null;
        return;
      }
      if (match.phase === "round_end") {
        room.turn = null;
        room.botDueAt = null;
        room.nextHandAt ??= now + this.nextHandDelayMs;
        if (room.nextHandAt > now) return;
        room.nextHandAt = null;
        const next = startNextHand(match);
        if (!next.ok) return;
        await this.applied(room, next.state, next.events);
        continue;
      }
      const playerId = pendingPlayer(match);
      if (!playerId) return;
      const seat = this.seatOfPlayer(room, playerId);
      if (seat && (seat.botLevel || seat.botControlled)) {
        room.turn = null;
        const due = room.botDueAt ?? now + this.botDelayMs;
        if (due > now) {
          room.botDueAt = due;
          return;
        }
        room.botDueAt = null;
        const action = chooseAction(match, playerId, {
          level: seat.botLevel ?? "normal",
          seed: `${room.game.id}:${match.actionCount}`,
        });
        if (!action || (await this.act(room, playerId, action, false))) return;
        continue;
      }
      room.botDueAt = null;
      if (!room.turn || room.turn.playerId !== playerId || room.turn.actionCount !== match.actionCount) {
        room.turn = { playerId, deadline: now + this.turnMs, actionCount: match.actionCount };
        return;
      }
      if (room.turn.deadline > now) return;
      const action = timeoutAction(match, playerId);
      room.turn = null;
      if (!action || (await this.act(room, playerId, action, false))) return;
    }
  }

  // ------------------------------------------------------------------ game flow

  /** Applies one action; returns the engine's refusal, or null when applied. */
  private async act(room: Room, playerId: string, action: Action, fromPlayer = true): Promise<{ code: string; message: string } | null> {
    const result = applyAction(room.match!, playerId, action);
    if (!result.ok) return { code: result.error, message: result.message };
    room.handActions.push({ playerId, action });
    await this.applied(room, result.state, result.events);
    if (fromPlayer) {
      await this.advance(room);
      await this.publish(room);
    }
    return null;
  }

  /** Records a new engine state and the hand bookkeeping its events call for. */
  private async applied(room: Room, state: MatchState, events: GameEvent[]): Promise<void> {
    room.match = state;
    this.queueEvents(events);
    for (const event of events) {
      if (event.type === "hand_started") {
        room.hands.push({ hand: event.handNumber, commitment: event.commitment, seed: null });
        room.handActions = [];
        this.handRecords.push(handStartStatement(this.db, room.game.id, event.handNumber, event.commitment));
      } else if (event.type === "hand_ended") {
        const hand = room.hands.find((h) => h.hand === state.handNumber);
        if (hand) hand.seed = event.seed;
        const result = { seed: event.seed, actions: room.handActions, winnerTeam: event.winnerTeam, points: event.points };
        this.handRecords.push(handEndStatement(this.db, room.game.id, state.handNumber, result));
      } else if (event.type === "match_ended") {
        await this.finish(room, event.winnerTeam, [event.team1Score, event.team2Score]);
      }
    }
  }

  private async startIfReady(room: Room): Promise<void> {
    if (room.game.status !== "waiting" || room.seats.length < CAPACITY[room.game.game_type]) return;
    const humansConnected = room.seats.every((s) => !s.userId || this.ctx.getWebSockets(s.userId).length > 0);
    if (!humansConnected) return;
    const seed = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const match = createMatch({
      variant: room.game.truco_variant,
      seed,
      players: room.seats.map((s) => ({ id: this.playerIdOf(s), team: s.team, nickname: s.nickname })),
    });
    await markStarted(this.db, room.game.id);
    room.game = { ...room.game, status: "active", started_at: new Date().toISOString() };
    room.idleDeadline = null;
    this.outbox.push({ type: "game_session_updated", payload: { game: room.game } });
    await this.applied(room, match, [handStartedEvent(match)]);
  }

  private async finish(room: Room, winner: "team1" | "team2", scores: [number, number]): Promise<void> {
    if (room.settled) return;
    const practice = room.game.bot_level !== null;
    const ranked = room.game.game_mode === "ranked" && !practice;
    const humans = room.seats.filter((s) => s.userId);
    const ratings = ranked
      ? await ratingsOf(
          this.db,
          humans.map((s) => s.userId!),
        )
      : new Map<string, number>();
    const outcome = settle(
      room.seats.map((s) => ({
        userId: s.userId,
        team: s.team,
        entryPaid: s.entryPaid,
        rating: (s.userId ? ratings.get(s.userId) : undefined) ?? s.rating,
      })),
      winner,
      ranked,
    );
    await settleGame(this.db, room.game, { winner, scores, seats: outcome, countStats: !practice });
    room.settled = true;
    room.game = {
      ...room.game,
      status: "completed",
      winner_team: winner,
      team1_score: scores[0],
      team2_score: scores[1],
      completed_at: new Date().toISOString(),
    };
    room.results = room.seats.map((s) => {
      const own = outcome.find((o) => o.userId === s.userId);
      return {
        user_id: s.userId,
        nickname: s.nickname,
        team: s.team,
        result: s.team === winner ? "win" : "loss",
        coins_change: own?.coinsChange ?? 0,
        rating_change: own?.ratingChange ?? 0,
      };
    });
    room.turn = null;
    room.botDueAt = null;
    room.nextHandAt = null;
    this.outbox.push({ type: "game_ended", payload: { winnerTeam: winner, results: room.results, reason: "match_over" } });
    this.outbox.push({ type: "game_session_updated", payload: { game: room.game } });
  }

  private async cancel(room: Room, reason: string): Promise<void> {
    const refunds =
      room.game.status === "waiting" ? room.seats.filter((s) => s.userId).map((s) => ({ userId: s.userId!, entry: s.entryPaid })) : [];
    await cancelGame(this.db, room.game, reason, refunds);
    room.game = { ...room.game, status: "cancelled", end_reason: reason, completed_at: new Date().toISOString() };
    room.idleDeadline = null;
    room.turn = null;
    room.botDueAt = null;
    room.nextHandAt = null;
    this.save(room);
    this.broadcast({ type: "game_session_updated", payload: { game: room.game } });
    this.broadcast({ type: "game_ended", payload: { winnerTeam: null, results: [], reason } });
    this.broadcastState(room);
    for (const ws of this.ctx.getWebSockets()) ws.close(1000, "Game cancelled");
  }

  // ------------------------------------------------------------------ seats

  private async seatPlayer(room: Room, request: SeatRequest): Promise<RoomResult> {
    if (room.seats.some((s) => s.userId === request.userId)) return { ok: true };
    if (room.game.status !== "waiting") return { ok: false, error: room.game.status === "active" ? "started" : "closed" };
    if (room.left.includes(request.userId)) return { ok: false, error: "left" };
    if (room.game.premium_only && !request.isPremium) return { ok: false, error: "premium_only" };
    const free = this.freeSeats(room);
    if (free.length === 0) return { ok: false, error: "full" };
    const seat: Seat = {
      seat: free[0],
      team: teamOfSeat(free[0]),
      userId: request.userId,
      nickname: request.nickname,
      avatarUrl: request.avatarUrl,
      isPremium: request.isPremium,
      rating: request.rating,
      botLevel: null,
      entryPaid: room.game.entry_cost,
      awaySince: null,
      botControlled: false,
    };
    const outcome = await takeSeat(this.db, room.game, this.newSeatOf(seat, room.game.entry_cost));
    if (outcome === "insufficient") return { ok: false, error: "insufficient_coins" };
    if (outcome === "taken") return { ok: false, error: "full" };
    room.seats.push(seat);
    room.seats.sort((a, b) => a.seat - b.seat);
    return { ok: true };
  }

  private freeSeats(room: Room): number[] {
    const taken = new Set(room.seats.map((s) => s.seat));
    return Array.from({ length: CAPACITY[room.game.game_type] }, (_, i) => i).filter((i) => !taken.has(i));
  }

  private botSeat(seat: number, level: BotLevel): Seat {
    return {
      seat,
      team: teamOfSeat(seat),
      userId: null,
      nickname: BOT_NAMES[seat % BOT_NAMES.length],
      avatarUrl: null,
      isPremium: false,
      rating: 1000,
      botLevel: level,
      entryPaid: 0,
      awaySince: null,
      botControlled: false,
    };
  }

  private newSeatOf(seat: Seat, entry: number) {
    return {
      seat: seat.seat,
      team: seat.team,
      userId: seat.userId,
      nickname: seat.nickname,
      botLevel: seat.botLevel,
      entry,
    };
  }

  private playerIdOf(seat: Seat): string {
    return seat.userId ?? botPlayerId(seat.seat);
  }

  private seatOfPlayer(room: Room, playerId: string): Seat | undefined {
    return room.seats.find((s) => this.playerIdOf(s) === playerId);
  }

  // ------------------------------------------------------------------ what players see

  private participants(room: Room): Participant[] {
    return room.seats.map((s) => {
      const connected = s.userId ? this.ctx.getWebSockets(s.userId).length > 0 : true;
      return {
        id: `${room.game.id}:${s.seat}`,
        user_id: s.userId,
        player_id: this.playerIdOf(s),
        seat: s.seat,
        team: s.team,
        nickname: s.nickname,
        avatar_url: s.avatarUrl,
        is_premium: s.isPremium,
        is_ready: s.userId ? connected : true,
        is_bot: s.userId === null,
        bot_level: s.botLevel,
        connected,
        bot_controlled: s.botControlled,
      };
    });
  }

  private statePayload(room: Room, userId: string | null): GameStatePayload {
    return { ...this.sharedState(room), view: this.viewOf(room, userId) };
  }

  /** Everything in a game_state that is the same for every socket. */
  private sharedState(room: Room): Omit<GameStatePayload, "view"> {
    return {
      version: room.version,
      game: room.game,
      participants: this.participants(room),
      turn: room.turn ? { playerId: room.turn.playerId, deadline: room.turn.deadline, seconds: this.turnMs / 1000 } : null,
      hands: room.hands,
      results: room.results,
      nextHandAt: room.nextHandAt,
    };
  }

  private viewOf(room: Room, userId: string | null) {
    const seated = userId !== null && room.seats.some((s) => s.userId === userId);
    return room.match ? viewFor(room.match, seated ? userId : null) : null;
  }

  /** Each socket its own game_state: the shared part is serialised once, the view per player. */
  private broadcastState(room: Room): void {
    // The deck proofs change only when a hand starts or ends: a broadcast leaves them out when
    // they are as the last broadcast sent them (every socket got that one, or a full state since).
    const handsKey = `${room.hands.length}:${room.hands.at(-1)?.seed ? 1 : 0}`;
    const { hands, ...rest } = this.sharedState(room);
    const shared = JSON.stringify(handsKey === this.handsKeySent ? rest : { ...rest, hands });
    this.handsKeySent = handsKey;
    const prefix = `{"type":"game_state","payload":${shared.slice(0, -1)},"view":`;
    const views = new Map<string, string>();
    for (const ws of this.ctx.getWebSockets()) {
      const { userId } = ws.deserializeAttachment() as Attachment;
      let view = views.get(userId);
      if (view === undefined) {
        view = JSON.stringify(this.viewOf(room, userId));
        views.set(userId, view);
      }
      sendText(ws, `${prefix}${view}}}`);
    }
  }

  private broadcastParticipants(room: Room): void {
    this.broadcast({ type: "participants_updated", payload: { participants: this.participants(room) } });
  }

  /**
   * Engine events for everyone: they hold nothing secret (a covered card is
   * {hidden:true}; seeds appear only in hand_ended, once the hand is over).
   */
  private queueEvents(events: GameEvent[]): void {
    for (const event of events) {
      if (event.type === "truco_called") this.outbox.push({ type: "truco_called", payload: event });
      if (event.type === "truco_responded") this.outbox.push({ type: "truco_responded", payload: event });
    }
    if (events.length) this.outbox.push({ type: "game_event", payload: { events } });
  }

  /** Saves the room, then sends the queued messages and each socket its own state. */
  private async publish(room: Room): Promise<void> {
    this.save(room);
    const messages = this.outbox;
    this.outbox = [];
    for (const message of messages) this.broadcast(message);
    this.broadcastState(room);
    const records = this.handRecords;
    this.handRecords = [];
    if (records.length > 0) await this.db.batch(records as [HandRecord, ...HandRecord[]]);
  }

  private broadcast(message: ServerMessage, except?: WebSocket): void {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets()) {
      if (ws !== except) sendText(ws, text);
    }
  }
}

const BOT_NAMES = ["Zé Bot", "Tia Bot", "Chico Bot", "Nina Bot"];

function errorMessage(code: string, message: string): ServerMessage {
  return { type: "error", payload: { code, message } };
}

function send(ws: WebSocket, message: ServerMessage): void {
  sendText(ws, JSON.stringify(message));
}

function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // The socket went away; its close handler cleans up.
  }
}
