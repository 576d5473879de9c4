import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { pageContext, readsMayLag, replicaThenPrimary } from "~/services/replica.server";

// Which requests read a replica, and when a replica's answer is asked again of the primary
// (ADR 129). The two "databases" are markers: only which one a read was given is under test.

const PRIMARY = { name: "primary" };
const REPLICA = { name: "replica" };
const context = { db: PRIMARY, reads: { replica: REPLICA } } as unknown as AppLoadContext;
const request = (method: string, headers: Record<string, string> = {}) => new Request("https://truco.test/game/x", { method, headers });
const source = (of: AppLoadContext) => (of.db as unknown as { name: string }).name;

describe("a page's reads", () => {
  it("may lag for a GET or HEAD, never for an action or a socket upgrade", () => {
    expect(readsMayLag(request("GET"))).toBe(true);
    expect(readsMayLag(request("HEAD"))).toBe(true);
    expect(readsMayLag(request("POST"))).toBe(false);
    expect(readsMayLag(request("DELETE"))).toBe(false);
    expect(readsMayLag(request("GET", { Upgrade: "websocket" }))).toBe(false);
    expect(readsMayLag(request("GET", { Upgrade: "WebSocket" }))).toBe(false);
  });

  it("go to the replica for a GET and stay on the primary otherwise", () => {
    expect(source(pageContext(request("GET"), context))).toBe("replica");
    expect(source(pageContext(request("POST"), context))).toBe("primary");
    expect(pageContext(request("POST"), context)).toBe(context);
  });
});

describe("a replica's answer, then the primary's", () => {
  const reader = (answers: Record<string, string | null>) => {
    const asked: string[] = [];
    const read = async (of: AppLoadContext) => {
      asked.push(source(of));
      return answers[source(of)] ?? null;
    };
    return { asked, read };
  };

  it("keeps the replica's answer when it is enough: the primary is not asked", async () => {
    const { asked, read } = reader({ replica: "seat", primary: "seat" });
    expect(await replicaThenPrimary(request("GET"), context, read, (answer) => answer !== null)).toBe("seat");
    expect(asked).toEqual(["replica"]);
  });

  it("asks the primary when the replica does not have it yet", async () => {
    const { asked, read } = reader({ replica: null, primary: "seat" });
    expect(await replicaThenPrimary(request("GET"), context, read, (answer) => answer !== null)).toBe("seat");
    expect(asked).toEqual(["replica", "primary"]);
  });

  it("answers the primary's miss as a miss", async () => {
    const { asked, read } = reader({ replica: null, primary: null });
    expect(await replicaThenPrimary(request("GET"), context, read, (answer) => answer !== null)).toBeNull();
    expect(asked).toEqual(["replica", "primary"]);
  });

  it("reads only the primary for an action", async () => {
    const { asked, read } = reader({ replica: "stale", primary: "seat" });
    expect(await replicaThenPrimary(request("POST"), context, read, () => true)).toBe("seat");
    expect(asked).toEqual(["primary"]);
  });
});
