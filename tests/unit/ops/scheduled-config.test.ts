import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { CRONS, jobsOf } from "../../../workers/game-room/src/scheduled";

describe("the room Worker's Cron Triggers", () => {
  const config = parse(readFileSync(path.resolve(import.meta.dirname, "../../../workers/game-room/wrangler.toml"), "utf8")) as {
    triggers: { crons: string[] };
  };

  it("are the schedules the scheduled handler knows, each running at least one job", () => {
    expect([...config.triggers.crons].sort()).toEqual(Object.values(CRONS).sort());
    for (const cron of config.triggers.crons) expect(jobsOf(cron).length).toBeGreaterThan(0);
  });

  it("run every job", () => {
    expect(new Set(Object.values(CRONS).flatMap(jobsOf))).toEqual(
      new Set(["ledger_audit", "leaderboard_cuts", "retention", "daily_summary"]),
    );
  });
});
