import type { GameStatePayload } from "./room";
import type { GameEvent, PlayerView } from "../truco/index";

// What changed from one game_state to the next (ADR 055). After a socket's first full state, the
// room sends it, for every new version, only the change from the state it holds: a patch of the
// JSON it saw. The room computes the patch from two states (`diffShared` once, `diffView` per
// player), the game screen and the tests rebuild the next state with `applyStateDelta`, and
// property tests hold the two together: applying every delta to the first full state rebuilds
// exactly the state the room would send in full, for every player. A patch only ever carries
// values taken from the new state of that player, so it reveals nothing that player's full state
// would not.

/**
 * A change inside an object (by key) or an array (by index, and `n`, its new length when it got
 * shorter). Each key holds an `Op`: a string, number, boolean or null is the new value there;
 * `[value]` sets any value (an object or an array, wrapped); `[]` removes the key (objects only);
 * and a nested `Patch` changes something inside the value at that key.
 */
export interface Patch {
  [key: string]: Op;
}
export type Op = string | number | boolean | null | [] | [unknown] | Patch;

/**
 * A game_state after another: `version` is built from the state at `version - 1` by `patch`;
 * `events` are the game events of the change that made it (what a `game_event` carries), so that
 * a move is one message.
 */
export interface StateDelta {
  version: number;
  events?: GameEvent[];
  patch: Patch;
}

/** A patch that does not fit the state it was applied to (a bug, or a frame from another room). */
export class DeltaError extends Error {}

// ---------------------------------------------------------------- JSON values

type Obj = Record<string, unknown>;

/**
 * Where a diff leaves fields out because the receiving side computes them: `skip` names keys of
 * this object, `fields` the shape of a key's value, `each` the shape of every element of an array
 * or every value of a record.
 */
interface Shape {
  skip?: ReadonlySet<string>;
  fields?: Readonly<Record<string, Shape>>;
  each?: Shape;
}

function isObject(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The op that sets `value`: itself when it is a primitive, else wrapped. */
function set(value: unknown): Op {
  return value === null || typeof value !== "object" ? (value as Op) : [value];
}

/** Whether an op sets a whole value (rather than changing inside one). */
function isSet(op: Op): boolean {
  return op === null || typeof op !== "object" || (Array.isArray(op) && op.length === 1);
}

/**
 * The change from `prev` to `next`, as JSON sees them (a key whose value is `undefined` is absent),
 * or undefined when they are equal. Fields the shape skips are left out of nested changes; a value
 * set whole is sent whole.
 */
export function diffJson(prev: unknown, next: unknown, shape?: Shape): Op | undefined {
  if (prev === next) return undefined;
  if (isObject(prev) && isObject(next)) return diffObject(prev, next, shape);
  if (Array.isArray(prev) && Array.isArray(next)) return diffArray(prev, next, shape);
  return set(next);
}

function diffObject(prev: Obj, next: Obj, shape?: Shape): Op | undefined {
  const skip = shape?.skip;
  let patch: Patch | undefined;
  let keys = 0;
  let replaced = 0;
  for (const key in next) {
    if (skip?.has(key)) continue;
    const value = next[key];
    if (value === undefined) continue;
    keys += 1;
    const op = prev[key] === undefined ? set(value) : diffJson(prev[key], value, shape?.fields?.[key] ?? shape?.each);
    if (op === undefined) continue;
    (patch ??= {})[key] = op;
    if (isSet(op)) replaced += 1;
  }
  for (const key in prev) {
    if (skip?.has(key) || prev[key] === undefined) continue;
    if (next[key] === undefined) (patch ??= {})[key] = [];
  }
  // Every field new (another card in the same place): the object itself is shorter.
  if (!skip && replaced === keys && keys > 0) return [next];
  return patch;
}

function diffArray(prev: readonly unknown[], next: readonly unknown[], shape?: Shape): Op | undefined {
  // An emptied array is shortest sent whole.
  if (next.length === 0) return prev.length === 0 ? undefined : [next];
  let patch: Patch | undefined;
  let replaced = 0;
  for (let i = 0; i < next.length; i++) {
    const op = i < prev.length ? diffJson(prev[i], next[i], shape?.each) : set(next[i]);
    if (op === undefined) continue;
    (patch ??= {})[i] = op;
    if (isSet(op)) replaced += 1;
  }
  // A longer array grows with the elements set past its end; a shorter one says its length.
  if (next.length < prev.length) (patch ??= {}).n = next.length;
  // Every element new (a hand dealt, a list of legal actions): the array itself is shorter.
  if (replaced === next.length) return [next];
  return patch;
}

/** `base` with `op` applied; never changes `base` (unchanged parts are shared). */
export function applyOp(base: unknown, op: Op): unknown {
  if (op === null || typeof op !== "object") return op;
  if (Array.isArray(op)) {
    if (op.length !== 1) throw new DeltaError("a removal outside an object");
    return op[0];
  }
  if (Array.isArray(base)) return patchArray(base, op);
  if (isObject(base)) return patchObject(base, op);
  throw new DeltaError("a patch into a value that is neither an object nor an array");
}

function patchObject(base: Obj, patch: Patch): Obj {
  const out: Obj = { ...base };
  for (const key in patch) {
    const op = patch[key];
    if (Array.isArray(op) && op.length === 0) delete out[key];
    else out[key] = applyOp(out[key], op);
  }
  return out;
}

function patchArray(base: readonly unknown[], patch: Patch): unknown[] {
  const out = base.slice();
  for (const key in patch) {
    if (key === "n") continue;
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0) throw new DeltaError(`not an index: ${key}`);
    const op = patch[key];
    if (!isSet(op) && index >= out.length) throw new DeltaError(`a patch past the end of an array (${index})`);
    out[index] = applyOp(out[index], op);
  }
  const n = patch.n;
  if (n !== undefined) {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > out.length) throw new DeltaError("a bad array length");
    out.length = n;
  }
  for (let i = 0; i < out.length; i++) if (!(i in out)) throw new DeltaError(`a hole at ${i}`);
  return out;
}

// ---------------------------------------------------------------- game states

/**
 * Fields of a view that follow from others, as `viewFor` builds them: never in a patch, and
 * recomputed where one is applied (`withDerived`). `roundCards` is the last trick's cards,
 * `currentRound` the hand number, `currentTrick` the number of tricks, `trickResults` the finished
 * tricks' winners, a trick's `number` its place, a pending decision's `playerId` the
 * `currentPlayer`, the stake's `value` the `roundPoints`, and each player's `cardCount`,
 * `isDealer` and `isMao` their hand's length and whether they are the `dealer` and the `mao`.
 */
const VIEW_SHAPE: Shape = {
  skip: new Set(["roundCards", "currentRound", "currentTrick", "trickResults"]),
  fields: {
    players: { each: { skip: new Set(["cardCount", "isDealer", "isMao"]) } },
    tricks: { each: { skip: new Set(["number"]) } },
    pendingDecision: { skip: new Set(["playerId"]) },
    stake: { skip: new Set(["value"]) },
  },
};

function withDerived(view: PlayerView): PlayerView {
  const players: PlayerView["players"] = {};
  for (const id in view.players) {
    const player = view.players[id];
    const [cardCount, isDealer, isMao] = [player.hand.length, id === view.dealer, id === view.mao];
    players[id] =
      player.cardCount === cardCount && player.isDealer === isDealer && player.isMao === isMao
        ? player
        : { ...player, cardCount, isDealer, isMao };
  }
  const tricks = view.tricks.map((trick, i) => (trick.number === i + 1 ? trick : { ...trick, number: i + 1 }));
  const decision = view.pendingDecision;
  return {
    ...view,
    players,
    tricks,
    roundCards: tricks.at(-1)?.cards ?? [],
    currentRound: view.handNumber,
    currentTrick: tricks.length,
    trickResults: tricks.filter((t) => t.finished).map((t) => (t.tie ? "tie" : t.winnerTeam!)),
    pendingDecision: decision && view.currentPlayer !== null ? { ...decision, playerId: view.currentPlayer } : decision,
    stake: view.stake.value === view.roundPoints ? view.stake : { ...view.stake, value: view.roundPoints },
  };
}

/** A game_state without its version and view: what every socket of a room shares. */
export type SharedState = Omit<GameStatePayload, "version" | "view">;

const TURN_SHAPE: Shape = { skip: new Set(["playerId"]) };

/**
 * The change of the part every socket shares (the version travels beside the patch).
 * `currentPlayer` is the views' (the same in every view). The turn timer's `playerId` is that
 * player whenever both are set, and then left out (the side that applies the patch takes the
 * view's); when it is not so, the patch says it.
 */
export function diffShared(prev: SharedState, next: SharedState, currentPlayer: string | null): Patch {
  const patch: Patch = {};
  for (const key of Object.keys(next) as (keyof SharedState)[]) {
    if ((key as string) === "version" || (key as string) === "view" || key === "turn") continue;
    const op = next[key] === undefined ? undefined : prev[key] === undefined ? set(next[key]) : diffJson(prev[key], next[key]);
    if (op !== undefined) patch[key] = op;
  }
  for (const key of Object.keys(prev) as (keyof SharedState)[]) {
    if ((key as string) === "version" || (key as string) === "view") continue;
    if (prev[key] !== undefined && next[key] === undefined) patch[key] = [];
  }
  const { turn } = next;
  if (turn && prev.turn) {
    let op = diffJson(prev.turn, turn, TURN_SHAPE) as Patch | undefined;
    if (turn.playerId !== currentPlayer) (op ??= {}).playerId = turn.playerId;
    if (op) patch.turn = op;
  } else if (turn !== prev.turn) {
    patch.turn = set(turn);
  }
  return patch;
}

/**
 * The view after `events` as far as they tell it without the room: a played card moves
 * from its player's hand to its trick, a finished trick gets its result and the next trick its
 * leader. Both sides start from it: the room diffs the new view against it and the receiving side
 * applies the patch to it, so a patch leaves out what the delta's events already say (the played
 * card, a hand one card shorter). Where it guesses wrong (a face-down card its owner sees, a blind
 * hand), the patch corrects it: the rebuilt view is exact either way.
 */
export function foresee(view: PlayerView, events: readonly GameEvent[]): PlayerView {
  let out = view;
  for (const event of events) {
    if (event.type === "card_played") {
      const i = event.trick - 1;
      const trick = out.tricks[i];
      if (!trick || trick.finished) continue;
      const tricks = out.tricks.slice();
      tricks[i] = { ...trick, cards: [...trick.cards, { card: event.card, playerId: event.playerId, faceDown: event.faceDown }] };
      out = { ...out, tricks };
      const player = out.players[event.playerId];
      if (!player || player.hand.length === 0) continue;
      const { card } = event;
      const found = "id" in card ? player.hand.findIndex((c) => "id" in c && c.id === card.id) : -1;
      const at = found >= 0 ? found : player.hand.length - 1;
      out = { ...out, players: { ...out.players, [player.id]: { ...player, hand: player.hand.filter((_, j) => j !== at) } } };
    } else if (event.type === "trick_ended") {
      const i = event.trick - 1;
      const trick = out.tricks[i];
      if (!trick) continue;
      const tricks = out.tricks.slice();
      tricks[i] = { ...trick, finished: true, winnerTeam: event.winnerTeam, winnerPlayerId: event.winnerPlayerId, tie: event.tie };
      if (event.nextLeader !== null && tricks.length === event.trick) {
        tricks.push({
          number: event.trick + 1,
          leader: event.nextLeader,
          cards: [],
          finished: false,
          winnerTeam: null,
          winnerPlayerId: null,
          tie: false,
        });
      }
      out = { ...out, tricks };
    }
  }
  return out;
}

/**
 * The change of one player's view (its derived fields left out), or undefined when it did not
 * change; with the delta's `events`, the change from what they foresee.
 */
export function diffView(prev: PlayerView | null, next: PlayerView | null, events: readonly GameEvent[] = []): Op | undefined {
  if (!prev || !next) return diffJson(prev, next);
  return diffJson(events.length ? foresee(prev, events) : prev, next, VIEW_SHAPE);
}

/** The whole patch of a game_state: the shared part's and this player's view's. */
export function statePatch(shared: Patch, view: Op | undefined): Patch {
  return view === undefined ? shared : { ...shared, view };
}

/** The delta from one full state to the next, for one player (tests; the room builds it in parts). */
export function diffState(prev: GameStatePayload, next: GameStatePayload): StateDelta {
  const { version: _pv, view: prevView, ...prevShared } = prev;
  const { version, view, ...shared } = next;
  return { version, patch: statePatch(diffShared(prevShared, shared, view?.currentPlayer ?? null), diffView(prevView, view)) };
}

/**
 * The state a delta builds from the state it follows. Throws a `DeltaError` when the delta is not
 * the next one (`version` must be `base.version + 1`) or does not fit `base`; the caller then asks
 * the room for the full state (`sync`).
 */
export function applyStateDelta(base: GameStatePayload, delta: Pick<StateDelta, "version" | "patch" | "events">): GameStatePayload {
  if (delta.version !== base.version + 1) throw new DeltaError(`version ${delta.version} does not follow ${base.version}`);
  // The patch of a view is the change from what the delta's events foresee.
  const start = delta.events?.length && base.view ? { ...base, view: foresee(base.view, delta.events) } : base;
  const next = applyOp(start, delta.patch) as GameStatePayload;
  next.version = delta.version;
  if (next.view && next.view !== base.view) next.view = withDerived(next.view);
  const turnOp = delta.patch.turn;
  const turnSaid = turnOp !== undefined && (isSet(turnOp) || "playerId" in (turnOp as Patch));
  const current = next.view?.currentPlayer ?? null;
  if (next.turn && !turnSaid && current !== null && next.turn.playerId !== current) next.turn = { ...next.turn, playerId: current };
  return next;
}

// ---------------------------------------------------------------- the receiving side

/** A message that carries a game_state: in full, or as the change from the one before. */
export type StateMessage = { type: "game_state"; payload: GameStatePayload } | { type: "game_state_delta"; payload: StateDelta };

/**
 * What a socket's holder does with a state message: `state` is the state it holds
 * afterwards and `taken` whether it changed; `gap` says the message could not be used (a delta
 * that does not follow the held state, or the first message on a new socket is one) and the
 * holder should ask the room for a `sync`. A full state is always usable: the first one on a new
 * socket (`fresh`) is taken whatever its number, later ones only when newer (frames can cross a
 * reconnect); a delta older than the held state is ignored.
 */
export function receiveState(
  held: GameStatePayload | null,
  message: StateMessage,
  fresh: boolean,
): { state: GameStatePayload | null; taken: boolean; gap: boolean } {
  if (message.type === "game_state") {
    const taken = fresh || held === null || message.payload.version > held.version;
    return { state: taken ? message.payload : held, taken, gap: false };
  }
  const delta = message.payload;
  if (fresh || held === null || delta.version > held.version + 1) return { state: held, taken: false, gap: true };
  if (delta.version <= held.version) return { state: held, taken: false, gap: false };
  try {
    return { state: applyStateDelta(held, delta), taken: true, gap: false };
  } catch (error) {
    if (error instanceof DeltaError) return { state: held, taken: false, gap: true };
    throw error;
  }
}
