import { useState } from "react";

const PALETTE = ["#b45309", "#0f766e", "#7c3aed", "#be123c", "#1d4ed8", "#4d7c0f", "#a21caf", "#c2410c"];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const letters = words.length === 1 ? [...words[0]].slice(0, 2) : [[...words[0]][0], [...words[words.length - 1]][0]];
  return letters.join("").toUpperCase();
}

function colorFor(seed: string): string {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/** The user's picture, or generated initials when there is none (or it fails). */
export function Avatar({
  name,
  url,
  seed,
  size = 40,
  premium = false,
  label,
}: {
  name: string;
  url?: string | null;
  seed?: string;
  size?: number;
  premium?: boolean;
  label?: string;
}) {
  const [broken, setBroken] = useState(false);
  const ring = premium ? "ring-2 ring-gold-400 ring-offset-2 ring-offset-felt-900" : "ring-1 ring-white/20";
  const style = { width: size, height: size };
  if (url && !broken) {
    return (
      <img
        src={url}
        alt={label ?? ""}
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className={`shrink-0 rounded-full object-cover ${ring}`}
        style={style}
      />
    );
  }
  return (
    <span
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full font-bold text-white ${ring}`}
      style={{ ...style, backgroundColor: colorFor(seed ?? name), fontSize: Math.round(size * 0.4) }}
    >
      {initialsOf(name)}
    </span>
  );
}
