import type { Page, WebSocketRoute } from "@playwright/test";
import type { ChatMessageView, GameSummary, Participant, PlayerResult } from "../../game/entities";
import type { ServerMessage } from "../../game/protocol";
import {
  applyAction,
  chooseAction,
  createMatch,
  handStartedEvent,
  legalActions,
  pendingPlayer,
  startNextHand,
  viewFor,
  type Action,
  type CreateMatchInput,
  type GameEvent,
  type MatchState,
  type Variant,
} from "../../game/truco/index";

// A scripted stand-in for the GameRoom, for browser tests of the game screen: the page's REST
// calls for one game are answered here (page.route) and its WebSocket is played by this object
// (page.routeWebSocket), which runs the real engine: createMatch, applyAction, viewFor, bots.
// Every phase and variant can be set up exactly, and every frame the page sends is recorded.

export interface FakeSeat {
  id: string;
  nickname: string;
  bot?: boolean;
}

export interface FakeRoomOptions {
  gameId?: string;
  code?: string;
  variant?: Variant;
  /** Seats in play order (2 or 4); teams alternate. The viewer is `me`. */
  seats: FakeSeat[];
  me: string;
  status?: GameSummary["status"];
  mode?: GameSummary["game_mode"];
  entryCost?: number;
  botLevel?: GameSummary["bot_level"];
  createdBy?: string;
  /** createMatch extras: starting scores, the dealer, house rules, the seed, and a fixed first deal (hands in seat order). */
  match?: Partial<Pick<CreateMatchInput, "scores" | "dealerIndex" | "rules" | "seed">> & {
    deal?: { hands: string[][]; vira?: string | null };
  };
  /** While waiting: how many of the seats are taken (the first ones). */
  joined?: number;
  /** Computer seats act by themselves after this delay (ms); null: only when the test says so. */
  botDelayMs?: number | null;
  nextHandDelayMs?: number;
}

export class FakeRoom {
  readonly gameId: string;
  readonly me: string;
  summary: GameSummary;
  participants: Participant[];
  state: MatchState | null = null;
  version = 1;
  results: PlayerResult[] | null = null;
  chat: ChatMessageView[] = [];
  /** Every frame the page sent, parsed. */
  received: { type: string; payload?: Record<string, unknown> }[] = [];
  sockets: WebSocketRoute[] = [];
  hands: { hand: number; commitment: string; seed: string | null }[] = [];
  nextHandAt: number | null = null;
  turnDeadline: { playerId: string; deadline: number } | null = null;
  /** When false, the REST polls answer 500 (to watch the page keep trying). */
  restUp = true;
  /** POSTs to leave/bots, in order. */
  posts: { path: string; body: unknown }[] = [];
  /** How many times the page asked GET /api/games/{id}. */
  summaryRequests = 0;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly options: FakeRoomOptions;

  constructor(options: FakeRoomOptions) {
    this.options = options;
    this.gameId = options.gameId ?? `fake-${Math.random().toString(36).slice(2, 10)}`;
    this.me = options.me;
    const type = options.seats.length === 2 ? "1v1" : "2v2";
    this.summary = {
      id: this.gameId,
      game_code: options.code ?? "TRC7Q2",
      status: options.status ?? "active",
      game_type: type,
      game_mode: options.mode ?? "casual",
      truco_variant: options.variant ?? "paulista",
      entry_cost: options.entryCost ?? 50,
      bot_level: options.botLevel ?? null,
      created_by: options.createdBy ?? options.me,
      capacity: options.seats.length,
      winner_team: null,
      team1_score: 0,
      team2_score: 0,
      end_reason: null,
      created_at: new Date().toISOString(),
      started_at: null,
      completed_at: null,
    };
    this.participants = options.seats.map((s, seat) => ({
      id: `${this.gameId}:${seat}`,
      user_id: s.bot ? null : s.id,
      player_id: s.id,
      seat,
      team: seat % 2 === 0 ? "team1" : "team2",
      nickname: s.nickname,
      avatar_url: null,
      is_premium: false,
      is_ready: true,
      is_bot: Boolean(s.bot),
      bot_level: s.bot ? "normal" : null,
      connected: true,
      bot_controlled: false,
    }));
    if (options.joined !== undefined) this.participants = this.participants.slice(0, options.joined);
    if (this.summary.status !== "waiting") this.start();
  }

  /** Deals hand 1 (and switches the game to active). */
  start() {
    const o = this.options;
    const { deal, ...extras } = o.match ?? {};
    this.state = createMatch({
      variant: o.variant ?? "paulista",
      seed: o.match?.seed ?? "fake-room-seed",
      players: o.seats.map((s, seat) => ({ id: s.id, team: seat % 2 === 0 ? "team1" : "team2", nickname: s.nickname })),
      ...extras,
      deal: deal ? { hands: Object.fromEntries(o.seats.map((s, i) => [s.id, deal.hands[i]])), vira: deal.vira } : undefined,
    });
    this.summary = { ...this.summary, status: "active", started_at: new Date().toISOString() };
    this.onEvents([handStartedEvent(this.state)]);
  }

  async install(page: Page) {
    const base = `/api/games/${this.gameId}`;
    await page.route(`**${base}`, (route) => {
      this.summaryRequests += 1;
      return this.restUp ? route.fulfill({ json: this.summary }) : route.fulfill({ status: 500, json: { error: "down" } });
    });
    await page.route(`**${base}/participants`, (route) =>
      this.restUp ? route.fulfill({ json: this.participants }) : route.fulfill({ status: 500, json: { error: "down" } }),
    );
    await page.route(`**${base}/chat`, async (route) => {
      if (route.request().method() === "POST") {
        const body = route.request().postDataJSON() as { message: string; message_type: "text" | "emoji" };
        const me = this.participants.find((p) => p.player_id === this.me)!;
        const message: ChatMessageView = {
          id: this.chat.length + 1,
          user_id: this.me,
          nickname: me.nickname,
          avatar_url: null,
          message: body.message,
          message_type: body.message_type,
          created_at: new Date().toISOString(),
        };
        this.chat.push(message);
        this.broadcast({ type: "chat_message", payload: { message } });
        return route.fulfill({ status: 201, json: message });
      }
      return route.fulfill({ json: this.chat });
    });
    await page.route(`**${base}/leave`, (route) => {
      this.posts.push({ path: "leave", body: null });
      return route.fulfill({ json: { ok: true } });
    });
    await page.route(`**${base}/bots`, (route) => {
      this.posts.push({ path: "bots", body: route.request().postDataJSON() });
      return route.fulfill({ json: { ok: true } });
    });
    await page.routeWebSocket(`**${base}/ws`, (ws) => this.connect(ws));
  }

  private connect(ws: WebSocketRoute) {
    this.sockets.push(ws);
    ws.onMessage((raw) => {
      const frame = JSON.parse(String(raw)) as { type: string; payload?: Record<string, unknown> };
      this.received.push(frame);
      if (frame.type === "ping") return this.send(ws, { type: "pong", payload: { at: 0 } });
      if (frame.type === "sync") return this.sendState(ws);
      this.act(this.me, { type: frame.type, ...(frame.payload ?? {}) } as Action, ws);
    });
    ws.onClose(() => {
      this.sockets = this.sockets.filter((s) => s !== ws);
    });
    this.sendState(ws);
  }

  /** Applies an action for any seat (the page's frames come here too) and tells every socket. */
  act(playerId: string, action: Action, from?: WebSocketRoute): boolean {
    if (!this.state) return false;
    const result = applyAction(this.state, playerId, action);
    if (!result.ok) {
      if (from) this.send(from, { type: "error", payload: { code: result.error, message: result.message } });
      return false;
    }
    this.state = result.state;
    this.onEvents(result.events);
    this.publish();
    return true;
  }

  private onEvents(events: GameEvent[]) {
    for (const event of events) {
      if (event.type === "hand_started") this.hands.push({ hand: event.handNumber, commitment: event.commitment, seed: null });
      if (event.type === "hand_ended") {
        const hand = this.hands.find((h) => h.hand === event.handNumber);
        if (hand) hand.seed = event.seed;
      }
      if (event.type === "truco_called" || event.type === "truco_responded")
        this.broadcast({ type: event.type, payload: event } as ServerMessage);
      if (event.type === "match_ended") this.finish(event.winnerTeam, [event.team1Score, event.team2Score]);
    }
    if (events.length) this.broadcast({ type: "game_event", payload: { events } });
  }

  private finish(winner: "team1" | "team2", scores: [number, number]) {
    const practice = this.summary.bot_level !== null;
    this.summary = {
      ...this.summary,
      status: "completed",
      winner_team: winner,
      team1_score: scores[0],
      team2_score: scores[1],
      completed_at: new Date().toISOString(),
    };
    const pot = practice ? 0 : this.summary.entry_cost * this.participants.length;
    const winners = this.participants.filter((p) => p.team === winner).length;
    this.results = this.participants.map((p) => ({
      user_id: p.user_id,
      nickname: p.nickname,
      team: p.team,
      result: p.team === winner ? "win" : "loss",
      coins_change: practice ? 0 : p.team === winner ? pot / winners - this.summary.entry_cost : -this.summary.entry_cost,
      rating_change: this.summary.game_mode === "ranked" ? (p.team === winner ? 16 : -16) : 0,
    }));
    this.broadcast({ type: "game_ended", payload: { winnerTeam: winner, results: this.results, reason: "match_over" } });
    this.broadcast({ type: "game_session_updated", payload: { game: this.summary } });
  }

  /** New version; each socket gets its own view; then the computer seats and the next deal. */
  publish() {
    this.version += 1;
    this.turnDeadline = null;
    if (this.state?.phase === "round_end") this.nextHandAt ??= Date.now() + (this.options.nextHandDelayMs ?? 2500);
    for (const ws of this.sockets) this.sendState(ws);
    this.schedule();
  }

  private schedule() {
    const state = this.state;
    if (!state) return;
    if (state.phase === "round_end" && this.options.nextHandDelayMs !== undefined && this.options.nextHandDelayMs >= 0) {
      this.later(this.options.nextHandDelayMs, () => this.deal());
      return;
    }
    const delay = this.options.botDelayMs;
    if (delay === null || delay === undefined) return;
    const pending = pendingPlayer(state);
    const seat = this.options.seats.find((s) => s.id === pending);
    if (pending && seat?.bot) this.later(delay, () => this.botMove(pending));
  }

  /** That seat plays its first legal card (to set up a trick). */
  playAny(playerId: string) {
    if (!this.state) return false;
    const action = legalActions(this.state, playerId).find((a) => a.type === "play_card" && !a.faceDown);
    return action ? this.act(playerId, action) : false;
  }

  /** Lets a computer seat decide (the engine's bot). */
  botMove(playerId: string) {
    if (!this.state || pendingPlayer(this.state) !== playerId) return;
    const action = chooseAction(this.state, playerId, { level: "easy", seed: `${this.version}` });
    if (action) this.act(playerId, action);
  }

  /** Deals the next hand (phase round_end). */
  deal() {
    if (!this.state || this.state.phase !== "round_end") return;
    const next = startNextHand(this.state);
    if (!next.ok) return;
    this.state = next.state;
    this.nextHandAt = null;
    this.onEvents(next.events);
    this.publish();
  }

  private later(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Like the room: a 30 s timer for a human's pending decision, none for computer seats. */
  private turn() {
    const pending = this.state ? pendingPlayer(this.state) : null;
    const human = pending !== null && !this.options.seats.find((s) => s.id === pending)?.bot;
    if (!pending || !human) return null;
    if (!this.turnDeadline || this.turnDeadline.playerId !== pending)
      this.turnDeadline = { playerId: pending, deadline: Date.now() + 30_000 };
    return { playerId: pending, deadline: this.turnDeadline.deadline, seconds: 30 };
  }

  payload(playerId: string | null) {
    const turn = this.turn();
    return {
      version: this.version,
      game: this.summary,
      participants: this.participants,
      view: this.state ? viewFor(this.state, playerId) : null,
      turn,
      hands: this.hands,
      results: this.results,
      nextHandAt: this.state?.phase === "round_end" ? this.nextHandAt : null,
    };
  }

  sendState(ws: WebSocketRoute) {
    this.send(ws, { type: "game_state", payload: this.payload(this.me) });
  }

  send(ws: WebSocketRoute, message: ServerMessage | { type: string; payload: unknown }) {
    ws.send(JSON.stringify(message));
  }

  broadcast(message: ServerMessage) {
    for (const ws of this.sockets) this.send(ws, message);
  }

  /** Closes every socket from the server side (the page should reconnect after 3 s). */
  dropConnections() {
    for (const ws of this.sockets) ws.close({ code: 1011, reason: "test drop" }).catch(() => undefined);
    this.sockets = [];
  }

  /** The frames of a type the page sent. */
  sent(type: string) {
    return this.received.filter((f) => f.type === type);
  }
}

/** The signed-in user's id (the fake room seats the page's real user). */
export async function currentUserId(page: Page): Promise<{ id: string; nickname: string }> {
  return page.evaluate(async () => {
    const response = await fetch("/api/users/me", { credentials: "same-origin" });
    const me = (await response.json()) as { id: string; nickname: string };
    return { id: me.id, nickname: me.nickname };
  });
}
