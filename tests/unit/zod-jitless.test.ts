import { describe, expect, it } from "vitest";

// app/utils/zod-jitless.ts configures zod without importing it: zod must read the same setting.

describe("zod-jitless", () => {
  it("leaves zod jitless", async () => {
    await import("../../app/utils/zod-jitless");
    const { config } = await import("zod/v4/core");
    expect(config().jitless).toBe(true);
  });
});
