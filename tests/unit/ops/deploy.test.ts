import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { REQUIRED_SECRETS, environmentOf } from "../../../scripts/deploy.mjs";

// `npm run deploy` in its dry run: no network, no account; it validates both Workers' bundles and
// configs for the environment and prints every command it would run (ADR 116).

const ROOT = path.resolve(import.meta.dirname, "../../..");

function deploy(...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/deploy.mjs"), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    // Any attempt to reach Cloudflare fails at once instead of hanging.
    env: { ...process.env, CLOUDFLARE_API_TOKEN: "", HTTPS_PROXY: "http://127.0.0.1:9", HTTP_PROXY: "http://127.0.0.1:9" },
    timeout: 240_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

function secretsFile(pages: string[], worker: string[] = []) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "deploy-secrets-")), "secrets.json");
  writeFileSync(file, JSON.stringify({ pages, worker }));
  return file;
}

/** Where each step of the plan comes, by a piece of its command line. */
function order(out: string, ...pieces: string[]) {
  return pieces.map((piece) => {
    const at = out.indexOf(piece);
    expect(at, `the plan runs ${piece}`).toBeGreaterThanOrEqual(0);
    return at;
  });
}

describe.each(["staging", "production"] as const)("npm run deploy -- --env %s --dry-run", (env) => {
  it("validates both Workers offline and plans provisioning, secrets, bookmark, migrations, a staged rollout, Pages and the smoke check, in that order", () => {
    const { status, out, err } = deploy("--env", env, "--dry-run", "--secrets-from", secretsFile(REQUIRED_SECRETS.pages));
    expect(err).not.toMatch(/✗/);
    expect(status).toBe(0);
    expect(out).toContain("both Workers bundle, and both configs are valid for this environment");
    const positions = order(
      out,
      `wrangler deploy --dry-run`,
      `wrangler pages functions build`,
      `d1 create truco-${env} --location enam`,
      `r2 bucket create`,
      `pages secret list`,
      `d1 time-travel info truco-${env}`,
      `d1 migrations apply DB --remote --env ${env}`,
      `versions upload`,
      `@10%`,
      `@100%`,
      `pages deploy build/client`,
      `/healthz (every check ok, build`,
    );
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(out).toContain(`npm run deploy -- --env ${env} --rollback`);
    expect(out).toMatch(/Dry run: \d+ commands planned/);
  }, 240_000);
});

describe("npm run deploy refuses", () => {
  it("an unknown environment, naming the known ones", () => {
    const { status, err, out } = deploy("--env", "prod", "--dry-run");
    expect(status).toBe(2);
    expect(err).toContain('Unknown environment "prod": it is one of staging, production.');
    expect(out).not.toContain("▸");
  });

  it("no environment at all", () => {
    const { status, err } = deploy("--dry-run");
    expect(status).toBe(2);
    expect(err).toContain("Name the environment");
  });

  it("to migrate or deploy while a required secret is missing, naming it", () => {
    const held = REQUIRED_SECRETS.pages.filter((name: string) => name !== "SESSION_SECRET");
    const { status, err, out } = deploy("--env", "staging", "--dry-run", "--secrets-from", secretsFile(held));
    expect(status).toBe(2);
    expect(err).toContain("Missing secrets for staging: SESSION_SECRET (Pages project truco-staging, preview)");
    expect(out).not.toContain("d1 migrations apply");
    expect(out).not.toContain("versions upload");
  }, 240_000);

  it("a secrets fixture outside a dry run", () => {
    const { status, err } = deploy("--env", "staging", "--secrets-from", secretsFile([]));
    expect(status).toBe(2);
    expect(err).toContain("--secrets-from is for dry runs only");
  });
});

describe("the two configs", () => {
  const pages = parse(readFileSync(path.join(ROOT, "wrangler.toml"), "utf8"));
  const room = parse(readFileSync(path.join(ROOT, "workers/game-room/wrangler.toml"), "utf8"));

  it("agree for each environment, and each environment has its own database, bucket, dataset and Worker", () => {
    const staging = environmentOf("staging", pages, room);
    const production = environmentOf("production", pages, room);
    for (const key of ["worker", "database", "bucket", "dataset", "pagesProject"] as const) {
      expect(staging[key]).not.toBe(production[key]);
    }
  });

  it("refuse a Pages app bound to another environment's Worker", () => {
    const tampered = structuredClone(pages) as { env: { preview: { durable_objects: { bindings: { script_name: string }[] } } } };
    tampered.env.preview.durable_objects.bindings[0]!.script_name = "truco-game-room-production";
    expect(() => environmentOf("staging", tampered, room)).toThrow(/binds GAME_ROOM to truco-game-room-production/);
  });

  it("keep local development at the top level, with Workers Logs on in both", () => {
    expect((pages.vars as Record<string, string>).APP_ENV).toBe("development");
    expect(pages.observability).toEqual({ enabled: true });
    expect(room.observability).toEqual({ enabled: true });
  });
});
