import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLAY_FIELDS, partsToWrite, roomFromParts, type Room, type StoredPlay, type StoredTable } from "../../../game/room/index";
import { pendingPlayer, legalActions } from "../../../game/truco/index";
import { VARIANTS } from "../../../game/truco/variants";
import { started } from "./helpers";

// ADR 109: the room is stored as two values, the play (what a move changes) and the table, each
// written only when one of its fields changed. What storage holds must always read back as the
// room last saved: storage keeps a copy (structuredClone here, as the runtime serialises), so a
// field changed in place without a new object would show up as a difference.

/** A Durable Object's storage, as far as the room's two keys go. */
class Storage {
  table: StoredTable | undefined;
  play: StoredPlay | undefined;
  saved: Room | null = null;
  tableWrites = 0;

  save(room: Room): void {
    const parts = partsToWrite(this.saved, room);
    if (parts.table) {
      this.table = structuredClone(parts.table);
      this.tableWrites += 1;
    }
    if (parts.play) {
      this.play = structuredClone(parts.play);
    }
    this.saved = room;
  }

  read(): Room | null {
    return roomFromParts(this.table, this.play);
  }
}

describe("the room in storage (ADR 109)", () => {
  it("reads back as the room last saved after every step of random matches, and a move writes the table only when it changed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VARIANTS),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 30, maxLength: 100 }),
        (variant, fourPlayers, choices) => {
          const users = fourPlayers ? ["a", "b", "c", "d"] : ["a", "b"];
          const sim = started(users, { truco_variant: variant, game_type: fourPlayers ? "2v2" : "1v1" });
          const storage = new Storage();
          storage.save(sim.room);
          for (const choice of choices) {
            const before = sim.room;
            const match = sim.room.match;
            const playerId = match && pendingPlayer(match);
            if (choice % 17 === 0) {
              // A player drops and comes back: the seats change, not the match.
              const user = users[choice % users.length];
              sim.disconnect(user);
              sim.connect(user);
            } else if (match && playerId) {
              const legal = legalActions(match, playerId);
              sim.move(playerId, legal[choice % legal.length]);
            } else if (!sim.fireNext()) break;
            if (sim.room === before) continue;
            const tableWritesBefore = storage.tableWrites;
            storage.save(sim.room);
            expect(storage.read()).toEqual(sim.room);
            const sameTable = (Object.keys(sim.room) as (keyof Room)[])
              .filter((key) => !(PLAY_FIELDS as readonly string[]).includes(key))
              .every((key) => before[key] === sim.room[key]);
            // A step that changed none of the table's fields writes the play alone.
            if (sameTable) expect(storage.tableWrites).toBe(tableWritesBefore);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("reads a room stored whole, before the split, and writes it in two parts at its next save", () => {
    const sim = started(["a", "b"]);
    const whole = structuredClone(sim.room);
    expect(roomFromParts(whole, undefined)).toEqual(sim.room);
    // The adapter knows storage holds the old shape (no play value): its next save writes both parts.
    const parts = partsToWrite(null, sim.room);
    expect(Object.keys(parts.play!).sort()).toEqual([...PLAY_FIELDS].sort());
    expect(parts.table).not.toHaveProperty("match");
    expect(roomFromParts(structuredClone(parts.table), structuredClone(parts.play))).toEqual(sim.room);
    expect(roomFromParts(undefined, undefined)).toBeNull();
  });

  it("writes a part when a field of it is dropped", () => {
    const sim = started(["a", "b"]);
    const withRematch: Room = { ...sim.room, rematch: null };
    const { rematch: _dropped, ...without } = withRematch;
    expect(partsToWrite(withRematch, without as Room)).toEqual({ table: expect.any(Object) });
    expect(partsToWrite(withRematch, withRematch)).toEqual({});
  });
});
