import { performance } from "node:perf_hooks";
import type { CreateGame } from "../../../app/schemas/games";
import type { GameSummary } from "../../../game/protocol/entities";
import type { Action } from "../../../game/truco/index";
import type { RoomMessage } from "../../../game/protocol/room";
import type { RoomClient } from "../../support/room-client";
import { LostAnswer, type AppClient } from "./client";
import type { Player } from "./scenario";
import type { MoveStats } from "./stats";
import { rngOf, sleep } from "./util";

// One 2v2 table of the bench: four players, their four sockets (the shared
// room client of tests/support/room-client.ts), and one measured move at a
// time: from sending the acting player's frame until the resulting state
// (the version bump: a `game_state` or a `game_state_delta`, ADR 055) has
// arrived on each of the four sockets.

/** The room closes a socket sending more than 50 frames in 10 s: stay at ≤ 4 frames/s per socket. */
const MIN_FRAME_GAP_MS = 250;
const MOVE_TIMEOUT_MS = 30_000;
export const BENCH_GAME: CreateGame = { game_type: "2v2", game_mode: "casual", truco_variant: "paulista" };

/** One action from the legal ones: mostly cards, sometimes a raise (trucoRate of the turns that may call); accept most raises. */
export function benchPolicy(rng: () => number, trucoRate = 0.12) {
  return (legal: Action[]): Action => {
    const of = <T extends Action["type"]>(type: T) => legal.filter((a): a is Extract<Action, { type: T }> => a.type === type);
    const pick = <T>(list: T[]) => list[Math.floor(rng() * list.length)];
    const respondTruco = of("respond_truco");
    if (respondTruco.length) return respondTruco.find((a) => a.response === (rng() < 0.75 ? "accept" : "reject")) ?? pick(respondTruco);
    const mao = of("respond_mao");
    if (mao.length) return mao.find((a) => a.response === "play") ?? pick(mao);
    for (const type of ["respond_envido", "respond_flor"] as const) {
      const list = of(type);
      if (list.length) return list.find((a) => a.response === "accept") ?? pick(list);
    }
    const truco = of("call_truco");
    if (truco.length && rng() < trucoRate) return pick(truco);
    const cards = of("play_card").filter((a) => !a.faceDown);
    if (cards.length) return pick(cards);
    const rest = legal.filter((a) => a.type !== "go_to_mazo");
    return pick(rest.length ? rest : legal);
  };
}

interface Pending {
  before: number;
  /** Where the game stood when the move was sent (progressOf): a state still there is not its answer. */
  progress: string;
  arrivals: (number | null)[];
  resolve: () => void;
  reject: (error: Error) => void;
}

/** How far the game has got: a move changes it (an action counted, a new hand, the end). */
function progressOf(state: RoomClient["state"]): string {
  return `${state?.game.status}|${state?.view?.handNumber}|${state?.view?.actionCount}`;
}

interface Seat {
  client: RoomClient;
  index: number;
  player: Player;
  /** The highest game_state version this socket has seen. */
  version: number;
  lastSentAt: number;
  closing: boolean;
  /** A ping or sync probe waiting for its answer. */
  probe: { type: "pong" | "game_state"; resolve: (at: number) => void } | null;
}

export class Table {
  readonly rng: () => number;
  private readonly choose: (legal: Action[]) => Action;
  private seats: Seat[] = [];
  private pending: Pending | null = null;
  private waiter: (() => void) | null = null;
  private broken: string | null = null;
  gameId: string | null = null;
  /** Set when the table gave up (an error); it plays no more. */
  dead = false;

  constructor(
    private readonly app: AppClient,
    readonly players: Player[],
    public stats: MoveStats,
    seed: number,
    /** The table opened (the spectators' scenario opens a public one, which anyone may watch). */
    private readonly game: CreateGame = BENCH_GAME,
    trucoRate?: number,
  ) {
    this.rng = rngOf(seed);
    this.choose = benchPolicy(this.rng, trucoRate);
  }

  /** Creates a 2v2 Paulista casual game, the other three join by code, all four connect. */
  async open() {
    await this.seat();
    await this.connect();
  }

  /** HTTP: the first player creates the game, the other three join it by its code. */
  async seat() {
    this.broken = null;
    const [creator, ...others] = this.players;
    const game = await this.create(creator);
    for (const player of others) await this.join(player, game);
    this.gameId = game.id;
    this.stats.rooms += 1;
  }

  /**
   * POST /api/games once: creating a table is not safe to repeat (a second create while the first
   * stands is refused as a second seat, 409 already_seated). When its answer is lost, the creator's
   * table is read back the way a player sees it after a reload.
   */
  private async create(creator: Player): Promise<GameSummary> {
    try {
      return await this.app.apiOnce<GameSummary>("POST", "/api/games", creator, this.game);
    } catch (error) {
      if (!(error instanceof LostAnswer)) throw error;
      const table = await this.app.tableOf(creator);
      if (!table) throw error;
      this.app.hung.recovered += 1;
      return table;
    }
  }

  /**
   * POST /api/games/join once, for the same reason: a join repeated while the first is still in
   * the room holds the player's seat lease and is refused (409 already_seated). A lost answer is
   * read back: the player sits at this table, or the join failed.
   */
  private async join(player: Player, game: GameSummary): Promise<void> {
    try {
      await this.app.apiOnce("POST", "/api/games/join", player, { game_code: game.game_code });
    } catch (error) {
      if (!(error instanceof LostAnswer)) throw error;
      const table = await this.app.tableOf(player);
      if (table?.id !== game.id) throw error;
      this.app.hung.recovered += 1;
    }
  }

  /** The four sockets; resolves when the match has started on all of them. */
  async connect() {
    const gameId = this.gameId!;
    this.seats = [];
    for (const [index, player] of this.players.entries()) {
      const client = await this.app.openRoom(gameId, player);
      this.stats.extensions.add(client.ws.extensions);
      const seat: Seat = { client, index, player, version: -1, lastSentAt: -Infinity, closing: false, probe: null };
      client.onFrame((messages, arrivedAt, text) => this.onFrame(seat, messages, arrivedAt, text));
      client.ws.addEventListener("close", (event) => {
        if (!seat.closing) this.onClosed(seat, event.code, event.reason);
      });
      this.seats.push(seat);
    }
    await this.until(
      () => this.seats.every((s) => s.client.state?.game.status === "active" && s.client.state.view && s.version === this.maxVersion()),
      20_000,
      "the match to start on all four sockets",
    );
  }

  close() {
    for (const seat of this.seats) {
      seat.closing = true;
      seat.client.close();
    }
  }

  /** The first socket's latest state (every socket has it once a move is measured). */
  get state() {
    return this.seats[0]?.client.state ?? null;
  }

  private maxVersion() {
    return Math.max(...this.seats.map((s) => s.version));
  }

  private onFrame(seat: Seat, messages: RoomMessage[], arrivedAt: number, text: string) {
    const stats = this.stats;
    stats.framesIn += 1;
    stats.bytesIn += text.length;
    for (const message of messages) {
      if (seat.probe && message.type === seat.probe.type) {
        const probe = seat.probe;
        seat.probe = null;
        probe.resolve(arrivedAt);
        return;
      }
      if (message.type === "game_state" || message.type === "game_state_delta") {
        // The frame that carries it (a frame holds at most one state).
        if (message.type === "game_state") {
          stats.fullFrames += 1;
          const v = message.payload.version;
          stats.fullWhy[seat.version < 0 ? "first" : v === seat.version + 1 ? "next" : v > seat.version ? "jump" : "stale"] += 1;
          stats.fullBytes += text.length;
          stats.fullMax = Math.max(stats.fullMax, text.length);
        } else {
          stats.deltaFrames += 1;
          stats.deltaBytes += text.length;
        }
        const { version } = message.payload;
        if (version > seat.version) {
          seat.version = version;
          const pending = this.pending;
          // A new version is the move's answer only once the move is in it: a socket of the same
          // player opening elsewhere (the abuse scenario) publishes a version of its own, and taking
          // that as the answer made the next move act on a stale turn (a not_your_turn error).
          if (
            pending &&
            version > pending.before &&
            pending.arrivals[seat.index] === null &&
            progressOf(seat.client.state) !== pending.progress
          ) {
            pending.arrivals[seat.index] = arrivedAt;
            if (pending.arrivals.every((t) => t !== null)) pending.resolve();
          }
          this.waiter?.();
        }
      } else if (message.type === "error") {
        const detail = `${message.payload.code}: ${message.payload.message}`;
        stats.error("error frame", `${this.gameId} seat ${seat.index}: ${detail}`);
        this.pending?.reject(new Error(`error frame: ${detail}`));
      }
    }
  }

  private onClosed(seat: Seat, code: number, reason: string) {
    this.stats.error("socket closed", `${this.gameId} seat ${seat.index}: ${code} ${reason}`);
    this.broken = `socket closed ${code}`;
    this.pending?.reject(new Error(`socket closed ${code} ${reason}`));
    this.waiter?.();
  }

  private async until(predicate: () => boolean, ms: number, what: string) {
    const deadline = performance.now() + ms;
    while (!predicate()) {
      if (this.broken) throw new Error(`${what}: ${this.broken}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.waiter = () => {
          clearTimeout(timer);
          this.waiter = null;
          resolve();
        };
      });
    }
  }

  /** Waits until `seat` may send again without tripping the room's flood limit. */
  private async pace(seat: Seat) {
    const wait = seat.lastSentAt + MIN_FRAME_GAP_MS - performance.now();
    if (wait > 0) await sleep(wait);
  }

  /**
   * Plays one move: the acting player's choice from its legalActions, sent on
   * its socket; resolves once all four sockets have the resulting state.
   * Answers "moved" or "completed" (the match is over: nothing to play).
   */
  async move(): Promise<"moved" | "completed"> {
    const view0 = this.state!;
    if (view0.game.status === "completed") return "completed";
    if (view0.game.status !== "active") throw new Error(`game ${this.gameId} is ${view0.game.status}`);
    const decision = view0.view?.pendingDecision;
    if (!decision) {
      // Between hands with a delay (not in the bench's configuration): wait for the deal.
      const version = this.maxVersion();
      await this.until(() => this.maxVersion() > version, 15_000, "the next deal");
      return "moved";
    }
    const actor = this.seats.find((s) => s.player.id === decision.playerId);
    if (!actor) throw new Error(`no socket for player ${decision.playerId}`);
    const legal = actor.client.state?.view?.legalActions ?? [];
    if (legal.length === 0) throw new Error(`player ${decision.playerId} has no legal action`);
    const action = this.choose(legal);
    const hand = view0.view!.handNumber;

    await this.pace(actor);
    if (this.broken) throw new Error(this.broken);

    const before = this.maxVersion();
    const progress = progressOf(view0);
    const arrivals: (number | null)[] = [null, null, null, null];
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve, reject) => {
      this.pending = { before, progress, arrivals, resolve, reject };
      timer = setTimeout(() => reject(new Error(`no broadcast within ${MOVE_TIMEOUT_MS / 1000} s (${action.type})`)), MOVE_TIMEOUT_MS);
    });
    const sentAt = performance.now();
    actor.lastSentAt = sentAt;
    actor.client.act(action);
    try {
      await done;
    } finally {
      clearTimeout(timer);
      this.pending = null;
    }
    const times = arrivals.map((t) => t! - sentAt);
    const all = Math.max(...times);
    const s = this.stats;
    s.moves += 1;
    s.all.add(all);
    s.timed(sentAt, all);
    s.first.add(Math.min(...times));
    s.actor.add(times[actor.index]);
    times.forEach((t, i) => {
      s.perSocket.add(t);
      s.bySeat[i].add(t);
    });
    const after = this.state!;
    const handEnded = after.game.status !== "active" || after.view?.handNumber !== hand;
    (handEnded ? s.handEnd : s.ordinary).add(all);
    if (after.game.status === "completed") s.matches += 1;
    return "moved";
  }

  /**
   * Baselines that say where a move's time goes: a `ping` (answered by the
   * runtime's WebSocket auto-response: only the transport, the room is not
   * woken) and a `sync` (the room answers one socket with its game_state: a
   * view built and sent, no engine, no storage, no exclusive section).
   */
  async probe(seatIndex: number, kind: "ping" | "sync") {
    const seat = this.seats[seatIndex % this.seats.length];
    await this.pace(seat);
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<number>((resolve, reject) => {
      seat.probe = { type: kind === "ping" ? "pong" : "game_state", resolve };
      timer = setTimeout(() => reject(new Error(`no answer to ${kind} in 10 s`)), 10_000);
    });
    const sentAt = performance.now();
    seat.lastSentAt = sentAt;
    seat.client.send({ type: kind });
    try {
      (kind === "ping" ? this.stats.ping : this.stats.sync).add((await answered) - sentAt);
    } finally {
      clearTimeout(timer);
      seat.probe = null;
    }
  }
}
