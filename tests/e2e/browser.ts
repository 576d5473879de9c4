import { existsSync } from "node:fs";

// Playwright cannot download its own browser here: use the system Chromium
// (Debian's `chromium` package) first, then any Chrome we can find.
const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
].filter(Boolean) as string[];

export function chromiumPath(): string {
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) " +
        "or point CHROMIUM_PATH at a Chrome/Chromium binary.",
    );
  }
  return found;
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
