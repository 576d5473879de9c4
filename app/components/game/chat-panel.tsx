import { useActionData } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessageView } from "../../../game/protocol/entities";
import { CHAT_EMOJIS, CHAT_MAX_LENGTH } from "../../../game/protocol/constants";
import { ChatText, EmojiImage } from "./chat-emoji";
import { Avatar } from "~/components/avatar";
import { FormNotice } from "~/components/ui/form-notice";
import { useToast } from "~/components/ui/toast";
import type { FormResult } from "~/schemas/home-forms";
import { useBrowserLayoutEffect } from "~/utils/use-browser-layout-effect";
import { useHydrated } from "~/utils/use-hydrated";
import { api } from "~/utils/api";
import { mergeChat } from "./game-logic";

/**
 * The room's chat (spec §4, §5, §9): the history comes with the page, and each new message over
 * the room's socket (`chat_message`); nothing is polled. The history is asked for once only when
 * the page came without it, and again when the socket comes back after a break (a message sent
 * meanwhile was pushed to nobody here). Counts unread messages while closed. `initial`: the
 * messages the page came with, already seen.
 */
export function useChat(gameId: string, open: boolean, userId: string, initial: ChatMessageView[] | null = null, reconnected = 0) {
  const [messages, setMessages] = useState<ChatMessageView[]>(initial ?? []);
  const [seenId, setSeenId] = useState<number | null>(() =>
    initial ? (initial.length > 0 ? Math.max(...initial.map((m) => m.id)) : 0) : null,
  );
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

  // A page without its history: read it once (what was said before is not "unread").
  const hasInitial = initial !== null;
  useEffect(() => {
    if (hasInitial) return;
    const controller = new AbortController();
    load(controller.signal)
      .then((list) => setSeenId((current) => current ?? (list && list.length > 0 ? Math.max(...list.map((m) => m.id)) : 0)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [load, hasInitial]);

  // The socket is back after a break: what was pushed meanwhile.
  useEffect(() => {
    if (reconnected === 0) return;
    const controller = new AbortController();
    load(controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [reconnected, load]);

  const lastId = messages.length > 0 ? messages[messages.length - 1].id : 0;
  useEffect(() => {
    if (open) setSeenId(lastId);
  }, [open, lastId]);

  const receive = useCallback((message: ChatMessageView) => setMessages((list) => mergeChat(list, [message])), []);

  const unread = open ? 0 : messages.filter((m) => m.id > (seenId ?? Infinity) && m.user_id !== userId).length;

  return { messages, unread, receive, reload: load, path };
}

/**
 * Opens and closes the chat: a link to the page with its chat open (`?dialog=chat`), so it works
 * before the page has hydrated and without JavaScript; once hydrated it just toggles the panel.
 */
export function ChatToggle({
  open,
  unread,
  onToggle,
  panelId,
  openHref,
  closeHref,
}: {
  open: boolean;
  unread: number;
  onToggle(): void;
  panelId: string;
  openHref: string;
  closeHref: string;
}) {
  const { t } = useTranslation();
  return (
    <a
      href={open ? closeHref : openHref}
      role="button"
      onClick={(event) => {
        event.preventDefault();
        onToggle();
      }}
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
    </a>
  );
}

export function ChatPanel({
  id,
  messages,
  onClose,
  onSent,
  path,
  formAction,
  closeHref,
  userId,
}: {
  id: string;
  messages: ChatMessageView[];
  onClose(): void;
  onSent(message: ChatMessageView | null): void;
  /** The REST route the hydrated panel posts to (JSON, the socket shows the message). */
  path: string;
  /** The page's form action, where the same form posts before hydration or without JavaScript. */
  formAction: string;
  /** The page with its chat closed (the close button's link before hydration). */
  closeHref: string;
  userId: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const hydrated = useHydrated();
  const formId = useId();
  // A refusal of a message posted without JavaScript (the page's action answered, no redirect).
  const refused = useActionData<FormResult>();
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

  // A message typed before hydration is in the field, not in `text`: read in the hydrating commit,
  // so the send button is not disabled under the player's finger.
  useBrowserLayoutEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setText(typed.slice(0, CHAT_MAX_LENGTH));
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
        <a
          href={closeHref}
          role="button"
          onClick={(event) => {
            event.preventDefault();
            onClose();
          }}
          className="grid h-10 w-10 place-items-center rounded-xl text-cream-100/80 hover:bg-white/10"
          aria-label={t("chat:close")}
        >
          <span aria-hidden>✕</span>
        </a>
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
                    <ChatText message={m.message} emojiSize={32} />
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
            // Each emoji submits the chat's form with its emoji (without JavaScript); hydrated, it sends it itself.
            <button
              key={emoji}
              type="submit"
              form={formId}
              name="emoji"
              value={emoji}
              formNoValidate
              disabled={sending}
              onClick={(event: MouseEvent) => {
                event.preventDefault();
                send(emoji, "emoji");
              }}
              aria-label={t("chat:sendEmoji", { emoji })}
              className="grid h-10 place-items-center rounded-lg hover:bg-white/10 disabled:opacity-50"
            >
              <EmojiImage emoji={emoji} size={28} decorative />
            </button>
          ))}
        </div>
        {refused && refused.intent === "chat" && !refused.ok ? <FormNotice result={refused} /> : null}
        {/* Posts to the page (it works without JavaScript); hydrated, `submit` sends it over the REST route instead. */}
        <form id={formId} method="post" action={formAction} onSubmit={submit} noValidate={hydrated} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="chat" />
          <label htmlFor={inputId} className="sr-only">
            {t("chat:messageLabel")}
          </label>
          <div className="relative flex-1">
            <input
              ref={inputRef}
              id={inputId}
              name="message"
              required
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
            // Before hydration the browser's own `required` check is in charge (a disabled button would block the post).
            disabled={hydrated && (sending || text.trim().length === 0)}
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
