import { z } from "zod";
import type { SocketCount } from "../guard";
import type { SocketHub } from "./ports";

// What the room keeps on each socket across hibernation: whose it is and its flood count
// (game/room/guard.ts). Parsed once per socket and wake-up; the count is kept current in memory and
// written back only when its window starts again, since a count lost to an eviction inside a
// window only lets that window start lower.

export const AttachmentSchema = z.object({
  userId: z.string().min(1),
  windowStart: z.number(),
  frames: z.number().int().min(0),
  /** Over MAX_SOCKETS_PER_PLAYER: closed at once, and again on any frame it sends. */
  excess: z.boolean().optional(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export class Attachments<S extends object> {
  private readonly known = new WeakMap<S, Attachment>();

  constructor(private readonly sockets: SocketHub<S>) {}

  /** A new socket's attachment, written through. */
  start(socket: S, userId: string, count: SocketCount): Attachment {
    const attachment: Attachment = { userId, ...count };
    this.sockets.writeAttachment(socket, attachment);
    this.known.set(socket, attachment);
    return attachment;
  }

  of(socket: S, now: number): Attachment {
    const known = this.known.get(socket);
    if (known) return known;
    const parsed = AttachmentSchema.safeParse(this.sockets.readAttachment(socket));
    // Without a readable attachment the socket's first tag still names the user the app verified.
    const attachment = parsed.success ? parsed.data : { userId: this.sockets.tags(socket)[0] ?? "", windowStart: now, frames: 0 };
    this.known.set(socket, attachment);
    return attachment;
  }

  /** The socket's next count; stored on the socket only when its window or its excess mark changed. */
  update(socket: S, current: Attachment, count: SocketCount): void {
    const next: Attachment = { ...current, ...count };
    this.known.set(socket, next);
    if (count.windowStart !== current.windowStart || count.excess !== current.excess) this.sockets.writeAttachment(socket, next);
  }

  /** When the socket last showed life: its last frame window or the platform's last ping answer. */
  lastActive(socket: S, now: number): number {
    return Math.max(this.sockets.lastPing(socket) ?? 0, this.of(socket, now).windowStart);
  }
}
