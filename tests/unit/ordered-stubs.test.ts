import { describe, expect, it } from "vitest";
import { orderedStubs } from "../../db/stubs";

// A Durable Object stub keeps the order of the calls made through it, and two stubs of one object
// keep none between them: the room's frames and reports go through one kept stub per object.

interface Stub {
  readonly serial: number;
  readonly name: string;
  send(value: number): Promise<number>;
}

function namespace() {
  const made: Stub[] = [];
  const make = (_namespace: DurableObjectNamespace, name: string): Stub => {
    const stub: Stub = {
      serial: made.length,
      name,
      send: async (value) => {
        if (value < 0) throw new Error("broken stub");
        return value;
      },
    };
    made.push(stub);
    return stub;
  };
  return { made, calls: orderedStubs<Stub>({} as DurableObjectNamespace, make) };
}

describe("orderedStubs", () => {
  it("sends every call to one name through the same stub, and each name through its own", async () => {
    const { made, calls } = namespace();
    const used: string[] = [];
    for (const name of ["game-1", "game-1", "lobby", "game-1"]) await calls(name, async (stub) => used.push(`${stub.name}#${stub.serial}`));
    expect(used).toEqual(["game-1#0", "game-1#0", "lobby#1", "game-1#0"]);
    expect(made).toHaveLength(2);
  });

  it("drops a stub whose call failed and makes a new one for the next call", async () => {
    const { made, calls } = namespace();
    await expect(calls("game-1", (stub) => stub.send(-1))).rejects.toThrow("broken stub");
    expect(await calls("game-1", (stub) => stub.send(7))).toBe(7);
    expect(made.map((stub) => stub.serial)).toEqual([0, 1]);
    // A success keeps the new stub.
    await calls("game-1", (stub) => stub.send(8));
    expect(made).toHaveLength(2);
  });

  it("keeps a bounded number of names: past 64 it starts afresh", async () => {
    const { made, calls } = namespace();
    for (let i = 0; i < 64; i += 1) await calls(`user-${i}`, (stub) => stub.send(i));
    await calls("user-0", (stub) => stub.send(0));
    // Up to 64 names, each keeps its stub.
    expect(made).toHaveLength(64);
    // A 65th name clears the kept ones: the first name then gets a new stub.
    await calls("user-64", (stub) => stub.send(64));
    await calls("user-0", (stub) => stub.send(0));
    expect(made).toHaveLength(66);
  });
});
