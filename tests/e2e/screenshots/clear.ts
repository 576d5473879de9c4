import fs from "node:fs";
import { SCREENSHOT_DIR } from "../screenshot";

// Global setup of `npm run screenshots`: start from an empty .tmp/screenshots, so every PNG there is of this run.
export default function clearScreenshots() {
  fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
}
