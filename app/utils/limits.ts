// Limits shared by forms (client) and schemas (server), kept free of zod so
// pages do not pull the validation library into their bundle.
export const NICKNAME_MAX = 20;
/**
 * At least 2 characters: the friend search needs 2 to look a player up (spec §9), so a shorter
 * nickname could never be found.
 */
export const NICKNAME_MIN = 2;
