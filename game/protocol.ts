import { z } from "zod";

// The live protocol of DESIGN.md §6: text frames of JSON {type, payload?},
// at most 4 KB, every inbound frame parsed here before anything else.

export const MAX_FRAME_BYTES = 4096;
/** More frames than this within FLOOD_WINDOW_MS closes the socket with 1008. */
export const FLOOD_LIMIT = 50;
export const FLOOD_WINDOW_MS = 10_000;

export const PingSchema = z.object({ type: z.literal("ping"), payload: z.object({}).strict().optional() }).strict();

export const ClientMessageSchema = z.discriminatedUnion("type", [PingSchema]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; code: "too_large" | "bad_json" | "bad_message"; message: string };

export function parseClientFrame(frame: string | ArrayBuffer): ParseResult {
  if (typeof frame !== "string") return { ok: false, code: "bad_message", message: "Binary frames are not accepted" };
  if (new TextEncoder().encode(frame).length > MAX_FRAME_BYTES) {
    return { ok: false, code: "too_large", message: `Frames are limited to ${MAX_FRAME_BYTES} bytes` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, code: "bad_json", message: "Frames must be JSON" };
  }
  const result = ClientMessageSchema.safeParse(raw);
  if (!result.success) return { ok: false, code: "bad_message", message: "Unknown or malformed message" };
  return { ok: true, message: result.data };
}

export type ServerMessage =
  | { type: "pong"; payload: { at: number } }
  | { type: "error"; payload: { code: string; message: string } };
