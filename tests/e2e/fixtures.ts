import { test as base, expect, type BrowserContext } from "@playwright/test";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import {
  expectConsoleError,
  startConsoleWatch,
  stopConsoleWatch,
  type ConsoleLevel,
  type ConsoleLine,
  type ConsoleWatch,
} from "../support/console";
import { E2E_SERVER_LOG } from "./state";

// Every browser test imports `test` and `expect` from here. A test fails on an error or a warning
// it did not declare (tests/support/console.ts) from any of three places: the console of any page
// in any browser context it opened, an uncaught exception in such a page, and the server's output
// (scripts/start.mjs appends it to E2E_SERVER_LOG) between the test's start and its end.

export { expect };

/**
 * Declares that this test provokes an answer with this status: the browser logs each one as a
 * console error ("Failed to load resource: the server responded with a status of 404 (Not Found)").
 */
export function expectFailedLoad(status: number) {
  expectConsoleError(new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`));
}

export const test = base.extend<{ consoleWatch: void }>({
  consoleWatch: [
    async ({ browser, playwright }, use) => {
      const watch = startConsoleWatch();
      const server = new ServerLog(E2E_SERVER_LOG);
      // Every context the test opens: the `context` fixture's, browser.newContext()'s, a persistent one.
      const restore = [
        patch(browser, "newContext", (context) => watchContext(context, watch)),
        patch(playwright.chromium, "launchPersistentContext", (context) => watchContext(context, watch)),
      ];
      try {
        await use();
      } finally {
        for (const undo of restore) undo();
      }
      for (const line of server.newLines()) watch.record(line);
      // A declared server line may still be on its way (a promise the request left running).
      for (let waited = 0; watch.hasUnmet() && waited < SERVER_LINE_WAIT_MS; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        for (const line of server.newLines()) watch.record(line);
      }
      const problems = stopConsoleWatch();
      if (problems.length) throw new Error(`console output this test did not declare:\n  ${problems.join("\n  ")}`);
    },
    { auto: true },
  ],
});

/** How long a test's end waits for a server line it declared and has not seen yet. */
const SERVER_LINE_WAIT_MS = 5_000;

const watched = new WeakSet<BrowserContext>();

/** Records the context's page console errors and warnings, and uncaught exceptions, into the test that opened it. */
function watchContext(context: BrowserContext, watch: ConsoleWatch) {
  if (watched.has(context)) return;
  watched.add(context);
  context.on("console", (message) => {
    const level = BROWSER_LEVELS[message.type()];
    if (level && !BROWSER_NOISE.some((noise) => noise.test(message.text())))
      watch.record({ level, text: message.text(), source: `browser console at ${message.location().url || "?"}` });
  });
  context.on("weberror", (error) => {
    const thrown = error.error();
    watch.record({
      level: "error",
      text: `${thrown.name}: ${thrown.message}`,
      // The first frame of the stack, to find where it was thrown.
      source:
        `uncaught in the page ${error.page()?.url() ?? ""} ${thrown.stack?.split("\n").find((line) => line.trim().startsWith("at ")) ?? ""}`.trim(),
    });
  });
}

const BROWSER_LEVELS: Partial<Record<string, ConsoleLevel>> = { error: "error", warning: "warn" };

/**
 * Page console lines that are no fault of the product, each with why; nothing else is let through.
 * - Remix's single fetch logs the AbortError of a data request that a newer navigation superseded
 *   (it aborts the old request while decoding its answer): the newer navigation goes on.
 */
const BROWSER_NOISE: RegExp[] = [/^AbortError: signal is aborted without reason\n/];

/** Replaces `owner[method]` by one that hands each context it makes to `seen`; returns the undo. */
function patch<Owner extends object, Method extends keyof Owner>(owner: Owner, method: Method, seen: (context: BrowserContext) => void) {
  const original = owner[method] as unknown as (...args: unknown[]) => Promise<BrowserContext>;
  owner[method] = (async (...args: unknown[]) => {
    const context = await original.apply(owner, args);
    seen(context);
    return context;
  }) as Owner[Method];
  return () => {
    owner[method] = original as unknown as Owner[Method];
  };
}

// The server's output, as wrangler prints it: a Worker's console.error and an uncaught exception
// become "✘ [ERROR] text", a console.warn "▲ [WARNING] text", each followed by indented detail
// (the stack) that adds nothing to match on. Only those headlines count.
const ERROR_LINE = /^✘ \[ERROR\] (.*)$/;
const WARNING_LINE = /^▲ \[WARNING\] (.*)$/;
// wrangler colours its output: the escape sequences go before matching.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * Server lines that are no fault of the product, each with why; nothing else is let through.
 * - esbuild's note that a side-effect-free package's bare import is dropped: wrangler prints one
 *   for each such import of the Remix build whenever it bundles the Pages Functions (at start,
 *   and again if the build changes under it); it says nothing about a request.
 */
const SERVER_NOISE: RegExp[] = [/was marked as having no side effects \[ignored-bare-import\]$/];

/** The server's log from where a test started: each new whole line, once. */
class ServerLog {
  private offset: number;

  constructor(private readonly file: string) {
    this.offset = sizeOf(file);
  }

  newLines(): ConsoleLine[] {
    const size = sizeOf(this.file);
    if (size <= this.offset) return [];
    const buffer = Buffer.alloc(size - this.offset);
    const fd = openSync(this.file, "r");
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    // Whole lines only: a line still being written is read with the next call.
    const text = buffer.toString("utf8");
    const end = text.lastIndexOf("\n") + 1;
    this.offset += Buffer.byteLength(text.slice(0, end));
    return text
      .slice(0, end)
      .split("\n")
      .flatMap((raw: string): ConsoleLine[] => {
        const line = raw.replace(ANSI, "").trimEnd();
        if (SERVER_NOISE.some((noise) => noise.test(line))) return [];
        const error = ERROR_LINE.exec(line);
        if (error) return [{ level: "error", text: error[1], source: "server" }];
        const warning = WARNING_LINE.exec(line);
        return warning ? [{ level: "warn", text: warning[1], source: "server" }] : [];
      });
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
