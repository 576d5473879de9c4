import { describe, expect, test } from "vitest";
import { ConsoleWatch, consoleText, expectConsoleError, expectConsoleWarning } from "../support/console";

// The mechanism that makes a logged error fail its test (tests/support/console.ts).

describe("a test's console", () => {
  test.fails("an undeclared console.error fails the test that logged it", () => {
    console.error("planted by the console watch's own test: this line is meant to fail it");
  });

  test.fails("an undeclared console.warn fails the test too", () => {
    console.warn("planted by the console watch's own test: this line is meant to fail it");
  });

  test.fails("a declared error that never comes fails the test", () => {
    expectConsoleError(/never logged/);
  });

  test("a declared error passes, and is kept out of the output", () => {
    expectConsoleError(/settlement failed/);
    expectConsoleWarning(/not delivered/);
    console.error("settlement failed; retried", new Error("D1 busy"));
    console.warn("invitation outcome not delivered");
  });
});

describe("ConsoleWatch", () => {
  test("names each unexpected line with its source and each unmet declaration", () => {
    const watch = new ConsoleWatch();
    watch.expect("error", /expected/);
    watch.expect("warn", /missing/);
    expect(watch.record({ level: "error", text: "an expected failure", source: "console" })).toBe(true);
    expect(watch.record({ level: "warn", text: "an expected failure", source: "server" })).toBe(false);
    expect(watch.hasUnmet()).toBe(true);
    expect(watch.problems()).toEqual([
      "unexpected console warning (server): an expected failure",
      "expected console warning matching /missing/ was never logged",
    ]);
  });

  test("reads errors and objects the way the console prints them, near enough to match", () => {
    expect(consoleText(["closing failed", new TypeError("no socket"), { code: 7 }])).toBe('closing failed TypeError: no socket {"code":7}');
  });
});
