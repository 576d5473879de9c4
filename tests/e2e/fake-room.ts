import type { Page, WebSocketRoute } from "@playwright/test";
import { decode, encode } from "turbo-stream";
import type { ChatMessageView, GameSummary } from "../../game/protocol/entities";
import { actionOf, parseClientFrame, type ServerMessage } from "../../game/protocol/room";
import {
  act,
  advance,
  chat,
  connect,
  DEFAULT_TIMINGS,
  disconnect,
  openRoom,
  participants,
  ratingsNeeded,
  settleRoom,
  statePayload,
  type MatchSetup,
  type Room,
  type RoomClock,
  type RoomSeat,
  type RoomTimings,
  type Step,
} from "../../game/room/index";
import { teamOfSeat } from "../../game/room/settlement";
import { legalActions, type Action, type MatchState, type Variant } from "../../game/truco/index";

// A scripted stand-in for the GameRoom, for browser tests of the game screen: the game page's data
// (its loader's answer to the client's data request), the page's REST calls for one game
// (page.route) and its WebSocket (page.routeWebSocket) are all answered here. The page is opened by
// a client-side navigation (`open`), so its data comes through that request: the server, which
// does not know this game, is never asked to render it (ADR 085's REST fallback is gone). It drives the same room rules as the real GameRoom (game/room: seats,
// participants, the start, computer players and their delay, the next-hand pause, the result
// table) over the real engine, with no D1 and no alarms: a timer here fires only if the test
// turns it on. Every phase and variant can be set up exactly, and every frame the page sends is recorded.

export interface FakeSeat {
  /** A user id; a computer player's seat has the id `bot-<seat>` (the engine id the room gives it). */
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
  status?: "waiting" | "active";
  mode?: GameSummary["game_mode"];
  entryCost?: number;
  botLevel?: GameSummary["bot_level"];
  createdBy?: string;
  /** createMatch extras: starting scores, the dealer, house rules, the seed, and a fixed first deal (hands in seat order). */
  match?: Omit<MatchSetup, "deal"> & { seed?: string; deal?: { hands: string[][]; vira?: string | null } };
  /** While waiting: how many of the seats are taken (the first ones). */
  joined?: number;
  /** Computer seats act by themselves after this delay (ms); null: only when the test says so. */
  botDelayMs?: number | null;
  /** The pause before the next hand (shown to the page); the next hand is dealt by itself only when this is set. */
  nextHandDelayMs?: number;
  /** A shortened turn timer (ms): the room acts for a player whose time runs out only when this is set. */
  turnMs?: number;
}

/** A computer player's delay that never runs out within a test. */
const NEVER_MS = 365 * 24 * 3600_000;

export class FakeRoom {
  readonly gameId: string;
  readonly me: string;
  room: Room;
  chat: ChatMessageView[] = [];
  /** Every frame the page sent, parsed. */
  received: { type: string; payload?: Record<string, unknown> }[] = [];
  sockets: WebSocketRoute[] = [];
  /** When false, the REST polls answer 500 (to watch the page keep trying). */
  restUp = true;
  /** POSTs to leave/bots, in order. */
  posts: { path: string; body: unknown }[] = [];
  /** How many times the page asked GET /api/games/{id}. */
  summaryRequests = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly options: FakeRoomOptions;
  private readonly timings: RoomTimings;

  constructor(options: FakeRoomOptions) {
    this.options = options;
    this.gameId = options.gameId ?? "fake-room";
    this.me = options.me;
    this.timings = {
      ...DEFAULT_TIMINGS,
      botDelayMs: options.botDelayMs ?? NEVER_MS,
      nextHandDelayMs: options.nextHandDelayMs ?? DEFAULT_TIMINGS.nextHandDelayMs,
      turnMs: options.turnMs ?? DEFAULT_TIMINGS.turnMs,
    };
    const game: GameSummary = {
      id: this.gameId,
      game_code: options.code ?? "TRC7Q2",
      status: "waiting",
      game_type: options.seats.length === 2 ? "1v1" : "2v2",
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
    const { deal, seed: _seed, ...setup } = options.match ?? {};
    const taken = options.status === "waiting" ? options.seats.slice(0, options.joined ?? options.seats.length) : options.seats;
    this.room = {
      ...openRoom(game, this.clock()),
      seats: taken.map((s, seat) => this.seatOf(s, seat, game.entry_cost)),
      setup: {
        ...setup,
        deal: deal ? { hands: Object.fromEntries(options.seats.map((s, i) => [s.id, deal.hands[i]])), vira: deal.vira } : undefined,
      },
    };
    // Everyone seated is at the table: an active game starts as the last of them arrives.
    for (const seat of this.room.seats) if (seat.userId) this.room = connect(this.room, seat.userId, this.clock()).room;
    this.schedule();
  }

  /** A fixture seat as the room holds it (humans connected; computer players' seats as the room makes them). */
  private seatOf(s: FakeSeat, seat: number, entry: number): RoomSeat {
    if (s.bot && s.id !== `bot-${seat}`) throw new Error(`FakeRoom: the computer player in seat ${seat} is bot-${seat}, not ${s.id}`);
    return {
      seat,
      team: teamOfSeat(seat),
      userId: s.bot ? null : s.id,
      nickname: s.nickname,
      avatarUrl: null,
      isPremium: false,
      rating: 1000,
      botLevel: s.bot ? "normal" : null,
      entryPaid: s.bot ? 0 : entry,
      connected: false,
      awaySince: null,
      botControlled: false,
    };
  }

  private clock(now = Date.now()): RoomClock {
    return { now, timings: this.timings, newSeed: () => this.options.match?.seed ?? "fake-room-seed" };
  }

  get summary(): GameSummary {
    return this.room.game;
  }

  get state(): MatchState | null {
    return this.room.match;
  }

  get version(): number {
    return this.room.version;
  }

  set version(version: number) {
    this.room = { ...this.room, version };
  }

  async install(page: Page) {
    await stubGamePage(page, this.gameId, () => ({
      state: "ready",
      game: this.summary,
      participants: participants(this.room),
      live: null,
    }));
    const base = `/api/games/${this.gameId}`;
    await page.route(`**${base}`, (route) => {
      this.summaryRequests += 1;
      return this.restUp ? route.fulfill({ json: this.summary }) : route.fulfill({ status: 500, json: { error: "down" } });
    });
    await page.route(`**${base}/participants`, (route) =>
      this.restUp ? route.fulfill({ json: participants(this.room) }) : route.fulfill({ status: 500, json: { error: "down" } }),
    );
    await page.route(`**${base}/chat`, async (route) => {
      if (route.request().method() === "POST") {
        const body = route.request().postDataJSON() as { message: string; message_type: "text" | "emoji" };
        const me = this.room.seats.find((s) => s.userId === this.me)!;
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
        this.apply(chat(this.room, message, this.clock()));
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

  /** Opens the game page on this room (after `install`). */
  async open(page: Page) {
    await openGamePage(page, this.gameId);
  }

  private connect(ws: WebSocketRoute) {
    this.sockets.push(ws);
    ws.onMessage((raw) => {
      // The room's own parser: the screen must send only frames the real room accepts.
      const parsed = parseClientFrame(String(raw));
      if (!parsed.ok) throw new Error(`The game screen sent a frame the room refuses (${parsed.code}): ${String(raw)}`);
      const frame = parsed.message;
      this.received.push(frame);
      if (frame.type === "ping") return this.send(ws, { type: "pong", payload: { at: 0 } });
      if (frame.type === "sync") return this.sendState(ws);
      this.act(this.me, actionOf(frame), ws);
    });
    ws.onClose(() => {
      this.sockets = this.sockets.filter((s) => s !== ws);
      if (this.sockets.length === 0) this.apply(disconnect(this.room, this.me, this.clock()));
    });
    this.apply(connect(this.room, this.me, this.clock()));
  }

  /** Applies an action for any seat (the page's frames come here too) and tells every socket. */
  act(playerId: string, action: Action, from?: WebSocketRoute): boolean {
    const result = act(this.room, playerId, action, this.clock());
    if (!result.ok) {
      if (from) this.send(from, { type: "error", payload: { code: result.code, message: result.message } });
      return false;
    }
    this.apply(result.step);
    return true;
  }

  /** That seat plays its first legal card (to set up a trick). */
  playAny(playerId: string) {
    if (!this.state) return false;
    const action = legalActions(this.state, playerId).find((a) => a.type === "play_card" && !a.faceDown);
    return action ? this.act(playerId, action) : false;
  }

  /** What the GameRoom does with a step, minus D1: settle a decided game, then send. */
  private apply(step: Step) {
    if (ratingsNeeded(step.room) !== null) step = settleRoom(step, new Map(), this.clock());
    this.room = step.room;
    for (const effect of step.effects) {
      if (effect.type === "send") this.broadcast(effect.message);
      if (effect.type === "state") for (const ws of this.sockets) this.sendState(ws);
    }
    this.schedule();
  }

  /** The room's next computer move or deal, if the test turned that timer on; it runs at its own deadline. */
  private schedule() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const due = [
      this.options.botDelayMs != null ? this.room.botDueAt : null,
      this.options.nextHandDelayMs !== undefined ? this.room.nextHandAt : null,
      this.options.turnMs !== undefined ? (this.room.turn?.deadline ?? null) : null,
    ].filter((at): at is number => at !== null);
    if (due.length === 0) return;
    const at = Math.min(...due);
    this.timer = setTimeout(() => this.apply(advance(this.room, this.clock(at))), Math.max(0, at - Date.now()));
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** A new version with nothing changed: each socket gets its state again. */
  publish() {
    this.room = { ...this.room, version: this.room.version + 1 };
    for (const ws of this.sockets) this.sendState(ws);
  }

  payload(playerId: string | null) {
    return statePayload(this.room, playerId, this.timings);
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
    this.apply(disconnect(this.room, this.me, this.clock()));
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

/** The game route's id, as Remix names it (app/routes/game.$gameId.tsx). */
const GAME_ROUTE = "routes/game.$gameId";

/**
 * Answers the game page's data request (Remix single fetch: `/game/{id}.data`, turbo-stream, the
 * encoding Remix itself uses) with the page data of `page` (what `gamePageOf` would return), for a
 * page opened by `openGamePage`.
 */
export async function stubGamePage(page: Page, gameId: string, pageData: () => unknown) {
  await page.route(`**/game/${gameId}.data*`, async (route) => {
    // The other routes' data (the root's: the user, the language) as the server answers it; the
    // game route's (there "not_found": the server does not know this game) replaced.
    const real = await route.fetch();
    const { value, done } = await decode(new Response(new Uint8Array(await real.body())).body!);
    await done;
    const results = { ...(value as Record<string, unknown>), [GAME_ROUTE]: { data: { gameId, page: pageData(), chat: null } } };
    return route.fulfill({
      status: 200,
      headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes" },
      body: await new Response(encode(results)).text(),
    });
  });
}

/**
 * Opens `/game/{id}` as a tap on a link would: from the home page, by a client-side navigation, so
 * the page's data comes from the data request that `stubGamePage` answers.
 */
export async function openGamePage(page: Page, gameId: string) {
  await page.goto("/");
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.evaluate(
    (path) => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(path),
    `/game/${gameId}`,
  );
  await page.waitForURL(`**/game/${gameId}`);
}
