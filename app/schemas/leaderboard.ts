import { z } from "zod";
import { LEADERBOARD_PERIODS } from "../../game/leaderboard";

// The query strings of the leaderboard (spec §7): GET /api/leaderboard?period=all|monthly|weekly
// (Geral when absent), the /leaderboard page's tabs, and a player id whose public card to open.

export const LeaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS).default("all"),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/** A user id as the app makes them (a UUID) or the seed's demo ids: short, no separators of paths. */
export const PlayerIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
