import { z } from "zod";
import type { ServerMessage } from "../../../game/protocol/room";

// What the room keeps on each socket and how it writes to one.

/** Per-socket data kept across hibernation (small, serialisable), read back through this schema. */
export const AttachmentSchema = z.object({
  userId: z.string().min(1),
  windowStart: z.number(),
  frames: z.number().int().min(0),
  /** Over MAX_SOCKETS_PER_PLAYER: closed at once, and again on any frame it sends. */
  excess: z.boolean().optional(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export function errorMessage(code: string, message: string): ServerMessage {
  return { type: "error", payload: { code, message } };
}

export function send(ws: WebSocket, message: ServerMessage): void {
  sendText(ws, JSON.stringify(message));
}

export function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // The socket went away; its close handler cleans up.
  }
}

export function close(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}
