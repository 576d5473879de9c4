import type { CHAT_EMOJIS } from "../../../game/protocol/constants";
import grinning from "~/assets/emoji/1f600.svg?no-inline";
import joy from "~/assets/emoji/1f602.svg?no-inline";
import sunglasses from "~/assets/emoji/1f60e.svg?no-inline";
import rage from "~/assets/emoji/1f621.svg?no-inline";
import sob from "~/assets/emoji/1f62d.svg?no-inline";
import thinking from "~/assets/emoji/1f914.svg?no-inline";
import clap from "~/assets/emoji/1f44f.svg?no-inline";
import thumbsUp from "~/assets/emoji/1f44d.svg?no-inline";
import thumbsDown from "~/assets/emoji/1f44e.svg?no-inline";
import fire from "~/assets/emoji/1f525.svg?no-inline";
import clover from "~/assets/emoji/1f340.svg?no-inline";
import joker from "~/assets/emoji/1f0cf.svg?no-inline";

// The chat's 12 emoji are drawn from bundled images (Twemoji, CC BY 4.0: README's credits), not from
// the device's font: many phones and desktops lack a colour-emoji font, or draw some of these as
// empty boxes. The message itself stays the emoji's text (the spec's chat call and the record).

export type ChatEmoji = (typeof CHAT_EMOJIS)[number];

const SOURCES: Record<ChatEmoji, string> = {
  "😀": grinning,
  "😂": joy,
  "😎": sunglasses,
  "😡": rage,
  "😭": sob,
  "🤔": thinking,
  "👏": clap,
  "👍": thumbsUp,
  "👎": thumbsDown,
  "🔥": fire,
  "🍀": clover,
  "🃏": joker,
};

export function isChatEmoji(text: string): text is ChatEmoji {
  return Object.hasOwn(SOURCES, text);
}

/**
 * One of the chat's emoji as an image of `size` pixels. `alt` is the emoji itself (read out by screen
 * readers) unless the control around it is labelled already (`decorative`).
 */
export function EmojiImage({ emoji, size, decorative = false }: { emoji: ChatEmoji; size: number; decorative?: boolean }) {
  return (
    <img
      src={SOURCES[emoji]}
      alt={decorative ? "" : emoji}
      width={size}
      height={size}
      draggable={false}
      className="inline-block select-none align-middle"
    />
  );
}

/** A chat message's text: one of the 12 emoji is drawn as its image, anything else as text. */
export function ChatText({ message, emojiSize }: { message: string; emojiSize: number }) {
  return isChatEmoji(message) ? <EmojiImage emoji={message} size={emojiSize} /> : <>{message}</>;
}
