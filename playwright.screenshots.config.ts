import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// `npm run screenshots`: the same server and browser as the browser tests, running the scripts of
// tests/e2e/screenshots/ (every screen, phone and desktop, into .tmp/screenshots/). They are not
// tests and `npm test` does not run them (the browser tests' config only picks *.spec.ts).
export default defineConfig({
  ...base,
  testDir: "tests/e2e/screenshots",
  testMatch: "*.ts",
  testIgnore: "clear.ts",
  globalSetup: "./tests/e2e/screenshots/clear.ts",
  timeout: 180_000,
  // One script at a time, in one project: they share the queues and tables they show.
  workers: 1,
  projects: [{ name: "chromium", use: base.projects?.[0]?.use }],
});
