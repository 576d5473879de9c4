import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessageView } from "../../../game/entities";
import { CHAT_EMOJIS, CHAT_MAX_LENGTH } from "../../../game/protocol-constants";
import { Avatar } from "~/components/avatar";
import { useToast } from "~/components/ui/toast";
import { api } from "~/utils/api";
import { mergeChat } from "./game-logic";

export const CHAT_POLL_MS = 3_000;

/**
 * The room's chat (spec §4, §5, §9): loaded once, polled every 3 s while the panel is open, and
 * fed by the socket's `chat_message` frames when connected. Counts unread messages while closed.
 */
export function useChat(gameId: string, open: boolean, userId: string) {
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [seenId, setSeenId] = useState<number | null>(null);
  const path = `/api/games/${encodeURIComponent(gameId)}/chat`;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const result = await api<ChatMessageView[]>(path, { signal });
      if (result.ok && Array.isArray(result.data)) {
        setMessages((list) => mergeChat(list, result.data));
        return result.data;
      }
      if (!result.ok) console.warn("chat failed to load", result.status);
      return null;
    },
    [path],
  );

  // First load: what was said before is not "unread".
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then((list) => setSeenId((current) => current ?? (list && list.length > 0 ? Math.max(...list.map((m) => m.id)) : 0)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    load(controller.signal).catch(() => undefined);
    const timer = setInterval(() => load(controller.signal).catch(() => undefined), CHAT_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [open, load]);

  const lastId = messages.length > 0 ? messages[messages.length - 1].id : 0;
  useEffect(() => {
    if (open) setSeenId(lastId);
  }, [open, lastId]);

  const receive = useCallback((message: ChatMessageView) => setMessages((list) => mergeChat(list, [message])), []);

  const unread = open ? 0 : messages.filter((m) => m.id > (seenId ?? Infinity) && m.user_id !== userId).length;

  return { messages, unread, receive, reload: load, path };
}

export function ChatToggle({ open, unread, onToggle, panelId }: { open: boolean; unread: number; onToggle(): void; panelId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={panelId}
      aria-label={`${open ? t("chat:close") : t("chat:open")}${unread > 0 ? ` (${t("chat:unread", { count: unread })})` : ""}`}
      className={`relative grid h-10 w-10 shrink-0 place-items-center rounded-xl border ${open ? "border-gold-400/60 bg-gold-400/15 text-gold-300" : "border-white/15 bg-white/5 text-cream-50 hover:bg-white/10"}`}
      data-testid="chat-toggle"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M4 5h16v11H9l-5 4V5Z" strokeLinejoin="round" />
      </svg>
      {unread > 0 ? (
        <span
          className="absolute -right-1.5 -top-1.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-500 px-1 text-[11px] font-bold text-white"
          data-testid="chat-unread"
          aria-hidden
        >
          {unread > 9 ? "9+" : unread}
        </span>
      ) : null}
    </button>
  );
}

export function ChatPanel({
  id,
  messages,
  onClose,
  onSent,
  path,
  userId,
}: {
  id: string;
  messages: ChatMessageView[];
  onClose(): void;
  onSent(message: ChatMessageView | null): void;
  path: string;
  userId: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const titleId = useId();

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  async function send(message: string, type: "text" | "emoji") {
    if (sending) return;
    setSending(true);
    const result = await api<ChatMessageView | { message?: ChatMessageView }>(path, {
      method: "POST",
      body: { message, message_type: type },
    });
    setSending(false);
    if (!result.ok) {
      toast.error(result.error ?? t("chat:sendError"));
      return false;
    }
    const data = result.data as (ChatMessageView & { message?: unknown }) | { message?: ChatMessageView } | null;
    const sent =
      data && typeof (data as ChatMessageView).id === "number"
        ? (data as ChatMessageView)
        : data && typeof data.message === "object"
          ? (data.message as ChatMessageView)
          : null;
    onSent(sent);
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    // Spec §5: blank text is not sent.
    if (!trimmed) return;
    if (await send(trimmed.slice(0, CHAT_MAX_LENGTH), "text")) setText("");
  }

  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-40 flex max-h-[72dvh] flex-col rounded-t-3xl border border-white/15 bg-felt-900/98 shadow-2xl shadow-black/60 backdrop-blur lg:static lg:z-auto lg:max-h-[32rem] lg:rounded-2xl"
      data-testid="chat-panel"
    >
      <div className="flex items-center gap-2 border-b border-white/10 px-4 py-2">
        <h2 id={titleId} className="flex-1 font-display text-base font-bold text-cream-50">
          {t("chat:title")}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="grid h-10 w-10 place-items-center rounded-xl text-cream-100/80 hover:bg-white/10"
          aria-label={t("chat:close")}
        >
          <span aria-hidden>✕</span>
        </button>
      </div>
      {/* The log is the scrolling box; the list inside keeps its list semantics (an <ol> with role=log loses them). */}
      <div
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-label={t("chat:log")}
        className="flex min-h-40 flex-1 flex-col overflow-y-auto px-3 py-3"
        data-testid="chat-messages"
      >
        <ol className="flex flex-1 flex-col gap-2">
          {messages.length === 0 ? <li className="m-auto text-sm text-cream-100/60">{t("chat:empty")}</li> : null}
          {messages.map((m) => {
            const mine = m.user_id !== null && m.user_id === userId;
            if (m.message_type === "system") {
              return (
                <li key={m.id} className="self-center rounded-full bg-black/25 px-3 py-1 text-xs italic text-cream-100/70">
                  {m.message}
                </li>
              );
            }
            return (
              <li
                key={m.id}
                className={`flex max-w-[85%] items-end gap-2 ${mine ? "flex-row-reverse self-end" : "self-start"}`}
                data-testid="chat-message"
              >
                <Avatar name={m.nickname} url={m.avatar_url} seed={m.user_id ?? m.nickname} size={26} />
                <div className={`min-w-0 rounded-2xl px-3 py-1.5 ${mine ? "rounded-br-md bg-gold-400/20" : "rounded-bl-md bg-black/30"}`}>
                  <p className={`truncate text-[11px] font-bold ${mine ? "text-gold-300" : "text-sky-200"}`}>
                    {mine ? t("chat:you") : m.nickname}
                  </p>
                  <p
                    className={`whitespace-pre-wrap break-words text-cream-50 ${m.message_type === "emoji" ? "text-3xl leading-tight" : "text-sm"}`}
                  >
                    {m.message}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      <div className="border-t border-white/10 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-2">
        <div role="group" aria-label={t("chat:emojiPicker")} className="mb-2 grid grid-cols-6 gap-1" data-testid="emoji-picker">
          {CHAT_EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              disabled={sending}
              onClick={() => send(emoji, "emoji")}
              aria-label={t("chat:sendEmoji", { emoji })}
              className="grid h-10 place-items-center rounded-lg text-2xl hover:bg-white/10 disabled:opacity-50"
            >
              {emoji}
            </button>
          ))}
        </div>
        <form onSubmit={submit} className="flex items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            {t("chat:messageLabel")}
          </label>
          <div className="relative flex-1">
            <input
              ref={inputRef}
              id={inputId}
              value={text}
              onChange={(event) => setText(event.target.value.slice(0, CHAT_MAX_LENGTH))}
              maxLength={CHAT_MAX_LENGTH}
              placeholder={t("chat:placeholder")}
              autoComplete="off"
              enterKeyHint="send"
              className="h-11 w-full rounded-xl border border-white/15 bg-black/30 pl-3 pr-14 text-sm text-cream-50 placeholder:text-cream-100/40 focus:border-gold-400 focus:outline-none"
              data-testid="chat-input"
            />
            <span
              className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 text-[10px] tabular-nums text-cream-100/50"
              aria-hidden
            >
              {t("chat:counter", { count: text.length, max: CHAT_MAX_LENGTH })}
            </span>
          </div>
          <button
            type="submit"
            disabled={sending || text.trim().length === 0}
            className="h-11 rounded-xl bg-gradient-to-b from-gold-400 to-gold-500 px-4 text-sm font-bold text-felt-950 disabled:opacity-50"
            data-testid="chat-send"
          >
            {t("chat:send")}
          </button>
        </form>
      </div>
    </section>
  );
}
