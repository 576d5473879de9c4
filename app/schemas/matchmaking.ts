import { z } from "zod";
import { VariantSchema } from "../../game/protocol/engine-schemas";
import { GameTypeSchema } from "../../game/protocol/entities";
import { QueueModeSchema } from "../../game/matchmaking/pairing";

/** `POST /api/matchmaking`: the queue to enter (spec §3 names). */
export const EnterQueueSchema = z.object({ truco_variant: VariantSchema, game_type: GameTypeSchema, game_mode: QueueModeSchema }).strict();
export type EnterQueue = z.infer<typeof EnterQueueSchema>;
