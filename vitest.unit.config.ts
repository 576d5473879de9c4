import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Pure code (game/, app/ helpers without platform imports) runs in Node. The app's `~/` paths
// resolve as in the build, for the few server helpers that are pure too (the refusal tables).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // A console error or warning a test did not declare fails it (tests/support/console.ts).
    setupFiles: ["./tests/support/vitest-console.ts"],
    // A guard against a hung test, not a measure: the computer players' tests search hundreds of
    // deals per decision, and a shared machine can stretch that several times over.
    testTimeout: 30_000,
  },
});
