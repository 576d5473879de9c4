// Limits shared by forms (client) and schemas (server), kept free of zod so
// pages do not pull the validation library into their bundle.
export const NICKNAME_MAX = 20;
