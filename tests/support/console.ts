// An error or a warning logged during a test fails that test unless the test declares it
// (docs/decisions/111-console-errors-fail-tests.md). This module is the one registry every layer
// shares: the unit and Worker tests feed it from `console` itself (tests/support/vitest-console.ts),
// the browser tests from the pages' consoles and the server's output (tests/e2e/fixtures/index.ts). A test
// declares what it provokes with `expectConsoleError(/pattern/)` or `expectConsoleWarning(/pattern/)`;
// a declared line that never comes fails the test too, so a declaration cannot outlive its cause.

export type ConsoleLevel = "error" | "warn";

/** One line a test produced: its level, its text, and where it came from (console, browser, server). */
export type ConsoleLine = { level: ConsoleLevel; text: string; source: string };

type Expectation = { level: ConsoleLevel; pattern: RegExp; seen: number; optional: boolean };

/** What one test logged, against what it declared. */
export class ConsoleWatch {
  private readonly expectations: Expectation[] = [];
  private readonly unexpected: ConsoleLine[] = [];

  expect(level: ConsoleLevel, pattern: RegExp, optional = false) {
    this.expectations.push({ level, pattern, seen: 0, optional });
  }

  /** Takes one line; true when a declaration covers it (the caller may then keep it quiet). */
  record(line: ConsoleLine): boolean {
    const covering = this.expectations.filter((expectation) => expectation.level === line.level && expectation.pattern.test(line.text));
    for (const expectation of covering) expectation.seen += 1;
    if (covering.length === 0) this.unexpected.push(line);
    return covering.length > 0;
  }

  /** True while some declaration has not been met: the browser tests wait for late server lines then. */
  hasUnmet() {
    return this.expectations.some((expectation) => expectation.seen === 0 && !expectation.optional);
  }

  /** Every reason to fail: each unexpected line, and each declaration nothing matched. */
  problems(): string[] {
    const counts = new Map<string, number>();
    for (const line of this.unexpected) {
      const text = `unexpected ${LEVEL_NAME[line.level]} (${line.source}): ${line.text}`;
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    return [
      ...[...counts].map(([text, count]) => (count > 1 ? `${text} (×${count})` : text)),
      ...this.expectations
        .filter((expectation) => expectation.seen === 0 && !expectation.optional)
        .map((expectation) => `expected ${LEVEL_NAME[expectation.level]} matching ${expectation.pattern} was never logged`),
    ];
  }
}

const LEVEL_NAME: Record<ConsoleLevel, string> = { error: "console error", warn: "console warning" };

// The registry lives on globalThis: a runner may evaluate this module afresh for each test file
// while the console it patched stays, and every copy must reach the same watch.
type Registry = { current: ConsoleWatch | null; outside: ConsoleLine[] };
const KEY = Symbol.for("truco.tests.console-watch");
function registry(): Registry {
  const slot = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (slot[KEY] ??= { current: null, outside: [] });
}

/** Starts watching one test. */
export function startConsoleWatch(): ConsoleWatch {
  const watch = new ConsoleWatch();
  registry().current = watch;
  return watch;
}

/** Stops watching the current test and says why it fails, if it does. */
export function stopConsoleWatch(): string[] {
  const state = registry();
  const problems = state.current?.problems() ?? [];
  state.current = null;
  return problems;
}

/** The test being watched, if any. */
export function currentConsoleWatch(): ConsoleWatch | null {
  return registry().current;
}

/**
 * Records a line: into the current test's watch, or, between tests, into a list that fails the
 * file (`takeLinesOutsideTests`). True when the current test declared it.
 */
export function recordConsoleLine(line: ConsoleLine): boolean {
  const state = registry();
  if (state.current) return state.current.record(line);
  state.outside.push(line);
  return false;
}

/** Lines logged while no test was watched, emptied as they are read. */
export function takeLinesOutsideTests(): ConsoleLine[] {
  return registry().outside.splice(0);
}

/** Declares that this test logs an error matching `pattern`, at least once. */
export function expectConsoleError(pattern: RegExp) {
  declare("error", pattern);
}

/** Declares that this test logs a warning matching `pattern`, at least once. */
export function expectConsoleWarning(pattern: RegExp) {
  declare("warn", pattern);
}

/**
 * Lets this test log an error matching `pattern` without failing, whether or not it comes: only
 * for a known defect that a test provokes some of the time, named in `reason` (and in the notes of
 * the work that is to fix it). Every other line still fails the test.
 */
export function tolerateConsoleError(pattern: RegExp, reason: string) {
  if (!reason.trim()) throw new Error("tolerateConsoleError needs the reason");
  declare("error", pattern, true);
}

function declare(level: ConsoleLevel, pattern: RegExp, optional = false) {
  const watch = registry().current;
  if (!watch) throw new Error(`expectConsole${level === "error" ? "Error" : "Warning"}(${pattern}) outside a watched test`);
  watch.expect(level, pattern, optional);
}

/** The text `console` would print for these arguments, near enough to match a pattern on. */
export function consoleText(args: readonly unknown[]): string {
  return args.map(argumentText).join(" ");
}

function argumentText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const WRAPPED = Symbol.for("truco.tests.console-wrapped");

/**
 * Routes `console.error` and `console.warn` through the registry: an undeclared line is printed as
 * usual and recorded; a declared one is kept quiet. Each console object is wrapped once, however
 * many test files of one isolate install it.
 */
export function installConsoleWatch(target: Console = console) {
  const marked = target as Console & { [WRAPPED]?: true };
  if (marked[WRAPPED]) return;
  marked[WRAPPED] = true;
  const original = { error: target.error.bind(target), warn: target.warn.bind(target) };
  for (const level of ["error", "warn"] as const) {
    target[level] = (...args: unknown[]) => {
      const declared = recordConsoleLine({ level, text: consoleText(args), source: "console" });
      if (!declared) original[level](...args);
    };
  }
}
