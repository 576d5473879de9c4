#!/usr/bin/env node
// `npm run deploy -- --env staging|production` (ADR 116; the runbook is docs/operations.md).
//
// Checks before it acts, and can be run again at any point: the second run finds what the first
// created and goes on from there.
//   1. builds the app with its build id (the commit), and validates both Workers for the
//      environment offline: the room Worker's bundle and config (`wrangler deploy --dry-run`) and
//      the Pages config and Functions bundle (`wrangler pages functions build`);
//   2. checks that both configs agree (the Pages app binds the Worker by name, and both bind the
//      same D1 database, R2 bucket and Analytics Engine dataset);
//   3. provisions what is missing: the D1 database (with its location hint; its id is
//      then written into both configs, to be committed), the R2 bucket, the Pages project;
//   4. refuses to go on while a required secret is missing, naming it;
//   5. records a D1 Time Travel bookmark, then applies the migrations (expand-then-contract: the
//      release that is still serving runs against the new schema);
//   6. uploads the room Worker as a new version and rolls it out in stages, checking /healthz
//      between them; then deploys the Pages app; then checks /healthz answers with this build;
//   7. prints how to roll back and how to restore D1 to the bookmark.
//
// Flags:
//   --env staging|production   required
//   --dry-run                  prints every command it would run; runs only the offline
//                              validations (and the build, when there is none yet)
//   --rollback                 the room Worker back to its previous version, the Pages app back
//                              to its previous deployment (D1 is left as it is: docs/operations.md)
//   --stages 10,50,100         the room Worker's rollout, in percent (default)
//   --stage-wait 120           seconds between two stages (default)
//   --secrets-from FILE        with --dry-run only (tests): the secrets listing from a JSON file
//                              `{ "pages": [...names], "worker": [...names] }` instead of wrangler
//
// Needs a Cloudflare login (`wrangler login`, or CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID);
// --dry-run needs none and no network.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const PAGES_CONFIG = "wrangler.toml";
const ROOM_CONFIG = "workers/game-room/wrangler.toml";

/**
 * What the wrangler configs cannot say. Pages has two environments per project, chosen by branch
 * (its production branch reads `[env.production]`, any other branch `[env.preview]`), so staging
 * is a project of its own deployed on a branch that is not its production branch.
 */
export const ENVIRONMENTS = {
  staging: { pagesProject: "truco-staging", pagesEnv: "preview", branch: "staging", url: "https://staging.truco-staging.pages.dev" },
  production: { pagesProject: "truco", pagesEnv: "production", branch: "main", url: "https://truco.pages.dev" },
};

/** The secrets each side needs before it may serve (docs/production.md says what each one is). */
export const REQUIRED_SECRETS = {
  pages: [
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "SESSION_SECRET",
    "ADMIN_EMAILS",
    "SUPPORT_EMAIL",
    "ANALYTICS_ACCOUNT_ID",
    "ANALYTICS_API_TOKEN",
  ],
  worker: [],
};
/** Read when present; their absence only turns a feature off. */
const OPTIONAL_SECRETS = { pages: ["SENTRY_DSN"], worker: ["SENTRY_DSN"] };

/** D1 has no South American region: the primary goes where the rooms near Brazil and Argentina reach it fastest. */
const D1_LOCATION = "enam";
/** Where the game records are written from (the rooms, placed in South America) and read from. */
const R2_LOCATION = "enam";
const PLACEHOLDER_ID = "00000000-0000-0000-0000-000000000000";

class Refusal extends Error {}

function parseArgs(argv) {
  const args = { env: null, dryRun: false, rollback: false, stages: [10, 50, 100], stageWait: 120, secretsFrom: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Refusal(`${arg} needs a value.`);
      return next;
    };
    if (arg === "--env" || arg === "-e") args.env = value();
    else if (arg.startsWith("--env=")) args.env = arg.slice(6);
    else if (arg === "--dry-run") args.dryRun = true;
    else if (arg === "--rollback") args.rollback = true;
    else if (arg === "--stages") args.stages = value().split(",").map(Number);
    else if (arg === "--stage-wait") args.stageWait = Number(value());
    else if (arg === "--secrets-from") args.secretsFrom = value();
    else throw new Refusal(`Unknown option ${JSON.stringify(arg)}.`);
  }
  if (!args.env) throw new Refusal("Name the environment: npm run deploy -- --env staging (or --env production).");
  if (!Object.hasOwn(ENVIRONMENTS, args.env)) {
    throw new Refusal(`Unknown environment ${JSON.stringify(args.env)}: it is one of ${Object.keys(ENVIRONMENTS).join(", ")}.`);
  }
  if (args.secretsFrom && !args.dryRun) throw new Refusal("--secrets-from is for dry runs only: a real deploy asks Cloudflare.");
  const stagesValid = args.stages.length > 0 && args.stages.every((p, i) => p > 0 && p <= 100 && (i === 0 || p > args.stages[i - 1]));
  if (!stagesValid || args.stages.at(-1) !== 100)
    throw new Refusal("--stages is a rising list of percentages ending at 100, e.g. 10,50,100.");
  if (!(args.stageWait >= 0)) throw new Refusal("--stage-wait is a number of seconds.");
  return args;
}

// ------------------------------------------------------------------ the two configs

function readConfig(file) {
  return parseToml(readFileSync(path.join(root, file), "utf8"));
}

/** What the deploy needs from both configs for one environment; refuses when they disagree. */
export function environmentOf(name, pagesConfig = readConfig(PAGES_CONFIG), roomConfig = readConfig(ROOM_CONFIG)) {
  const target = ENVIRONMENTS[name];
  const pages = pagesConfig.env?.[target.pagesEnv];
  const room = roomConfig.env?.[name];
  if (!pages) throw new Refusal(`${PAGES_CONFIG} has no [env.${target.pagesEnv}] (the Pages environment of ${name}).`);
  if (!room) throw new Refusal(`${ROOM_CONFIG} has no [env.${name}].`);
  const one = (list, what, file) => {
    if (!Array.isArray(list) || list.length !== 1) throw new Refusal(`${file} [env.${what}] needs exactly one binding of that kind.`);
    return list[0];
  };
  const pagesDb = one(pages.d1_databases, `${target.pagesEnv}.d1_databases`, PAGES_CONFIG);
  const roomDb = one(room.d1_databases, `${name}.d1_databases`, ROOM_CONFIG);
  const pagesBucket = one(pages.r2_buckets, `${target.pagesEnv}.r2_buckets`, PAGES_CONFIG);
  const roomBucket = one(room.r2_buckets, `${name}.r2_buckets`, ROOM_CONFIG);
  const pagesDataset = one(pages.analytics_engine_datasets, `${target.pagesEnv}.analytics_engine_datasets`, PAGES_CONFIG);
  const roomDataset = one(room.analytics_engine_datasets, `${name}.analytics_engine_datasets`, ROOM_CONFIG);
  const problems = [];
  const worker = room.name;
  if (!worker) problems.push(`${ROOM_CONFIG} [env.${name}] has no name.`);
  for (const binding of pages.durable_objects?.bindings ?? []) {
    if (binding.script_name !== worker) {
      problems.push(`${PAGES_CONFIG} [env.${target.pagesEnv}] binds ${binding.name} to ${binding.script_name}, not to ${worker}.`);
    }
    if (!(room.durable_objects?.bindings ?? []).some((hosted) => hosted.class_name === binding.class_name)) {
      problems.push(`${ROOM_CONFIG} [env.${name}] does not bind the class ${binding.class_name} that the Pages app uses.`);
    }
  }
  if (pagesDb.database_name !== roomDb.database_name) problems.push(`The two configs name different D1 databases for ${name}.`);
  if (pagesDb.database_id !== roomDb.database_id) problems.push(`The two configs hold different D1 ids for ${name}.`);
  if (pagesBucket.bucket_name !== roomBucket.bucket_name) problems.push(`The two configs name different R2 buckets for ${name}.`);
  if (pagesDataset.dataset !== roomDataset.dataset) problems.push(`The two configs name different Analytics Engine datasets for ${name}.`);
  if (pages.vars?.APP_ENV !== "production" || room.vars?.APP_ENV !== "production")
    problems.push(`${name} must run with APP_ENV = "production".`);
  if (problems.length) throw new Refusal(`The configs disagree:\n  - ${problems.join("\n  - ")}`);
  return {
    name,
    ...target,
    worker,
    database: pagesDb.database_name,
    databaseId: pagesDb.database_id,
    bucket: pagesBucket.bucket_name,
    dataset: pagesDataset.dataset,
  };
}

/** Writes a new database's id into the environment's D1 binding of one config (a line edit of the committed file). */
function writeDatabaseId(file, envName, id) {
  const full = path.join(root, file);
  const lines = readFileSync(full, "utf8").split("\n");
  const header = lines.findIndex((line) => line.trim() === `[[env.${envName}.d1_databases]]`);
  if (header < 0) throw new Refusal(`${file} has no [[env.${envName}.d1_databases]].`);
  for (let i = header + 1; i < lines.length && !lines[i].startsWith("["); i++) {
    if (/^database_id\s*=/.test(lines[i])) {
      lines[i] = `database_id = "${id}"`;
      writeFileSync(full, lines.join("\n"));
      return;
    }
  }
  throw new Refusal(`${file} [[env.${envName}.d1_databases]] has no database_id line.`);
}

// ------------------------------------------------------------------ running commands

const say = (line) => console.log(line);
const planned = [];

function shellLine(command, args, env) {
  const prefix = Object.entries(env ?? {})
    .map(([key, value]) => `${key}=${value} `)
    .join("");
  const quote = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);
  return `${prefix}${path.relative(root, command) || command} ${args.map(quote).join(" ")}`;
}

/**
 * Runs one command, or in a dry run only prints it. `offline` commands run in a dry run too (they
 * are the validations); `capture` returns stdout instead of streaming it.
 */
function run(title, command, args, { dryRun, offline = false, capture = false, env = {}, allowFailure = false } = {}) {
  const line = shellLine(command, args, env);
  say(`\n▸ ${title}\n  $ ${line}`);
  planned.push(line);
  if (dryRun && !offline) return { status: 0, stdout: "", planned: true };
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    stdio: capture ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      // wrangler runs on this Node (22 under npm run), whatever PATH says.
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
      WRANGLER_SEND_METRICS: "false",
      CI: "1",
      ...env,
    },
  });
  if (result.status !== 0 && !allowFailure) {
    if (capture) process.stderr.write(result.stderr || result.stdout || "");
    throw new Refusal(`${title} failed (exit ${result.status ?? result.signal}).`);
  }
  return { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

const wrangler = (title, args, options) => run(title, bin("wrangler"), args, options);
const roomArgs = (target) => ["--env", target.name, "-c", ROOM_CONFIG];

/** The typed events wrangler writes to WRANGLER_OUTPUT_FILE_PATH (one JSON object a line). */
function wranglerOutput(title, args, options) {
  const file = path.join(root, ".wrangler", "deploy", `output-${process.pid}.ndjson`);
  mkdirSync(path.dirname(file), { recursive: true });
  rmSync(file, { force: true });
  const result = wrangler(title, args, { ...options, env: { ...options.env, WRANGLER_OUTPUT_FILE_PATH: file } });
  const events = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  rmSync(file, { force: true });
  return { ...result, events };
}

function gitBuildId() {
  const head = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, encoding: "utf8" });
  if (head.status !== 0) return "unknown";
  const dirty = spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).stdout.trim() !== "";
  return `${head.stdout.trim()}${dirty ? "-dirty" : ""}`;
}

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

// ------------------------------------------------------------------ the steps

function buildAndValidate(target, { dryRun, buildId }) {
  const haveBuild = existsSync(path.join(root, "build/server/index.js"));
  run("Building the app", bin("remix"), ["vite:build"], { dryRun, offline: !haveBuild, env: { VITE_BUILD_ID: buildId } });
  const out = path.join(root, ".wrangler", "deploy", target.name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  wrangler(
    `Validating the room Worker's config and bundle for ${target.name}`,
    ["deploy", "--dry-run", "--outdir", path.join(out, "room"), ...roomArgs(target)],
    { dryRun, offline: true, capture: true },
  );
  // With a project directory and a build metadata path, the Functions build reads wrangler.toml as
  // Pages does for PAGES_ENVIRONMENT, and fails on a config Pages would refuse.
  const pagesConfig = readConfig(PAGES_CONFIG);
  wrangler(
    `Validating the Pages config and Functions bundle for ${target.name} (Pages environment "${target.pagesEnv}")`,
    [
      "pages",
      "functions",
      "build",
      "functions",
      "--outdir",
      path.join(out, "pages"),
      "--project-directory",
      ".",
      "--build-metadata-path",
      path.join(out, "pages-metadata.json"),
      "--compatibility-date",
      pagesConfig.compatibility_date,
      ...pagesConfig.compatibility_flags.flatMap((flag) => ["--compatibility-flags", flag]),
    ],
    { dryRun, offline: true, capture: true, env: { PAGES_ENVIRONMENT: target.pagesEnv } },
  );
  if (!existsSync(path.join(out, "pages-metadata.json")))
    throw new Refusal(`${PAGES_CONFIG} is not a valid Pages config for ${target.pagesEnv}.`);
  say("  both Workers bundle, and both configs are valid for this environment");
}

function provision(target, { dryRun }) {
  wrangler("Checking the Cloudflare login", ["whoami"], { dryRun });
  // D1, by name.
  const listed = wrangler("Looking for the D1 database", ["d1", "list", "--json"], { dryRun, capture: true });
  const database = dryRun ? null : JSON.parse(listed.stdout || "[]").find((db) => db.name === target.database);
  let databaseId = database?.uuid ?? null;
  if (!database) {
    const created = wrangler(
      `Creating the D1 database ${target.database} (location hint ${D1_LOCATION})${dryRun ? ", when missing" : ""}`,
      ["d1", "create", target.database, "--location", D1_LOCATION],
      { dryRun, capture: true },
    );
    if (!dryRun) {
      const again = wrangler("Reading the new database's id", ["d1", "list", "--json"], { dryRun, capture: true });
      databaseId = JSON.parse(again.stdout).find((db) => db.name === target.database)?.uuid ?? null;
      if (!databaseId) throw new Refusal(`Created ${target.database} but cannot find its id:\n${created.stdout}`);
      say(`  created D1 ${target.database} (${databaseId})`);
    }
  }
  if (dryRun && target.databaseId === PLACEHOLDER_ID)
    say(`  (the configs hold no D1 id for ${target.name} yet: the first deploy writes it into both, to be committed)`);
  else if (databaseId !== target.databaseId) {
    writeDatabaseId(PAGES_CONFIG, target.pagesEnv, databaseId);
    writeDatabaseId(ROOM_CONFIG, target.name, databaseId);
    say(`  wrote the D1 id ${databaseId} into ${PAGES_CONFIG} and ${ROOM_CONFIG}: commit both files.`);
    target.databaseId = databaseId;
  }
  // R2, by name.
  const bucket = wrangler("Looking for the R2 bucket", ["r2", "bucket", "info", target.bucket], {
    dryRun,
    capture: true,
    allowFailure: true,
  });
  if (bucket.status !== 0 || dryRun) {
    wrangler(
      `Creating the R2 bucket ${target.bucket}${dryRun ? ", when missing" : ""}`,
      ["r2", "bucket", "create", target.bucket, "--location", R2_LOCATION],
      {
        dryRun,
        capture: true,
      },
    );
    if (!dryRun) say(`  created R2 ${target.bucket}`);
  }
  // The Pages project.
  const projects = wrangler("Looking for the Pages project", ["pages", "project", "list", "--json"], { dryRun, capture: true });
  const exists = !dryRun && JSON.parse(projects.stdout || "[]").some((p) => (p["Project Name"] ?? p.name) === target.pagesProject);
  if (!exists) {
    // The production branch is `main` for both projects: staging deploys on its `staging` branch, which Pages serves as "preview".
    wrangler(
      `Creating the Pages project ${target.pagesProject}${dryRun ? ", when missing" : ""}`,
      ["pages", "project", "create", target.pagesProject, "--production-branch", "main"],
      {
        dryRun,
        capture: true,
      },
    );
    if (!dryRun) say(`  created Pages project ${target.pagesProject}`);
  }
}

/** The secret names each side holds: from wrangler, or in a dry run from --secrets-from. */
function listSecrets(target, { dryRun, secretsFrom }) {
  const pagesArgs = ["pages", "secret", "list", "--project-name", target.pagesProject, "--env", target.pagesEnv];
  const workerArgs = ["secret", "list", "--format", "json", ...roomArgs(target)];
  if (secretsFrom) {
    const listing = JSON.parse(readFileSync(path.resolve(secretsFrom), "utf8"));
    const lines = [shellLine(bin("wrangler"), pagesArgs), shellLine(bin("wrangler"), workerArgs)];
    say(`\n▸ Listing the secrets from ${secretsFrom}, in place of:\n${lines.map((line) => `  $ ${line}`).join("\n")}`);
    planned.push(...lines);
    return { pages: new Set(listing.pages ?? []), worker: new Set(listing.worker ?? []) };
  }
  const pages = wrangler("Listing the Pages app's secrets", pagesArgs, { dryRun, capture: true });
  const worker = wrangler("Listing the room Worker's secrets", workerArgs, { dryRun, capture: true });
  if (dryRun) return null;
  return {
    // "  - NAME: Value Encrypted", one a line.
    pages: new Set([...pages.stdout.matchAll(/^\s*-\s*([A-Za-z_][A-Za-z0-9_]*):/gm)].map((match) => match[1])),
    worker: new Set(JSON.parse(worker.stdout || "[]").map((secret) => secret.name)),
  };
}

function checkSecrets(target, options) {
  const held = listSecrets(target, options);
  if (!held) {
    say("  (dry run: the deploy refuses here when a required secret is missing)");
    return;
  }
  const missing = [
    ...REQUIRED_SECRETS.pages
      .filter((name) => !held.pages.has(name))
      .map((name) => `${name} (Pages project ${target.pagesProject}, ${target.pagesEnv})`),
    ...REQUIRED_SECRETS.worker.filter((name) => !held.worker.has(name)).map((name) => `${name} (Worker ${target.worker})`),
  ];
  if (missing.length) {
    throw new Refusal(
      `Missing secrets for ${target.name}: ${missing.join(", ")}.\n` +
        `Set each with \`npx wrangler pages secret put NAME --project-name ${target.pagesProject} --env ${target.pagesEnv}\` ` +
        `(or \`npx wrangler secret put NAME --env ${target.name} -c ${ROOM_CONFIG}\` for the Worker); docs/production.md says what each holds.`,
    );
  }
  for (const side of ["pages", "worker"]) {
    for (const name of OPTIONAL_SECRETS[side])
      if (!held[side].has(name)) say(`  note: ${name} is not set on the ${side} side: its errors go to Workers Logs only.`);
  }
  say("  every required secret is set");
}

function bookmarkAndMigrate(target, { dryRun }) {
  const info = wrangler(
    `Recording a D1 Time Travel bookmark of ${target.database}`,
    ["d1", "time-travel", "info", target.database, "--json", ...roomArgs(target)],
    { dryRun, capture: true },
  );
  const bookmark = dryRun ? "<bookmark>" : JSON.parse(info.stdout).bookmark;
  say(`  bookmark before migrating: ${bookmark}`);
  wrangler("Applying the D1 migrations (remote)", ["d1", "migrations", "apply", "DB", "--remote", ...roomArgs(target)], { dryRun });
  return bookmark;
}

/** The version fully deployed now (100%), or null on a first deploy. */
function currentVersion(target, { dryRun }) {
  const listed = wrangler("Reading the room Worker's deployments", ["deployments", "list", "--json", ...roomArgs(target)], {
    dryRun,
    capture: true,
    allowFailure: true,
  });
  if (dryRun || listed.status !== 0) return dryRun ? "<current-version>" : null;
  const deployments = JSON.parse(listed.stdout || "[]");
  return deployments.at(-1)?.versions.find((v) => v.percentage === 100)?.version_id ?? null;
}

/** GET /healthz until every check answers (and, given `expectBuild`, on that build). */
async function smoke(target, { dryRun, expectBuild = null, attempts = 10 }) {
  say(`\n▸ Smoke check: GET ${target.url}/healthz (every check ok${expectBuild ? `, build ${expectBuild}` : ""})`);
  planned.push(`GET ${target.url}/healthz`);
  if (dryRun) return;
  let last = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(`${target.url}/healthz`, { headers: { "Cache-Control": "no-cache" } });
      const body = await response.json().catch(() => null);
      if (response.ok && body?.ok === true && (!expectBuild || body.build === expectBuild)) {
        say(`  healthy: ${JSON.stringify(body.checks)}`);
        return;
      }
      last = `${response.status} ${JSON.stringify(body)}`;
    } catch (error) {
      last = String(error);
    }
    await sleep(6);
  }
  throw new Refusal(`The smoke check failed: ${last}. Roll back with: npm run deploy -- --env ${target.name} --rollback`);
}

async function rollOutWorker(target, options) {
  const { dryRun, buildId, stages, stageWait } = options;
  const previous = currentVersion(target, options);
  if (!previous) {
    // A first deploy (and a new Durable Object class) cannot go through versions: it is deployed whole.
    wrangler("First deploy of the room Worker (whole)", ["deploy", "--var", `BUILD_ID:${buildId}`, ...roomArgs(target)], { dryRun });
    return { previous: null, version: null };
  }
  const upload = wranglerOutput(
    "Uploading the room Worker as a new version",
    ["versions", "upload", "--tag", buildId, "--message", `release ${buildId}`, "--var", `BUILD_ID:${buildId}`, ...roomArgs(target)],
    { dryRun },
  );
  const version = dryRun ? "<new-version>" : upload.events.find((event) => event.type === "version-upload")?.version_id;
  if (!version) throw new Refusal("wrangler did not report the uploaded version's id.");
  for (const [index, percent] of stages.entries()) {
    const specs = percent === 100 ? [`${version}@100%`] : [`${version}@${percent}%`, `${previous}@${100 - percent}%`];
    wrangler(
      `Rolling the room Worker out: ${percent}% on ${version}`,
      ["versions", "deploy", ...specs, "--message", `release ${buildId} at ${percent}%`, "--yes", ...roomArgs(target)],
      { dryRun },
    );
    if (percent < 100) {
      // The Pages app still serves the previous build here: the check asks only that every binding answers.
      await smoke(target, { dryRun, attempts: 3 });
      if (stageWait > 0 && index < stages.length - 1) {
        say(`  waiting ${stageWait} s before the next stage (watch Workers Logs for errors)`);
        if (!dryRun) await sleep(stageWait);
      }
    }
  }
  return { previous, version };
}

async function deploy(target, options) {
  const { dryRun } = options;
  say(`Deploying ${target.name}${dryRun ? " (dry run: nothing is changed)" : ""}: build ${options.buildId}`);
  buildAndValidate(target, options);
  provision(target, options);
  checkSecrets(target, options);
  const bookmark = bookmarkAndMigrate(target, options);
  const worker = await rollOutWorker(target, options);
  const pages = wranglerOutput(
    `Deploying the Pages app to ${target.pagesProject} (branch ${target.branch})`,
    [
      "pages",
      "deploy",
      "build/client",
      "--project-name",
      target.pagesProject,
      "--branch",
      target.branch,
      "--commit-hash",
      options.buildId.replace(/-dirty$/, ""),
    ],
    { dryRun },
  );
  await smoke(target, { dryRun, expectBuild: options.buildId });
  const deployment = pages.events.find((event) => event.type === "pages-deploy")?.deployment_id ?? "<deployment>";
  say(`\n✓ ${target.name} ${dryRun ? "would be" : "is"} on build ${options.buildId}.`);
  say(`  Pages deployment ${deployment}; room Worker version ${worker.version ?? "(first deploy)"}.`);
  say(`  D1 bookmark before this release's migrations: ${bookmark}`);
  say("\nTo roll back the code (the schema stays; the previous release runs on it):");
  say(`  npm run deploy -- --env ${target.name} --rollback`);
  if (worker.previous)
    say(`  (by hand: npx wrangler versions deploy ${worker.previous}@100% --yes --env ${target.name} -c ${ROOM_CONFIG})`);
  say("To restore the database to before this release (loses every write since; docs/operations.md):");
  say(`  npx wrangler d1 time-travel restore ${target.database} --bookmark=${bookmark} --env ${target.name} -c ${ROOM_CONFIG}`);
}

async function rollback(target, options) {
  const { dryRun } = options;
  say(`Rolling ${target.name} back${dryRun ? " (dry run: nothing is changed)" : ""}`);
  const listed = wrangler("Reading the room Worker's deployments", ["deployments", "list", "--json", ...roomArgs(target)], {
    dryRun,
    capture: true,
  });
  let previous = "<previous-version>";
  if (!dryRun) {
    const full = JSON.parse(listed.stdout || "[]")
      .map((deployment) => deployment.versions.find((v) => v.percentage === 100)?.version_id)
      .filter(Boolean);
    const current = full.at(-1);
    previous = full.findLast((id) => id !== current);
    if (!previous) throw new Refusal("The room Worker has no earlier version to go back to.");
  }
  wrangler(
    `The room Worker back to ${previous}`,
    ["versions", "deploy", `${previous}@100%`, "--message", "rollback", "--yes", ...roomArgs(target)],
    {
      dryRun,
    },
  );
  const deployments = wrangler(
    "Reading the Pages deployments",
    ["pages", "deployment", "list", "--project-name", target.pagesProject, "--environment", target.pagesEnv, "--json"],
    { dryRun, capture: true },
  );
  const ofBranch = dryRun ? [] : JSON.parse(deployments.stdout || "[]").filter((d) => d.Branch === target.branch);
  const earlier = dryRun ? { Id: "<previous-deployment>" } : ofBranch[1];
  if (target.pagesEnv === "production") {
    if (!earlier) throw new Refusal("The Pages project has no earlier deployment to go back to.");
    const account = process.env.CLOUDFLARE_ACCOUNT_ID;
    const endpoint = `https://api.cloudflare.com/client/v4/accounts/${account ?? "$CLOUDFLARE_ACCOUNT_ID"}/pages/projects/${target.pagesProject}/deployments/${earlier.Id}/rollback`;
    say(`\n▸ The Pages app back to deployment ${earlier.Id}\n  $ POST ${endpoint}`);
    planned.push(`POST ${endpoint}`);
    if (!dryRun) {
      if (!account || !process.env.CLOUDFLARE_API_TOKEN) {
        throw new Refusal(
          `Set CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN, or roll the Pages project back in the dashboard (deployment ${earlier.Id}).`,
        );
      }
      const response = await fetch(endpoint, { method: "POST", headers: { Authorization: `Bearer ${process.env.CLOUDFLARE_API_TOKEN}` } });
      if (!response.ok) throw new Refusal(`The Pages rollback failed: ${response.status} ${await response.text()}`);
    }
  } else {
    // A preview branch has no rollback in Pages: its alias follows the branch's newest deployment.
    say(
      `\n  Staging's Pages app is a branch deployment: redeploy the previous commit (git checkout <it> && npm run deploy -- --env ${target.name}).`,
    );
  }
  await smoke(target, { dryRun, attempts: 5 });
  say(
    `\n✓ ${target.name} ${dryRun ? "would be" : "is"} back on the previous release. D1 is unchanged; docs/operations.md says when and how to restore it.`,
  );
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const target = environmentOf(args.env);
  const options = { ...args, buildId: gitBuildId() };
  if (args.rollback) await rollback(target, options);
  else await deploy(target, options);
  if (args.dryRun) say(`\nDry run: ${planned.length} commands planned; the validations ran; nothing was changed.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    if (error instanceof Refusal) {
      console.error(`\n✗ ${error.message}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  });
}
