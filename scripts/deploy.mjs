#!/usr/bin/env node
// `npm run deploy`: the game-room Worker first (the Pages app binds its
// Durable Object by script name), then the remote D1 migrations, then Pages.
//
// Needs a Cloudflare login (`wrangler login` or CLOUDFLARE_API_TOKEN) and:
//   D1_DATABASE_ID     id of the production D1 database (`wrangler d1 create truco`)
//   PAGES_PROJECT      Pages project name (default: truco)
// Secrets are set once with `wrangler pages secret put` (see README).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const databaseId = process.env.D1_DATABASE_ID;
const project = process.env.PAGES_PROJECT ?? "truco";
if (!databaseId) {
  console.error("Set D1_DATABASE_ID to the production D1 database id (see README, 'Production').");
  process.exit(1);
}

// Production copies of the two configs: the real database id and APP_ENV,
// and none of the local-only [vars] (secrets come from `wrangler pages secret`).
// Pages reads wrangler.toml and functions/ from its working directory, so the
// Pages copy lives in a folder of its own with functions/ and build/ linked in.
const out = path.join(root, ".wrangler", "deploy");
rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(out, "game-room"), { recursive: true });
mkdirSync(path.join(out, "pages"), { recursive: true });
symlinkSync(path.join(root, "functions"), path.join(out, "pages", "functions"));
symlinkSync(path.join(root, "build"), path.join(out, "pages", "build"));
function production(source, target, { dropVars }) {
  let text = readFileSync(path.join(root, source), "utf8").replace(/database_id = "[^"]*"/g, `database_id = "${databaseId}"`);
  if (dropVars) text = text.replace(/\[vars\][\s\S]*?(?=\n\[)/, '[vars]\nAPP_ENV = "production"\n');
  text = text
    .replace(/migrations_dir = "[^"]*"/g, `migrations_dir = "${path.join(root, "db/migrations")}"`)
    .replace(/^main = "src\/index.ts"/m, `main = "${path.join(root, "workers/game-room/src/index.ts")}"`);
  writeFileSync(path.join(out, target), text);
  return path.join(out, target);
}
const pagesConfig = production("wrangler.toml", "pages/wrangler.toml", { dropVars: true });
const roomConfig = production("workers/game-room/wrangler.toml", "game-room/wrangler.toml", { dropVars: false });

function run(title, args) {
  console.log(`\n▸ ${title}`);
  const result = spawnSync(wrangler, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log("\n▸ Building the app");
const build = spawnSync(path.join(root, "node_modules", ".bin", "remix"), ["vite:build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
run("Deploying the game-room Worker", ["deploy", "-c", roomConfig]);
run("Applying D1 migrations (remote)", ["d1", "migrations", "apply", "DB", "--remote", "-c", pagesConfig]);
run("Deploying the Pages app", ["pages", "deploy", "--cwd", path.join(out, "pages"), "--project-name", project, "--branch", "main"]);
