import { z } from "zod";
import { VariantSchema } from "../../game/protocol/engine-schemas";
import { GameTypeSchema } from "../../game/protocol/entities";
import { ADMIN_REASON_MAX } from "./admin";

// The admin's tournament bodies: a JSON body or the fields of the dashboard's forms.

const int = (min: number, max: number) =>
  z.preprocess((raw) => (typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw), z.number().int().min(min).max(max));

/** An instant in the future, as ISO-8601 or a `datetime-local` value (read as UTC). */
const Start = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((raw) => (/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`))
  .refine((raw) => !Number.isNaN(Date.parse(raw)), "Invalid start time")
  .transform((raw) => new Date(Date.parse(raw)).toISOString());

export const AdminTournamentSchema = z
  .object({
    name: z.string().trim().min(3).max(80),
    description: z
      .string()
      .trim()
      .max(300)
      .optional()
      .transform((v) => v || null),
    game_type: GameTypeSchema,
    truco_variant: VariantSchema,
    entry_cost: int(0, 100_000),
    guaranteed_prize: int(0, 1_000_000).default(0),
    max_participants: int(4, 64),
    min_participants: int(2, 64).default(4),
    start_time: Start,
    reason: z.string().trim().max(ADMIN_REASON_MAX).default(""),
  })
  .refine((t) => t.min_participants <= t.max_participants, {
    message: "min_participants above max_participants",
    path: ["min_participants"],
  });
export type AdminTournamentInput = z.infer<typeof AdminTournamentSchema>;

export const AdminTournamentCancelSchema = z.object({ reason: z.string().trim().max(ADMIN_REASON_MAX).default("") });
