import { defineConfig } from "vitest/config";

// Pure code (game/, app/ helpers without platform imports) runs in Node.
export default defineConfig({
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
