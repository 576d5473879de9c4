import { afterAll, afterEach, beforeEach } from "vitest";
import { installConsoleWatch, startConsoleWatch, stopConsoleWatch, takeLinesOutsideTests } from "./console";

// The unit and Worker tests' setup (tests/support/console.ts): every test is watched; an error or a
// warning it did not declare fails it, with the logged text in the failure. Under the Worker pool the
// Durable Objects and the Pages app run in the tests' isolate, so their `console` is this one.

installConsoleWatch();

beforeEach(() => {
  startConsoleWatch();
});

afterEach(() => {
  const problems = stopConsoleWatch();
  if (problems.length) throw new Error(`console output this test did not declare:\n  ${problems.join("\n  ")}`);
});

// Lines logged between two tests (a hook, a late promise of the test before) fail the file.
afterAll(() => {
  const outside = takeLinesOutsideTests();
  if (outside.length) {
    throw new Error(
      `console output outside any test (a hook, or a promise still running after its test):\n  ${outside
        .map((line) => `${line.level}: ${line.text}`)
        .join("\n  ")}`,
    );
  }
});
