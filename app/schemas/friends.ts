import { z } from "zod";
import { VariantSchema } from "../../game/protocol/engine-schemas";
import { SEARCH_MAX_LENGTH } from "../../game/channel/friends";

// Request bodies and query strings of the friends API (spec §7), for the app's routes
// and the /friends page's forms (one schema per form, used by the action).

const Id = z.string().trim().min(1).max(64);

/** POST /api/friends/request. */
export const FriendRequestBodySchema = z.object({ user_id: Id }).strict();

/** The request id of POST /api/friends/{id}/cancel. */
export const RequestIdParamSchema = Id;

/** POST /api/friends/{id}/cancel's answer. */
export const CancelAnswerSchema = z.object({ id: z.string(), status: z.literal("cancelled") }).strict();

/** GET /api/users/search?q= (the minimum length is checked by the route, with its own error). */
export const SearchQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH * 4)
    .default(""),
});

/**
 * POST /api/friends/{id}/invite: to the inviter's waiting room (game_id), or to a new casual 1v1
 * of the chosen variant.
 */
export const InviteBodySchema = z.union([z.object({ game_id: Id }).strict(), z.object({ truco_variant: VariantSchema }).strict()]);
export type InviteBody = z.infer<typeof InviteBodySchema>;

/** The profile's "appear offline" switch (a form: "true" / "false"). */
export const AppearOfflineFormSchema = z.object({ appear_offline: z.enum(["true", "false"]).transform((value) => value === "true") });

/** The /friends page's forms: one intent each. */
export const FriendsFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request"), user_id: Id }),
  z.object({ intent: z.literal("accept"), request_id: Id }),
  z.object({ intent: z.literal("decline"), request_id: Id }),
  z.object({ intent: z.literal("cancel"), request_id: Id }),
  z.object({ intent: z.literal("remove"), friend_id: Id }),
  z.object({ intent: z.literal("invite"), friend_id: Id, game_id: Id.optional(), truco_variant: z.optional(VariantSchema) }),
]);
export type FriendsForm = z.infer<typeof FriendsFormSchema>;
