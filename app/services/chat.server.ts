import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, sql } from "drizzle-orm";
import { chatMessages, users, type ChatMessage, type Game, type User } from "../../db/schema";
import type { ChatMessageView } from "../../game/protocol/entities";
import { CHAT_EMOJIS, CHAT_MAX_LENGTH } from "../../game/protocol/constants";
import { refusal, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { rateLimited } from "./rate-limit.server";
import { findGame, isSeated } from "./games.server";
import { room } from "./rooms.server";

export const CHAT_HISTORY = 100;
/** At most this many messages per player per game in CHAT_WINDOW_SECONDS. */
export const CHAT_BURST = 8;
export const CHAT_WINDOW_SECONDS = 10;

export type ChatProblem = "empty" | "too_long" | "bad_emoji" | "too_fast";

/** Spec §5: at most 200 characters, blank text is not sent; emoji messages are one of the 12. */
export function checkChatMessage(message: string, type: "text" | "emoji"): { text: string } | { problem: ChatProblem } {
  const text = message.trim();
  if (!text) return { problem: "empty" };
  if ([...text].length > CHAT_MAX_LENGTH) return { problem: "too_long" };
  if (type === "emoji" && !(CHAT_EMOJIS as readonly string[]).includes(text)) return { problem: "bad_emoji" };
  return { text };
}

export async function recentChat(context: AppLoadContext, gameId: string): Promise<ChatMessageView[]> {
  const rows = await context.db
    .select({ message: chatMessages, nickname: users.nickname, avatar_url: users.avatar_url })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.user_id))
    .where(eq(chatMessages.game_id, gameId))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_HISTORY);
  return rows.reverse().map(({ message, nickname, avatar_url }) => ({
    id: message.id,
    user_id: message.user_id,
    nickname: nickname ?? "Mesa de Truco",
    avatar_url: avatar_url ?? null,
    message: message.message,
    message_type: message.message_type,
    created_at: message.created_at,
  }));
}

const PROBLEMS = {
  empty: "errors:chatEmpty",
  too_long: "errors:chatTooLong",
  bad_emoji: "errors:chatBadEmoji",
  too_fast: "errors:chatTooFast",
} as const;

/**
 * A seated player's message to their table (`POST /api/games/{id}/chat`): checked, counted
 * against `chat` (a flooder is muted for a while, 429 with the wait; their game goes on), stored,
 * then pushed to the table's sockets while the table is open.
 */
async function sendChat(
  context: AppLoadContext,
  request: Request,
  user: User,
  game: Game,
  input: ChatInput,
): Promise<Outcome<ChatMessageView>> {
  const t = await serverT(request);
  const checked = checkChatMessage(input.message, input.message_type);
  if ("problem" in checked) return refusal(400, t(PROBLEMS[checked.problem]));
  const limited = await rateLimited(context, request, "chat", user);
  if (limited) return limited;
  const message = await postChat(context, game.id, user, checked.text, input.message_type);
  if (message === "too_fast") return refusal(429, t(PROBLEMS.too_fast));
  if (game.status === "waiting" || game.status === "active") await room(context, game.id).pushChat(message);
  return { ok: true, data: message };
}

/** The table's recent messages for the game page: only a player seated at it reads them, as for `GET /api/games/{id}/chat`. */
export async function chatOfPage(context: AppLoadContext, gameId: string, userId: string): Promise<ChatMessageView[] | null> {
  return (await isSeated(context, gameId, userId)) ? recentChat(context, gameId) : null;
}

export type ChatInput = { message: string; message_type: "text" | "emoji" };

/** The one check before a chat is read or written: the table exists (404) and the player sits at it (403). */
async function seatedTable(context: AppLoadContext, request: Request, user: User, gameId: string): Promise<Outcome<Game>> {
  const t = await serverT(request);
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
  return { ok: true, data: await recentChat(context, seated.data.id) };
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
 * Stores a message unless the player already sent CHAT_BURST to this table in the last
 * CHAT_WINDOW_SECONDS: the count and the insert are one statement, so messages posted at once
 * cannot all pass a count that none of them has been added to yet. (sendChat's `chat` rate limit
 * mutes a flooder first; this keeps the table's own rule true whatever happens to the limiter.)
 */
export async function postChat(
  context: AppLoadContext,
  gameId: string,
  user: User,
  text: string,
  type: "text" | "emoji",
): Promise<ChatMessageView | "too_fast"> {
  const [row] = await context.db.all<Pick<ChatMessage, "id" | "message" | "message_type" | "created_at">>(sql`
    INSERT INTO ${chatMessages} (game_id, user_id, message, message_type)
    SELECT ${gameId}, ${user.id}, ${text}, ${type}
    WHERE (
      SELECT COUNT(*) FROM ${chatMessages}
      WHERE game_id = ${gameId} AND user_id = ${user.id}
        AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${CHAT_WINDOW_SECONDS} seconds`})
    ) < ${CHAT_BURST}
    RETURNING id, message, message_type, created_at`);
  if (!row) return "too_fast";
  return {
    id: row.id,
    user_id: user.id,
    nickname: user.nickname,
    avatar_url: user.avatar_url,
    message: row.message,
    message_type: row.message_type,
    created_at: row.created_at,
  };
}
