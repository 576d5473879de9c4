// Moves the hands and chat D1 kept for finished games (`game_hands`, `chat_messages`) into their
// records in R2, one object per game (`games/{id}.json`, ADR 119), through wrangler's own D1 and
// R2 commands, locally or on a deployment. docs/operations.md, "Moving game records to R2", says
// when to run it: after the release that records games in R2 is fully deployed, before the
// contract step that drops the two tables.
//
//   npx tsx scripts/migrate-records-to-r2.ts                      # the local state (.wrangler/state, or TRUCO_STATE_DIR)
//   npx tsx scripts/migrate-records-to-r2.ts --persist-to DIR     # another local state folder
//   npx tsx scripts/migrate-records-to-r2.ts --remote --env staging|production
//   … --dry-run                                                   # reads and builds, writes nothing
//
// Idempotent: a game whose record is already in the bucket is completed with its old rows (a game
// that was under way at the release), never replaced; running it twice writes the same objects.
// Games still waiting or under way are skipped: their rooms write their records when they end,
// and a later run completes them.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseRecord, recordKey } from "../game/protocol/record";
import {
  legacyRecord,
  mergeRecords,
  type LegacyChatRow,
  type LegacyGameRow,
  type LegacyHandRow,
  type LegacySeatRow,
} from "../db/legacy-records";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUCKETS: Record<string, string> = {
  local: "truco-game-records-local",
  staging: "truco-game-records-staging",
  production: "truco-game-records",
};
const CHUNK = 50;

interface Options {
  remote: boolean;
  env: string | null;
  persistTo: string;
  dryRun: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    remote: false,
    env: null,
    persistTo: path.resolve(ROOT, process.env.TRUCO_STATE_DIR ?? ".wrangler/state"),
    dryRun: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--remote") options.remote = true;
    else if (arg === "--local") options.remote = false;
    else if (arg === "--dry-run") options.dryRun = true;
    else if (arg === "--env") options.env = argv[++i] ?? null;
    else if (arg === "--persist-to") options.persistTo = path.resolve(argv[++i] ?? "");
    else throw new Error(`Unknown argument ${arg}`);
  }
  if (options.remote && !options.env) throw new Error("--remote needs --env staging|production");
  if (options.env && !(options.env in BUCKETS)) throw new Error(`Unknown environment ${options.env}`);
  return options;
}

function wrangler(options: Options, args: string[], input?: string) {
  const where = options.remote ? ["--remote"] : ["--local", "--persist-to", options.persistTo];
  const env = options.env ? ["--env", options.env] : [];
  return spawnSync(path.join(ROOT, "node_modules", ".bin", "wrangler"), [...args, ...where, ...env, "-c", "wrangler.toml"], {
    cwd: ROOT,
    input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, CI: "1", PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` },
  });
}

/** One query's rows, through `wrangler d1 execute --json`. */
function query<T>(options: Options, sql: string): T[] {
  const result = wrangler(options, ["d1", "execute", "DB", "--json", "--command", sql]);
  if (result.status !== 0) throw new Error(`D1 query failed: ${sql}\n${(result.stderr || result.stdout).slice(-2000)}`);
  const parsed = JSON.parse(result.stdout) as { results: T[] }[];
  return parsed.flatMap((part) => part.results);
}

/** Game ids are ours (UUIDs, or the demo's readable ids); anything else is refused rather than quoted. */
function idList(ids: string[]): string {
  for (const id of ids) if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new Error(`Unexpected game id ${JSON.stringify(id)}`);
  return ids.map((id) => `'${id}'`).join(", ");
}

function bucketOf(options: Options): string {
  return BUCKETS[options.env ?? "local"];
}

function readObject(options: Options, key: string): string | null {
  const result = wrangler(options, ["r2", "object", "get", `${bucketOf(options)}/${key}`, "--pipe"]);
  if (result.status === 0) return result.stdout;
  if (/does not exist|not found|NoSuchKey/i.test(result.stderr + result.stdout)) return null;
  throw new Error(`Reading ${key} failed:\n${(result.stderr || result.stdout).slice(-2000)}`);
}

function writeObject(options: Options, key: string, text: string, scratch: string) {
  const file = path.join(scratch, "record.json");
  writeFileSync(file, text);
  const result = wrangler(options, [
    "r2",
    "object",
    "put",
    `${bucketOf(options)}/${key}`,
    "--file",
    file,
    "--content-type",
    "application/json",
  ]);
  if (result.status !== 0) throw new Error(`Writing ${key} failed:\n${(result.stderr || result.stdout).slice(-2000)}`);
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const tables = query<{ name: string }>(
    options,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('game_hands', 'chat_messages')",
  ).map((row) => row.name);
  if (tables.length < 2) {
    console.log(`Nothing to move: ${tables.length === 0 ? "neither table exists (already dropped)" : `only ${tables[0]} exists`}.`);
    return;
  }
  const gameIds = query<{ game_id: string }>(
    options,
    `SELECT DISTINCT h.game_id FROM (SELECT game_id FROM game_hands UNION SELECT game_id FROM chat_messages) AS h
     JOIN games ON games.id = h.game_id WHERE games.status IN ('completed', 'cancelled') ORDER BY h.game_id`,
  ).map((row) => row.game_id);
  console.log(`${gameIds.length} ended games have hands or chat in D1 (${bucketOf(options)}${options.dryRun ? ", dry run" : ""}).`);
  const scratch = mkdtempSync(path.join(tmpdir(), "truco-records-"));
  const counts = { written: 0, completed: 0, unchanged: 0 };
  try {
    for (let i = 0; i < gameIds.length; i += CHUNK) {
      const ids = idList(gameIds.slice(i, i + CHUNK));
      const games = query<LegacyGameRow>(options, `SELECT * FROM games WHERE id IN (${ids})`);
      const seats = query<LegacySeatRow>(
        options,
        `SELECT game_id, seat, team, user_id, nickname, bot_level, entry_paid, result, coins_change, rating_change FROM game_players WHERE game_id IN (${ids})`,
      );
      const hands = query<LegacyHandRow>(
        options,
        `SELECT game_id, hand_number, seed_commitment, seed, actions, winner_team, points, created_at, ended_at FROM game_hands WHERE game_id IN (${ids})`,
      );
      const chat = query<LegacyChatRow>(
        options,
        `SELECT c.id, c.game_id, c.user_id, u.nickname, u.avatar_url, c.message, c.message_type, c.created_at
         FROM chat_messages c LEFT JOIN users u ON u.id = c.user_id WHERE c.game_id IN (${ids})`,
      );
      for (const game of games) {
        const of = <T extends { game_id: string }>(rows: T[]) => rows.filter((row) => row.game_id === game.id);
        const legacy = legacyRecord(game, of(seats), of(hands), of(chat));
        const key = recordKey(game.id);
        const existing = readObject(options, key);
        const written = existing === null ? null : parseRecord(existing);
        if (existing !== null && !written) throw new Error(`${key} is in the bucket but is not a record this script reads`);
        const record = written ? mergeRecords(written, legacy) : legacy;
        const text = JSON.stringify(record);
        if (written && JSON.stringify(written) === text) {
          counts.unchanged += 1;
          continue;
        }
        if (!options.dryRun) writeObject(options, key, text, scratch);
        if (written) counts.completed += 1;
        else counts.written += 1;
      }
      console.log(`  ${Math.min(i + CHUNK, gameIds.length)}/${gameIds.length}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(
    `${options.dryRun ? "Would write" : "Wrote"} ${counts.written} new records, completed ${counts.completed} the rooms wrote; ${counts.unchanged} already held everything.`,
  );
}

main();
