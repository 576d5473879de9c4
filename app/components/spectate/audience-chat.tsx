import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessageView } from "../../../game/protocol/entities";
import { SPECTATOR_CHAT_MAX } from "../../../game/protocol/constants";
import { Avatar } from "~/components/avatar";

/**
 * The audience's chat, apart from the table's: spectators write in it (`onSend`); players only
 * read it, and may hide it (`onHide`).
 */
export function AudienceChat({
  messages,
  onSend,
  refused = 0,
  onHide,
}: {
  messages: ChatMessageView[];
  onSend?: (text: string) => boolean;
  /** Messages the relay refused for going too fast (a new one shows the notice). */
  refused?: number;
  onHide?: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState("");
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value || !onSend) return;
    if (onSend(value)) setText("");
  }

  return (
    <section className="felt-panel flex flex-col gap-2 p-3" aria-label={t("spectate:chat.title")} data-testid="audience-chat">
      <header className="flex items-center justify-between gap-2">
        <h2 className="font-display text-base font-bold text-cream-50">{t("spectate:chat.title")}</h2>
        {onHide ? (
          <button
            type="button"
            onClick={onHide}
            className="text-xs font-semibold text-gold-300 underline-offset-2 hover:underline"
            data-testid="audience-hide"
          >
            {t("spectate:chat.hide")}
          </button>
        ) : null}
      </header>
      <ol ref={list} className="flex max-h-56 min-h-[3rem] flex-col gap-1.5 overflow-y-auto pr-1 text-sm" aria-live="polite">
        {messages.length === 0 ? <li className="text-cream-100/60">{t("spectate:chat.empty")}</li> : null}
        {messages.map((m) => (
          <li key={`${m.id}-${m.created_at}`} className="flex items-start gap-2" data-testid="audience-message">
            <Avatar name={m.nickname} url={m.avatar_url} seed={m.user_id ?? m.nickname} size={22} />
            <p className="min-w-0 break-words text-cream-50">
              <span className="font-semibold text-gold-300">{m.nickname}</span> {m.message}
            </p>
          </li>
        ))}
      </ol>
      {onSend ? (
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            {t("spectate:chat.label")}
          </label>
          <input
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={SPECTATOR_CHAT_MAX}
            placeholder={t("spectate:chat.placeholder")}
            className="min-w-0 flex-1 rounded-xl border border-white/15 bg-felt-950/70 px-3 py-2 text-sm text-cream-50 placeholder:text-cream-100/50"
            data-testid="audience-input"
          />
          <button type="submit" className="rounded-xl bg-gold-400 px-3 py-2 text-sm font-bold text-felt-950" data-testid="audience-send">
            {t("spectate:chat.send")}
          </button>
        </form>
      ) : (
        <p className="text-xs text-cream-100/60">{t("spectate:chat.playersNote")}</p>
      )}
      {refused > 0 ? (
        <p key={refused} role="status" className="text-xs text-red-200">
          {t("spectate:chat.tooFast")}
        </p>
      ) : null}
    </section>
  );
}

/** "N assistindo": how many watch, for players and spectators alike. */
export function WatchersBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full bg-felt-950/70 px-2.5 py-1 text-xs font-semibold text-cream-50 ring-1 ring-white/15"
      data-testid="watchers"
      data-count={count}
    >
      <EyeIcon />
      {t("spectate:watchers", { count })}
    </span>
  );
}

function EyeIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-3.5 w-3.5 fill-none stroke-current" strokeWidth={2}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
