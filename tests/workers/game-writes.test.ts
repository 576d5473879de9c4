import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { benchBindings, benchMeter } from "../../db/bench-meter";
import { createDb } from "../../db/client";
import { RoomHost } from "../../game/room/host/index";
import { memoryPorts, type MemoryPorts, type MemorySocket } from "../../game/room/host/memory";
import type { GameSummary } from "../../game/protocol/entities";
import { newGame, summaryOf } from "~/services/games.server";
import { roomRecords } from "../../workers/game-room/src/ports";
import { takeSeat, takeSeats } from "../../workers/game-room/src/records";
import type { RoomEnv } from "../../workers/game-room/src/env";
import { TIMINGS } from "../unit/room/helpers";
import { CASUAL_1V1, createGame, createPlayer, expectLedgerInvariant, userRow, type Player } from "./helpers";

// The D1 write transactions of a whole 1v1 game: the room host over the real D1 (through the
// bench's metered binding, db/bench-meter.ts), the rest of its ports in memory. A table's row is
// written with its creator's seat; then the second seat (which fills the table and writes its
// start) and the settlement: three. A practice table is written whole and started at once: two.

afterEach(expectLedgerInvariant);
beforeEach(() => benchMeter.reset());

function seatRequest(player: Player) {
  return { userId: player.user.id, nickname: player.user.nickname, avatarUrl: null, isPremium: false, rating: player.user.ranking_points };
}

/** A room host whose records are the Worker's own, over the metered D1 binding. */
function meteredHost(): { ports: MemoryPorts; host: RoomHost<MemorySocket> } {
  const metered = benchBindings({ ...env, BENCH_MODE: "1" });
  const ports = memoryPorts({ now: Date.now() });
  const withD1 = { ...ports, records: roomRecords(createDb(metered.DB), metered as unknown as RoomEnv) };
  return { ports, host: new RoomHost(withD1, TIMINGS) };
}

/** Plays until the match is decided (the first legal move each time), firing the alarm when nobody can move. */
async function playUntilDecided(ports: MemoryPorts, host: RoomHost<MemorySocket>, userIds: string[]): Promise<void> {
  for (let i = 0; i < 3_000; i++) {
    const states = await Promise.all(userIds.map(async (userId) => ({ userId, state: (await host.snapshot(userId))! })));
    if (states[0]!.state.game.status !== "active") return;
    const mover = states.find(({ state }) => (state.view?.legalActions.length ?? 0) > 0);
    if (mover) {
      const actions = mover.state.view!.legalActions;
      const action = actions.find((a) => a.type === "play_card" && !("faceDown" in a && a.faceDown)) ?? actions[0]!;
      expect(await host.play(mover.userId, action)).toEqual({ ok: true });
    } else {
      ports.clock.at = Math.max(ports.clock.at, ports.store.alarmAt ?? ports.clock.at);
      await host.alarm();
    }
  }
  throw new Error("the match did not end");
}

async function gameRow(id: string) {
  return env.DB.prepare("SELECT status, started_at, settled_at, created_by FROM games WHERE id = ?")
    .bind(id)
    .first<Record<string, unknown>>();
}

/** A quick-match-like table: its row inserted by the caller, both seats assigned. */
async function assignedGame(creator: Player): Promise<GameSummary> {
  const game = summaryOf({ ...newGame(creator.user, CASUAL_1V1), created_by: "system" });
  await env.DB.prepare(
    "INSERT INTO games (id, game_code, status, game_type, game_mode, truco_variant, entry_cost, created_by) VALUES (?, ?, 'waiting', '1v1', 'casual', 'paulista', 50, ?)",
  )
    .bind(game.id, game.game_code, creator.user.id)
    .run();
  return game;
}

function assignedSeat(player: Player, entry: number) {
  return { ...seatRequest(player), entry };
}

function assignedRow(player: Player, seat: number) {
  return {
    seat,
    team: seat % 2 === 0 ? ("team1" as const) : ("team2" as const),
    userId: player.user.id,
    nickname: player.user.nickname,
    botLevel: null,
    entry: 0,
  };
}

/** The game's ledger amounts, in order of insertion. */
async function paidEntries(gameId: string) {
  const rows = await env.DB.prepare("SELECT amount FROM coin_transactions WHERE ref = ? ORDER BY id").bind(`game:${gameId}`).all();
  return rows.results.map((row) => row.amount);
}

async function readiness(id: string) {
  const rows = await env.DB.prepare("SELECT is_ready FROM game_players WHERE game_id = ? AND user_id IS NOT NULL ORDER BY seat")
    .bind(id)
    .all();
  return rows.results.map((row) => row.is_ready);
}

describe("D1 writes of a 1v1 game", () => {
  it("a whole game between two people is three write transactions: the row with its creator's seat, the second seat with the start, the settlement", async () => {
    const [a, b] = [await createPlayer("Ana"), await createPlayer("Bia")];
    const { ports, host } = meteredHost();
    const game: GameSummary = summaryOf(newGame(a.user, CASUAL_1V1));

    expect(await host.open(game, seatRequest(a), { listed: true, create: true })).toEqual({ ok: true });
    let snapshot = benchMeter.snapshot();
    expect(snapshot.writeTransactions).toBe(1);
    expect(snapshot.statements.filter((s) => s.write).every((s) => s.inBatch === s.calls)).toBe(true);
    expect(snapshot.statements.some((s) => s.kind.startsWith("insert into games"))).toBe(true);
    expect(await gameRow(game.id)).toMatchObject({ status: "waiting", created_by: a.user.id });
    expect((await userRow(a.user.id))?.virtual_coins).toBe(a.user.virtual_coins - 50);

    expect(await host.join(seatRequest(b))).toEqual({ ok: true });
    // The filling seat wrote the start: D1 says active while the room waits for the sockets.
    expect(benchMeter.snapshot().writeTransactions).toBe(2);
    expect(await gameRow(game.id)).toMatchObject({ status: "active", started_at: expect.any(String) });
    expect(await readiness(game.id)).toEqual([1, 1]);
    expect((await host.snapshot(a.user.id))?.game.status).toBe("waiting");
    for (const player of [a, b]) await host.connect(player.user.id, null, (tags) => ports.sockets.accept(tags));
    expect((await host.snapshot(a.user.id))?.game.status).toBe("active");
    expect(benchMeter.snapshot().writeTransactions).toBe(2);
    await playUntilDecided(ports, host, [a.user.id, b.user.id]);

    snapshot = benchMeter.snapshot();
    expect(snapshot.writeTransactions).toBe(3);
    // Money only in the ledger's batches: every write statement ran inside one.
    expect(snapshot.statements.filter((s) => s.write).every((s) => s.inBatch === s.calls)).toBe(true);
    expect(await gameRow(game.id)).toMatchObject({ status: "completed", started_at: expect.any(String), settled_at: expect.any(String) });
  });

  it("a seat given up at a full table before the start writes it back to waiting, its entry returned once", async () => {
    const [a, b, c] = [await createPlayer("Gil"), await createPlayer("Hugo"), await createPlayer("Iris")];
    const { host } = meteredHost();
    const game: GameSummary = summaryOf(newGame(a.user, CASUAL_1V1));
    expect(await host.open(game, seatRequest(a), { create: true })).toEqual({ ok: true });
    expect(await host.join(seatRequest(b))).toEqual({ ok: true });
    expect(await gameRow(game.id)).toMatchObject({ status: "active" });

    expect(await host.leave(b.user.id)).toEqual({ ok: true });
    expect(await gameRow(game.id)).toMatchObject({ status: "waiting", started_at: null });
    expect(await readiness(game.id)).toEqual([0]);
    expect((await userRow(b.user.id))?.virtual_coins).toBe(b.user.virtual_coins);
    // Held while waiting, as before.
    expect(await env.DB.prepare("SELECT held FROM game_players WHERE game_id = ?").bind(game.id).first("held")).toBe(1);

    // The next seat fills it again and writes the start again.
    expect(await host.join(seatRequest(c))).toEqual({ ok: true });
    expect(await gameRow(game.id)).toMatchObject({ status: "active" });
  });

  it("a filling seat whose entry is refused starts nothing", async () => {
    const [a, b] = [await createPlayer("Joana"), await createPlayer("Kiko")];
    const open = await createGame(a);
    const db = createDb(env.DB);
    const broke = { seat: 1, team: "team2" as const, userId: b.user.id, nickname: "Kiko", botLevel: null, entry: b.user.virtual_coins + 1 };
    expect(await takeSeat(db, open, broke, undefined, true)).toBe("insufficient");
    expect(await gameRow(open.id)).toMatchObject({ status: "waiting", started_at: null });
    expect((await userRow(b.user.id))?.virtual_coins).toBe(b.user.virtual_coins);
  });

  it("a practice game is two write transactions: the row with every seat, started, and the settlement", async () => {
    const a = await createPlayer("Lia");
    const { ports, host } = meteredHost();
    const game: GameSummary = summaryOf(newGame(a.user, { ...CASUAL_1V1, vs_computer: true, bot_level: "easy" }));
    expect(await host.open(game, seatRequest(a), { create: true })).toEqual({ ok: true });
    expect(benchMeter.snapshot().writeTransactions).toBe(1);
    expect(await gameRow(game.id)).toMatchObject({ status: "active", started_at: expect.any(String) });
    const seats = await env.DB.prepare("SELECT user_id, bot_level, is_ready FROM game_players WHERE game_id = ? ORDER BY seat")
      .bind(game.id)
      .all();
    expect(seats.results).toEqual([
      { user_id: a.user.id, bot_level: null, is_ready: 1 },
      { user_id: null, bot_level: "easy", is_ready: 1 },
    ]);
    await host.connect(a.user.id, null, (tags) => ports.sockets.accept(tags));
    expect((await host.snapshot(a.user.id))?.game.status).toBe("active");
    expect(benchMeter.snapshot().writeTransactions).toBe(1);
    await playUntilDecided(ports, host, [a.user.id]);
    expect(benchMeter.snapshot().writeTransactions).toBe(2);
    expect(await gameRow(game.id)).toMatchObject({ status: "completed", settled_at: expect.any(String) });
  });

  it("a server-assigned table seats every player with their entry in one write transaction", async () => {
    const [a, b] = [await createPlayer("Mara"), await createPlayer("Nino")];
    const { host } = meteredHost();
    const game = await assignedGame(a);
    benchMeter.reset();
    expect(await host.openAssigned(game, [assignedSeat(a, 50), assignedSeat(b, 50)])).toEqual({ ok: true });
    expect(benchMeter.snapshot().writeTransactions).toBe(1);
    expect(await paidEntries(game.id)).toEqual([-50, -50]);
    for (const player of [a, b]) expect((await userRow(player.user.id))?.virtual_coins).toBe(player.user.virtual_coins - 50);
    // A repeated call finds its room and writes nothing more.
    expect(await host.openAssigned(game, [assignedSeat(a, 50), assignedSeat(b, 50)])).toEqual({ ok: true });
    expect(await paidEntries(game.id)).toEqual([-50, -50]);
  });

  it("a quick-match table (absent players replaced by the computer) writes its start with its seats: seats and settlement, two write transactions", async () => {
    const [a, b] = [await createPlayer("Zeca"), await createPlayer("Ada")];
    const { ports, host } = meteredHost();
    const game = await assignedGame(a);
    benchMeter.reset();
    const seats = [assignedSeat(a, 50), assignedSeat(b, 50)];
    expect(await host.openAssigned(game, seats, { noShowSeconds: 30, noShowRule: "bots" })).toEqual({ ok: true });
    expect(benchMeter.snapshot().writeTransactions).toBe(1);
    expect(await gameRow(game.id)).toMatchObject({ status: "active" });
    expect(await readiness(game.id)).toEqual([1, 1]);
    // Both players arrive: the room starts and writes nothing for it.
    for (const player of [a, b]) await host.connect(player.user.id, null, (tags) => ports.sockets.accept(tags));
    expect((await host.snapshot(a.user.id))?.game.status).toBe("active");
    expect(benchMeter.snapshot().writeTransactions).toBe(1);
    await playUntilDecided(ports, host, [a.user.id, b.user.id]);
    expect(benchMeter.snapshot().writeTransactions).toBe(2);
    expect(await gameRow(game.id)).toMatchObject({ status: "completed" });
  });

  it("an assigned seat whose entry cannot be paid cancels the table, and every entry the batch took goes back once", async () => {
    const [a, b] = [await createPlayer("Otto"), await createPlayer("Pia")];
    const { host } = meteredHost();
    const game = await assignedGame(a);
    // The first seat cannot pay; the second's entry goes in with the batch and comes back with the cancel.
    expect(await host.openAssigned(game, [assignedSeat(a, a.user.virtual_coins + 1), assignedSeat(b, 50)])).toEqual({
      ok: false,
      error: "insufficient_coins",
    });
    expect(await gameRow(game.id)).toMatchObject({ status: "cancelled" });
    expect(await paidEntries(game.id)).toEqual([-50, 50]);
    for (const player of [a, b]) expect((await userRow(player.user.id))?.virtual_coins).toBe(player.user.virtual_coins);
  });

  it("an entry already in the ledger refuses the batch as a whole, writing nothing; one by one each seat has its own answer", async () => {
    const [a, b] = [await createPlayer("Rui"), await createPlayer("Sol")];
    const game = await assignedGame(a);
    const db = createDb(env.DB);
    const seats = [0, 1].map((seat, i) => ({ ...assignedRow([a, b][i]!, seat), entry: 50 }));
    // A's seat and entry written before (an opening that stopped half-way).
    expect(await takeSeat(db, game, seats[0]!)).toBe("seated");
    expect(await takeSeats(db, game, seats)).toBeNull();
    expect(await paidEntries(game.id)).toEqual([-50]);
    expect((await userRow(b.user.id))?.virtual_coins).toBe(b.user.virtual_coins);
    // One by one, A's seat is the duplicate it is and B's goes in.
    expect(await takeSeat(db, game, seats[0]!)).toBe("taken");
    expect(await takeSeat(db, game, seats[1]!)).toBe("seated");
    expect(await paidEntries(game.id)).toEqual([-50, -50]);
  });

  it("an assigned opening retried after its room lost its state cancels the table and returns every paid entry once", async () => {
    const [a, b] = [await createPlayer("Vera"), await createPlayer("Wes")];
    const game = await assignedGame(a);
    const seats = [assignedSeat(a, 50), assignedSeat(b, 50)];
    // The first opening's batch lands; its room's state is then lost (a fresh host over the same D1).
    expect(await meteredHost().host.openAssigned(game, seats)).toEqual({ ok: true });
    expect(await paidEntries(game.id)).toEqual([-50, -50]);
    expect(await meteredHost().host.openAssigned(game, seats)).toEqual({ ok: false, error: "full" });
    expect(await gameRow(game.id)).toMatchObject({ status: "cancelled" });
    expect(await paidEntries(game.id)).toEqual([-50, -50, 50, 50]);
    // Retried again, and five times at once: nothing more moves.
    const retries = await Promise.all(Array.from({ length: 5 }, () => meteredHost().host.openAssigned(game, seats)));
    expect(retries.every((answer) => !answer.ok)).toBe(true);
    expect(await paidEntries(game.id)).toEqual([-50, -50, 50, 50]);
    for (const player of [a, b]) expect((await userRow(player.user.id))?.virtual_coins).toBe(player.user.virtual_coins);
  });

  it("an opening that stopped half-way and is retried returns the entry it took, and nothing for the seat it never paid", async () => {
    const [a, b] = [await createPlayer("Xica"), await createPlayer("Yuri")];
    const game = await assignedGame(a);
    // A's seat and entry written before (one by one), B's never.
    expect(await takeSeat(createDb(env.DB), game, { ...assignedRow(a, 0), entry: 50 })).toBe("seated");
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => meteredHost().host.openAssigned(game, [assignedSeat(a, 50), assignedSeat(b, 50)])),
    );
    expect(answers.every((answer) => !answer.ok)).toBe(true);
    expect(await gameRow(game.id)).toMatchObject({ status: "cancelled" });
    expect(await paidEntries(game.id)).toEqual([-50, 50]);
    for (const player of [a, b]) expect((await userRow(player.user.id))?.virtual_coins).toBe(player.user.virtual_coins);
  });

  it("ten openings of one assigned table at once take each entry once", async () => {
    const [a, b] = [await createPlayer("Tom"), await createPlayer("Uli")];
    const game = await assignedGame(a);
    const db = createDb(env.DB);
    const seats = [0, 1].map((seat, i) => ({ ...assignedRow([a, b][i]!, seat), entry: 50 }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => takeSeats(db, game, seats)));
    expect(answers.filter((answer) => answer !== null)).toEqual([["seated", "seated"]]);
    expect(await paidEntries(game.id)).toEqual([-50, -50]);
  });

  it("a code another open game holds writes nothing and says so; a creator who cannot pay leaves a closed row", async () => {
    const [a, b] = [await createPlayer("Caio"), await createPlayer("Duda")];
    const open = await createGame(a);
    const db = createDb(env.DB);
    const seat = { seat: 0, team: "team1" as const, userId: b.user.id, nickname: "Duda", botLevel: null, entry: 50 };
    const clash = summaryOf({ ...newGame(b.user, CASUAL_1V1), game_code: open.game_code });
    expect(await takeSeat(db, clash, seat, { listed: false })).toBe("code_taken");
    expect(await gameRow(clash.id)).toBeNull();
    expect((await userRow(b.user.id))?.virtual_coins).toBe(b.user.virtual_coins);

    const broke = summaryOf(newGame(b.user, CASUAL_1V1));
    expect(await takeSeat(db, broke, { ...seat, entry: b.user.virtual_coins + 1 }, { listed: false })).toBe("insufficient");
    expect(await gameRow(broke.id)).toMatchObject({ status: "cancelled" });
    expect((await userRow(b.user.id))?.virtual_coins).toBe(b.user.virtual_coins);
  });
});
