import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "./helpers";
import { runPages } from "./test-worker";

// GET /healthz (ADR 116): the build and whether D1, R2 and a Durable Object answer.

const request = () => new Request("http://example.com/healthz");

describe("GET /healthz", () => {
  it("answers 200 with the build and every binding healthy, and nothing about anyone", async () => {
    const response = await call("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = await response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      ok: true,
      build: expect.any(String),
      env: "test",
      checks: {
        d1: { ok: true, ms: expect.any(Number) },
        r2: { ok: true, ms: expect.any(Number) },
        durable_object: { ok: true, ms: expect.any(Number) },
      },
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(env.SESSION_SECRET);
    expect(text).not.toContain("@");
  });

  it("answers 503 naming the binding that fails, the others still checked", async () => {
    const broken = {
      head: () => Promise.reject(Object.assign(new Error("bucket truco-game-records unreachable"), { name: "R2Error" })),
    };
    const response = await runPages(request(), {
      ...env,
      GAME_RECORDS: broken,
      ASSETS: { fetch: async () => new Response(null, { status: 404 }) },
    });
    expect(response.status).toBe(503);
    const body = await response.json<{ ok: boolean; checks: Record<string, { ok: boolean; error?: string }> }>();
    expect(body.ok).toBe(false);
    expect(body.checks.r2).toMatchObject({ ok: false, error: "R2Error" });
    expect(body.checks.d1.ok).toBe(true);
    expect(body.checks.durable_object.ok).toBe(true);
    // The failure's kind, never its message (it names a resource).
    expect(JSON.stringify(body)).not.toContain("truco-game-records");
  });

  it("answers 503 when D1 fails", async () => {
    const brokenDb = { prepare: () => ({ first: () => Promise.reject(new TypeError("D1 down")) }) };
    const response = await runPages(request(), {
      ...env,
      DB: brokenDb,
      ASSETS: { fetch: async () => new Response(null, { status: 404 }) },
    });
    expect(response.status).toBe(503);
    const body = await response.json<{ checks: Record<string, { ok: boolean }> }>();
    expect(body.checks.d1.ok).toBe(false);
    expect(body.checks.r2.ok).toBe(true);
  });

  it("gives every answer its request id, and keeps one the caller sent", async () => {
    const fresh = await call("/healthz");
    expect(fresh.headers.get("X-Request-Id")).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    const kept = await call("/healthz", { headers: { "X-Request-Id": "deploy-smoke-0001" } });
    expect(kept.headers.get("X-Request-Id")).toBe("deploy-smoke-0001");
  });
});
