import { z } from "zod";

// Bodies and queries of the admin calls (spec §7). Values are bounded integers: a reset
// cannot mint more than a whale's balance, an adjustment cannot put a player off the scale.

export const ADMIN_COINS_MAX = 10_000_000;
export const ADMIN_POINTS_MAX = 100_000;
export const ADMIN_REASON_MAX = 500;
export const ADMIN_PAGE_SIZE = 20;

const Id = z.string().trim().min(1).max(64);
const Reason = z
  .string()
  .max(ADMIN_REASON_MAX)
  .transform((value) => value.trim())
  .default("");
/** The numeric field: a JSON number, or the text of a form field. */
const Value = (max: number) =>
  z.preprocess((raw) => (typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw), z.number().int().min(0).max(max));

export const AdminActionSchema = z.discriminatedUnion("action_type", [
  z.object({ action_type: z.literal("ban"), target_user_id: Id, reason: Reason, value: z.unknown().optional() }),
  z.object({ action_type: z.literal("unban"), target_user_id: Id, reason: Reason, value: z.unknown().optional() }),
  z.object({ action_type: z.literal("reset_coins"), target_user_id: Id, reason: Reason, value: Value(ADMIN_COINS_MAX) }),
  z.object({ action_type: z.literal("adjust_ranking"), target_user_id: Id, reason: Reason, value: Value(ADMIN_POINTS_MAX) }),
  z.object({ action_type: z.literal("cancel_game"), target_game_id: Id, reason: Reason, value: z.unknown().optional() }),
]);
export type AdminActionInput = z.infer<typeof AdminActionSchema>;

const Page = z.preprocess((raw) => (raw === undefined || raw === "" ? 1 : Number(raw)), z.number().int().min(1).max(10_000));

export const AdminUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(""),
  page: Page,
});

export const AdminPageQuerySchema = z.object({ page: Page });

export const AdminTransactionsQuerySchema = z.object({
  /** A nickname or e-mail fragment. */
  player: z.string().trim().max(100).optional().default(""),
  type: z.string().trim().max(32).optional().default(""),
  from: z
    .union([z.literal(""), z.iso.date()])
    .optional()
    .default(""),
  to: z
    .union([z.literal(""), z.iso.date()])
    .optional()
    .default(""),
  page: Page,
});
export type AdminTransactionsQuery = z.infer<typeof AdminTransactionsQuerySchema>;

export const AdminGamesQuerySchema = z.object({
  status: z.enum(["", "waiting", "active", "completed", "cancelled"]).optional().default(""),
  page: Page,
});
export type AdminGamesQuery = z.infer<typeof AdminGamesQuerySchema>;
