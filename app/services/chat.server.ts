import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Game, User } from "../../db/schema";
import { readGameRecord } from "../../db/game-records";
import { recentMessages } from "../../game/room/chat";
import type { ChatMessageView } from "../../game/protocol/entities";
import { CHAT_EMOJIS, CHAT_MAX_LENGTH } from "../../game/protocol/constants";
import { refusal, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { rateLimited } from "./rate-limit.server";
import { findGame, isSeated } from "./games.server";
import { room, seatAtRoom } from "./rooms.server";

export type ChatProblem = "empty" | "too_long" | "bad_emoji" | "too_fast";

/** Spec §5: at most 200 characters, blank text is not sent; emoji messages are one of the 12. */
export function checkChatMessage(message: string, type: "text" | "emoji"): { text: string } | { problem: ChatProblem } {
  const text = message.trim();
  if (!text) return { problem: "empty" };
  if ([...text].length > CHAT_MAX_LENGTH) return { problem: "too_long" };
  if (type === "emoji" && !(CHAT_EMOJIS as readonly string[]).includes(text)) return { problem: "bad_emoji" };
  return { text };
}

/**
 * The table's recent messages, oldest first: from its room while the game is open, from its
 * record in R2 once it ended (the room still answers for a game whose record is not written yet).
 */
export async function recentChat(context: AppLoadContext, game: Pick<Game, "id" | "status">): Promise<ChatMessageView[]> {
  if (game.status !== "waiting" && game.status !== "active") {
    const record = await readGameRecord(context.cloudflare.env.GAME_RECORDS, game.id);
    if (record) return recentMessages(record.chat);
  }
  return (await room(context, game.id).recentChat()) ?? [];
}

const PROBLEMS = {
  empty: "errors:chatEmpty",
  too_long: "errors:chatTooLong",
  bad_emoji: "errors:chatBadEmoji",
  too_fast: "errors:chatTooFast",
} as const;

/**
 * A seated player's message to their table (`POST /api/games/{id}/chat`): checked, counted
 * against `chat` (a flooder is muted for a while, 429 with the wait; their game goes on), then
 * handed to the table's room, which applies the table's own burst rule, keeps it and pushes it to
 * the table's sockets.
 */
async function sendChat(
  context: AppLoadContext,
  request: Request,
  user: User,
  game: Pick<Game, "id">,
  input: ChatInput,
): Promise<Outcome<ChatMessageView>> {
  const t = await serverT(request);
  const checked = checkChatMessage(input.message, input.message_type);
  if ("problem" in checked) return refusal(400, t(PROBLEMS[checked.problem]));
  const limited = await rateLimited(context, request, "chat", user);
  if (limited) return limited;
  const posted = await postChat(context, game.id, user, checked.text, input.message_type);
  if (posted === "too_fast") return refusal(429, t(PROBLEMS.too_fast));
  if (posted === "not_found") return refusal(404, t("errors:gameNotFound"));
  return { ok: true, data: posted };
}

/** The table's recent messages for the game page: only a player seated at it reads them, as for `GET /api/games/{id}/chat`. */
export async function chatOfPage(
  context: AppLoadContext,
  game: Pick<Game, "id" | "status">,
  seated: boolean,
): Promise<ChatMessageView[] | null> {
  return seated ? recentChat(context, game) : null;
}

export type ChatInput = { message: string; message_type: "text" | "emoji" };

/**
 * The one check before a chat is read or written: the table exists (404) and the player sits at it
 * (403). The table's room answers while it exists; D1 only for a game without one.
 */
async function seatedTable(
  context: AppLoadContext,
  request: Request,
  user: User,
  gameId: string,
): Promise<Outcome<Pick<Game, "id" | "status">>> {
  const t = await serverT(request);
  const place = await seatAtRoom(context, gameId, user.id);
  if (place) return place.seated ? { ok: true, data: { id: gameId, status: place.status } } : refusal(403, t("errors:notSeated"));
  const game = await findGame(context, gameId);
  if (!game) return refusal(404, t("errors:gameNotFound"));
  if (!(await isSeated(context, game.id, user.id))) return refusal(403, t("errors:notSeated"));
  return { ok: true, data: game };
}

/** `GET /api/games/{id}/chat`: the table's recent messages, oldest first, for a player seated at it. */
export async function recentChatAt(
  context: AppLoadContext,
  request: Request,
  user: User,
  gameId: string,
): Promise<Outcome<ChatMessageView[]>> {
  const seated = await seatedTable(context, request, user, gameId);
  if (!seated.ok) return seated;
  return { ok: true, data: await recentChat(context, seated.data) };
}

/**
 * A message to a table, from `POST /api/games/{id}/chat` or the game page's form (it works without
 * JavaScript): the table must exist and the player sit at it; then `sendChat`. The message is read
 * only after the seat check (`readInput` may throw the route's 400), so a non-player is refused
 * with 403 whatever they sent.
 */
export async function sendChatAt(
  context: AppLoadContext,
  request: Request,
  user: User,
  gameId: string,
  readInput: () => ChatInput | Promise<ChatInput>,
): Promise<Outcome<ChatMessageView>> {
  const seated = await seatedTable(context, request, user, gameId);
  if (!seated.ok) return seated;
  return sendChat(context, request, user, seated.data, await readInput());
}

/**
 * Hands a checked message to the table's room, which stores it unless the player already sent
 * CHAT_BURST to this table in the last CHAT_WINDOW_MS (game/room/chat.ts). `sendChat`'s `chat`
 * rate limit mutes a flooder first; the room keeps the table's own rule true whatever happens to
 * the limiter.
 */
export async function postChat(
  context: AppLoadContext,
  gameId: string,
  user: User,
  text: string,
  type: "text" | "emoji",
): Promise<ChatMessageView | "too_fast" | "not_found"> {
  const posted = await room(context, gameId).postChat({
    sender: { userId: user.id, nickname: user.nickname, avatarUrl: user.avatar_url },
    text,
    type,
  });
  return posted.ok ? posted.message : posted.error;
}
