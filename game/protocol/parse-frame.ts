import { MAX_FRAME_BYTES } from "./constants";

// Parsing a WebSocket text frame against one side's message schema, shared by the room's protocol
// (game/protocol/room.ts) and the player channel's (game/protocol/channel.ts): the same refusals, with
// the first issue's path as the reason (a bad frame is only logged, spec §8).

export type FrameParseResult<T> = { ok: true; message: T } | { ok: false; error: string };

/** The part of a zod (or zod/mini) schema this needs. */
interface FrameSchema<T> {
  safeParse(raw: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** A frame parsed with `schema`; `what` names it in the refusal when no issue says more ("not a room message"). */
export function parseFrame<T>(schema: FrameSchema<T>, frame: unknown, what: string): FrameParseResult<T> {
  if (typeof frame !== "string") return { ok: false, error: "not a text frame" };
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, error: "not JSON" };
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, error: issue ? `${issue.path.map(String).join(".") || "frame"}: ${issue.message}` : what };
  }
  return { ok: true, message: result.data };
}

/** What a player's socket sent, parsed, or the refusal the object answers (its code and text). */
export type InboundParseResult<T> =
  { ok: true; message: T } | { ok: false; code: "too_large" | "bad_json" | "bad_message"; message: string };

/**
 * A frame a player sent, parsed with `schema` (the room's and the channel's alike): text only, at
 * most MAX_FRAME_BYTES, JSON, then the schema.
 */
export function parseInboundFrame<T>(schema: FrameSchema<T>, frame: string | ArrayBuffer): InboundParseResult<T> {
  if (typeof frame !== "string") return { ok: false, code: "bad_message", message: "Binary frames are not accepted" };
  if (frame.length > MAX_FRAME_BYTES || (frame.length * 3 > MAX_FRAME_BYTES && utf8Length(frame) > MAX_FRAME_BYTES)) {
    return { ok: false, code: "too_large", message: `Frames are limited to ${MAX_FRAME_BYTES} bytes` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, code: "bad_json", message: "Frames must be JSON" };
  }
  const result = schema.safeParse(raw);
  if (!result.success) return { ok: false, code: "bad_message", message: "Unknown or malformed message" };
  return { ok: true, message: result.data };
}

/**
 * The frame's length in UTF-8 bytes, asked only when it could be over the limit: a UTF-16 code
 * unit is at most 3 bytes of UTF-8, so a frame of up to a third of the limit in code units is
 * within it without encoding it (every move, in the room's hot path).
 */
function utf8Length(frame: string): number {
  return new TextEncoder().encode(frame).length;
}
