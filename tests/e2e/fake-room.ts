import type { Page, WebSocketRoute } from "@playwright/test";
import { decode, encode } from "turbo-stream";
import type { ChatMessageView, GameSummary } from "../../game/protocol/entities";
import { parseClientFrame, type ServerMessage } from "../../game/protocol/room";
import {
  DEFAULT_TIMINGS,
  openRoom,
  participants,
  roomFromParts,
  type MatchSetup,
  type Room,
  type RoomClock,
  type RoomSeat,
  type RoomTimings,
  type StoredPlay,
  type StoredTable,
} from "../../game/room/index";
import { PLAY_KEY, ROOM_KEY, RoomHost, writeRoom } from "../../game/room/host/index";
import { memoryPorts, type MemoryPorts, type MemorySocket } from "../../game/room/host/memory";
import { teamOfSeat } from "../../game/room/settlement";
import { legalActions, type Action, type MatchState, type Variant } from "../../game/truco/index";

// A scripted table for browser tests of the game screen: the game page's data (its loader's
// answer to the client's data request), the page's REST calls for one game (page.route) and its
// WebSocket (page.routeWebSocket) are answered here, by the room host that runs every GameRoom
// (game/room/host) on in-memory ports, so the page receives exactly the frames production sends.
// The page is opened by a client-side navigation (`open`), so its data comes through that request
// and the server, which does not know this game, is never asked to render it. Every phase and
// variant can be set up exactly, the test plays the other seats, timers fire only when the test
// turns them on, and every frame the page sends is recorded.

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
  chat: ChatMessageView[] = [];
  /** Every frame the page sent, parsed. */
  received: { type: string; payload?: Record<string, unknown> }[] = [];
  /** The page's open sockets. */
  sockets: WebSocketRoute[] = [];
  /** When false, the REST polls answer 500 (to watch the page keep trying). */
  restUp = true;
  /** When true, the room is unreachable: each new socket is closed as it opens. */
  refuseSockets = false;
  /** POSTs to leave/bots, in order. */
  posts: { path: string; body: unknown }[] = [];
  /** How many times the page asked GET /api/games/{id}. */
  summaryRequests = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly options: FakeRoomOptions;
  private readonly timings: RoomTimings;
  private readonly ports: MemoryPorts;
  private readonly host: RoomHost<MemorySocket>;
  private readonly routes = new Map<WebSocketRoute, MemorySocket>();
  private readonly othersAtTable: Promise<void>;
  private firstSocket!: () => void;
  /** Resolves once the page's first socket is at the table. */
  private readonly atTable = new Promise<void>((resolve) => (this.firstSocket = resolve));

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
    const { deal, seed, ...setup } = options.match ?? {};
    const taken = options.status === "waiting" ? options.seats.slice(0, options.joined ?? options.seats.length) : options.seats;
    const clock: RoomClock = { now: Date.now(), timings: this.timings, newSeed: () => seed ?? "fake-room-seed" };
    const room: Room = {
      ...openRoom(game, clock),
      seats: taken.map((s, seat) => this.seatOf(s, seat, game.entry_cost)),
      setup: {
        ...setup,
        deal: deal ? { hands: Object.fromEntries(options.seats.map((s, i) => [s.id, deal.hands[i]])), vira: deal.vira } : undefined,
      },
    };
    const ports = memoryPorts({ seed: seed ?? "fake-room-seed", clock: () => Date.now() });
    void writeRoom(ports.store, null, room);
    const host = new RoomHost(ports, this.timings);
    this.ports = ports;
    this.host = host;
    // Every other person seated is at the table with a socket of their own: an active game starts
    // as the page's socket arrives, so its clocks (the turn timer) run from the moment the player
    // sees the table.
    const others = room.seats.flatMap((seat) => (seat.userId && seat.userId !== this.me ? [seat.userId] : []));
    this.othersAtTable = (async () => {
      for (const userId of others) await host.connect(userId, null, (tags) => ports.sockets.accept(tags));
    })();
  }

  /** A fixture seat as the room holds it (computer players' seats as the room makes them). */
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

  /** The room as the host last saved it. */
  get room(): Room {
    const values = this.ports.store.values;
    return roomFromParts(values.get(ROOM_KEY) as StoredTable, values.get(PLAY_KEY) as StoredPlay | undefined)!;
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
        await this.host.pushChat(message);
        this.schedule();
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

  /** Opens the game page on this room (after `install`), and waits until the page's socket is at the table. */
  async open(page: Page) {
    await openGamePage(page, this.gameId);
    await this.atTable;
  }

  private connect(ws: WebSocketRoute) {
    if (this.refuseSockets) {
      void ws.close({ code: 1011, reason: "unreachable" }).catch(() => undefined);
      return;
    }
    this.sockets.push(ws);
    const opening = this.othersAtTable.then(() =>
      this.host.connect(this.me, null, (tags) =>
        this.ports.sockets.accept(
          tags,
          (text) => ws.send(text),
          (code, reason) => void ws.close({ code, reason }).catch(() => undefined),
        ),
      ),
    );
    ws.onMessage(async (raw) => {
      // The room's own parser: the screen must send only frames the real room accepts.
      const parsed = parseClientFrame(String(raw));
      if (!parsed.ok) throw new Error(`The game screen sent a frame the room refuses (${parsed.code}): ${String(raw)}`);
      this.received.push(parsed.message);
      const socket = await opening;
      if (socket) await this.host.message(socket, String(raw));
      this.schedule();
    });
    ws.onClose(async () => {
      this.sockets = this.sockets.filter((s) => s !== ws);
      const socket = await opening;
      if (socket) await this.host.closed(socket);
      this.schedule();
    });
    void opening.then((socket) => {
      if (socket) this.routes.set(ws, socket);
      this.firstSocket();
      this.schedule();
    });
  }

  /** A chat message from another player at the table: kept in the history and pushed over the room's sockets. */
  async say(message: ChatMessageView) {
    this.chat.push(message);
    await this.host.pushChat(message);
    this.schedule();
  }

  /** An action for any seat (a computer player's id is `bot-<seat>`), as if its player sent it. */
  async act(playerId: string, action: Action): Promise<boolean> {
    const result = await this.host.play(playerId, action);
    this.schedule();
    return result.ok;
  }

  /** That seat plays its first legal card (to set up a trick). */
  async playAny(playerId: string): Promise<boolean> {
    if (!this.state) return false;
    const action = legalActions(this.state, playerId).find((a) => a.type === "play_card" && !a.faceDown);
    return action ? this.act(playerId, action) : false;
  }

  /**
   * The room's next timer, when the test turned its kind on: the alarm fires at its own deadline.
   * Timers the test left off never fire.
   */
  private schedule() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const room = this.room;
    const due = [
      this.options.botDelayMs != null ? room.botDueAt : null,
      this.options.nextHandDelayMs !== undefined ? room.nextHandAt : null,
      this.options.turnMs !== undefined ? (room.turn?.deadline ?? null) : null,
    ].filter((at): at is number => at !== null);
    if (due.length === 0) return;
    const at = Math.min(...due);
    this.timer = setTimeout(
      () =>
        void this.host
          .alarm()
          .catch(() => undefined)
          .then(() => this.schedule()),
      Math.max(0, at - Date.now()),
    );
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sends every open page socket a raw frame (a message the room never sends by itself, e.g. a version jump). */
  broadcast(message: ServerMessage) {
    for (const ws of this.sockets) ws.send(JSON.stringify(message));
  }

  /** Closes every socket from the server side (the page should reconnect after 3 s). */
  async dropConnections() {
    const open = this.sockets;
    this.sockets = [];
    for (const ws of open) {
      const socket = this.routes.get(ws)!;
      this.ports.sockets.close(socket, 1011, "test drop");
      await this.host.closed(socket);
    }
    this.schedule();
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
