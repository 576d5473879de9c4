/** What an admin can do, as `admin_actions.action_type` stores it; no database code, so pages import it too. */
export const ADMIN_ACTION_TYPES = [
  "ban",
  "unban",
  "reset_coins",
  "adjust_ranking",
  "cancel_game",
  "create_tournament",
  "edit_tournament",
  "cancel_tournament",
] as const;
export type AdminActionType = (typeof ADMIN_ACTION_TYPES)[number];
