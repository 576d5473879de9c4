// Vector art for the cards: French suits (Paulista, Mineiro, International) and Spanish suits
// (Argentino, Gaúcho: espadas, bastos, oros, copas). Every shape is drawn in a -50..50 box around
// the origin and placed with `at(x, y, size)`, so one drawing serves pips, corners and courts.
import { useId, type ReactNode } from "react";
import type { Card } from "../../../game/truco/index";

type Suit = Card["suit"];

export const SUIT_COLOR: Record<"french" | "spanish", Record<Suit, string>> = {
  french: { hearts: "#c62d2d", diamonds: "#c62d2d", clubs: "#1c1917", spades: "#1c1917" },
  // oros gold, copas red, espadas blue, bastos green: the traditional Spanish deck colours,
  // darkened where they are text on cream so the corner index stays legible.
  spanish: { diamonds: "#a86a12", hearts: "#b91c1c", spades: "#1d4ed8", clubs: "#2f6b2a" },
};

export function at(x: number, y: number, size: number, rotate = 0): string {
  return `translate(${x} ${y}) scale(${size / 100})${rotate ? ` rotate(${rotate})` : ""}`;
}

// ---------------------------------------------------------------- French suits

const HEART = "M0 45C-12 30-46 10-46-15C-46-34-32-44-20-44C-9-44-3-37 0-29C3-37 9-44 20-44C32-44 46-34 46-15C46 10 12 30 0 45Z";
const DIAMOND = "M0-48Q14-22 36 0Q14 22 0 48Q-14 22-36 0Q-14-22 0-48Z";
const SPADE =
  "M0-46C10-30 46-14 46 10C46 27 34 35 22 35C13 35 7 31 4 25C5 34 9 41 17 46H-17C-9 41-5 34-4 25C-7 31-13 35-22 35C-34 35-46 27-46 10C-46-14-10-30 0-46Z";
const CLUB = "M0-46A20 20 0 0 1 16.5-14.6A20 20 0 1 1 5 24C6 34 10 41 17 46H-17C-10 41-6 34-5 24A20 20 0 1 1-16.5-14.6A20 20 0 0 1 0-46Z";

function FrenchSuit({ suit, transform }: { suit: Suit; transform: string }) {
  const d = suit === "hearts" ? HEART : suit === "diamonds" ? DIAMOND : suit === "spades" ? SPADE : CLUB;
  return <path d={d} transform={transform} fill={SUIT_COLOR.french[suit]} />;
}

// ---------------------------------------------------------------- Spanish suits

function Oros({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <circle r="46" fill="#e9b53b" stroke="#8a5a0f" strokeWidth="4" />
      <circle r="36" fill="none" stroke="#8a5a0f" strokeWidth="2.5" strokeDasharray="5 4" />
      <circle r="25" fill="#f8d779" stroke="#8a5a0f" strokeWidth="3" />
      <path d="M0-16L4.5-5.5 16 0 4.5 5.5 0 16-4.5 5.5-16 0-4.5-5.5Z" fill="#b7791f" />
    </g>
  );
}

function Copas({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <path d="M-34-36H34C34-8 19 6 0 8C-19 6-34-8-34-36Z" fill="#c62d2d" stroke="#7f1d1d" strokeWidth="3" />
      <ellipse cy="-37" rx="35" ry="7" fill="#f0c24b" stroke="#8a5a0f" strokeWidth="3" />
      <path d="M-6 8H6L8 32H-8Z" fill="#e9b53b" stroke="#8a5a0f" strokeWidth="2.5" />
      <circle cy="19" r="7" fill="#f0c24b" stroke="#8a5a0f" strokeWidth="2.5" />
      <path d="M-26 46C-22 36-11 31 0 31C11 31 22 36 26 46Z" fill="#e9b53b" stroke="#8a5a0f" strokeWidth="3" />
    </g>
  );
}

function Espadas({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <path d="M0-52L11-38 9 14H-9L-11-38Z" fill="#c9d6ea" stroke="#1e3a8a" strokeWidth="3.5" strokeLinejoin="round" />
      <path d="M0-40V10" stroke="#1e3a8a" strokeWidth="2.5" />
      <path
        d="M-32 13C-22 10-12 14 0 14C12 14 22 10 32 13L29 24C20 21 11 25 0 25C-11 25-20 21-29 24Z"
        fill="#1d4ed8"
        stroke="#1e3a8a"
        strokeWidth="3"
      />
      <rect x="-7" y="25" width="14" height="15" rx="2.5" fill="#1e3a8a" />
      <circle cy="44" r="7.5" fill="#1d4ed8" stroke="#1e3a8a" strokeWidth="2.5" />
    </g>
  );
}

function Bastos({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <path
        d="M-6 48C-9 30-10 10-14-8C-18-26-18-40-8-46C2-51 16-46 17-32C18-18 12 4 8 22C6 32 6 40 6 48Z"
        fill="#9a6432"
        stroke="#4a2c12"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <ellipse cx="-13" cy="-6" rx="5" ry="3.5" fill="#6d4220" />
      <ellipse cx="13" cy="-20" rx="5" ry="3.5" fill="#6d4220" />
      <ellipse cx="9" cy="14" rx="4.5" ry="3" fill="#6d4220" />
      <path d="M-14-30C-30-34-38-28-42-18C-30-18-20-22-14-30Z" fill="#3f8a34" stroke="#1f4d1a" strokeWidth="2" />
      <path d="M15-8C30-10 38-2 40 8C28 8 19 2 15-8Z" fill="#3f8a34" stroke="#1f4d1a" strokeWidth="2" />
    </g>
  );
}

export function SuitShape({ suit, spanish, transform }: { suit: Suit; spanish: boolean; transform: string }) {
  if (!spanish) return <FrenchSuit suit={suit} transform={transform} />;
  if (suit === "diamonds") return <Oros transform={transform} />;
  if (suit === "hearts") return <Copas transform={transform} />;
  if (suit === "spades") return <Espadas transform={transform} />;
  return <Bastos transform={transform} />;
}

// ---------------------------------------------------------------- court emblems

function Crown({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <path d="M-42 20L-46-24-22 0 0-34 22 0 46-24 42 20Z" fill="#f0c24b" stroke="#8a5a0f" strokeWidth="4" strokeLinejoin="round" />
      <rect x="-42" y="20" width="84" height="14" rx="3" fill="#e9b53b" stroke="#8a5a0f" strokeWidth="4" />
      <circle cx="0" cy="27" r="4.5" fill="#c62d2d" />
      <circle cx="-24" cy="27" r="4" fill="#1d4ed8" />
      <circle cx="24" cy="27" r="4" fill="#1d4ed8" />
      <circle cx="-46" cy="-26" r="5" fill="#f0c24b" stroke="#8a5a0f" strokeWidth="3" />
      <circle cx="0" cy="-37" r="5" fill="#f0c24b" stroke="#8a5a0f" strokeWidth="3" />
      <circle cx="46" cy="-26" r="5" fill="#f0c24b" stroke="#8a5a0f" strokeWidth="3" />
    </g>
  );
}

function Tiara({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <path d="M-44 26C-36-8-18-18 0-18C18-18 36-8 44 26Z" fill="#f0c24b" stroke="#8a5a0f" strokeWidth="4" strokeLinejoin="round" />
      <path d="M-30 26C-26 6-14 0 0 0C14 0 26 6 30 26" fill="none" stroke="#8a5a0f" strokeWidth="3" />
      {[-36, -18, 0, 18, 36].map((x, i) => (
        <circle key={x} cx={x} cy={i === 2 ? -28 : i === 1 || i === 3 ? -20 : -4} r="6" fill="#fffdf7" stroke="#8a5a0f" strokeWidth="3" />
      ))}
      <circle cx="0" cy="10" r="6" fill="#c62d2d" />
    </g>
  );
}

function Plume({ transform, color }: { transform: string; color: string }) {
  return (
    <g transform={transform}>
      <path d="M8 4C14-22 32-40 48-46C42-26 30-8 18 6Z" fill="#f0c24b" stroke="#8a5a0f" strokeWidth="3" strokeLinejoin="round" />
      <path d="M-40 30C-40 2-22-10 0-10C22-10 40 2 40 30Z" fill={color} stroke="#1c1917" strokeWidth="3.5" strokeLinejoin="round" />
      <rect x="-46" y="26" width="92" height="10" rx="5" fill="#f0c24b" stroke="#8a5a0f" strokeWidth="3" />
    </g>
  );
}

function Horse({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <path
        d="M-26 46H28L24 22C36 6 36-20 20-34L16-48 6-38C-8-38-22-28-32-10L-40 2-32 12-18 4C-14 12-20 20-26 28Z"
        fill="#8a5a2b"
        stroke="#3b2410"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M16-34C26-20 26 0 18 16" fill="none" stroke="#3b2410" strokeWidth="6" strokeLinecap="round" />
      <circle cx="-6" cy="-20" r="4.5" fill="#1c1917" />
    </g>
  );
}

// ---------------------------------------------------------------- faces

/** Pip positions (0..1 inside the pip area) for 1 to 7. */
const PIPS: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [
    [0.5, 0],
    [0.5, 1],
  ],
  3: [
    [0.5, 0],
    [0.5, 0.5],
    [0.5, 1],
  ],
  4: [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ],
  5: [
    [0, 0],
    [1, 0],
    [0.5, 0.5],
    [0, 1],
    [1, 1],
  ],
  6: [
    [0, 0],
    [1, 0],
    [0, 0.5],
    [1, 0.5],
    [0, 1],
    [1, 1],
  ],
  7: [
    [0, 0],
    [1, 0],
    [0.5, 0.25],
    [0, 0.5],
    [1, 0.5],
    [0, 1],
    [1, 1],
  ],
};

const FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

function Corner({ index, suit, spanish, color }: { index: string; suit: Suit; spanish: boolean; color: string }) {
  const wide = index.length > 1;
  return (
    <g>
      <text
        x="15"
        y="27"
        textAnchor="middle"
        fontFamily={FONT}
        fontWeight="800"
        fontSize={wide ? 21 : 25}
        letterSpacing={wide ? -1.5 : 0}
        fill={color}
      >
        {index}
      </text>
      <SuitShape suit={suit} spanish={spanish} transform={at(15, 41, spanish ? 15 : 13)} />
    </g>
  );
}

/** The centre of a face: pips for 1-7, a court panel for the figures. */
function CardCentre({ card, spanish, color }: { card: Card; spanish: boolean; color: string }) {
  const court = card.rank === "J" || card.rank === "Q" || card.rank === "K";
  if (court) {
    const emblem: ReactNode =
      card.rank === "K" ? (
        <Crown transform={at(50, 52, 36)} />
      ) : card.rank === "Q" ? (
        spanish ? (
          <Plume transform={at(50, 52, 36)} color={color} />
        ) : (
          <Tiara transform={at(50, 52, 36)} />
        )
      ) : spanish ? (
        <Horse transform={at(50, 52, 34)} />
      ) : (
        <Plume transform={at(50, 52, 36)} color={color} />
      );
    return (
      <g>
        <rect x="25" y="31" width="50" height="78" rx="5" fill={spanish ? "#fbf1d6" : "#fdf6e3"} stroke={color} strokeWidth="1.6" />
        <rect x="28.5" y="34.5" width="43" height="71" rx="3" fill="none" stroke={color} strokeOpacity="0.35" strokeWidth="1" />
        {emblem}
        <SuitShape suit={card.suit} spanish={spanish} transform={at(50, 86, spanish ? 30 : 26)} />
      </g>
    );
  }
  const n = card.rank === "A" ? 1 : Number(card.rank);
  if (n === 1) {
    const tall = spanish && (card.suit === "spades" || card.suit === "clubs");
    return <SuitShape suit={card.suit} spanish={spanish} transform={at(50, 70, tall ? 72 : spanish ? 58 : 46)} />;
  }
  const size = (spanish ? 25 : 22) - (n >= 6 ? 3 : 0);
  const [x0, x1, y0, y1] = [34, 66, 40, 100];
  return (
    <g>
      {PIPS[n].map(([px, py], i) => (
        <SuitShape
          key={i}
          suit={card.suit}
          spanish={spanish}
          transform={at(x0 + (x1 - x0) * px, y0 + (y1 - y0) * py, size, !spanish && py > 0.5 ? 180 : 0)}
        />
      ))}
    </g>
  );
}

/** "Pausas": the breaks in a Spanish card's frame tell its suit (none oros, 1 copas, 2 espadas, 3 bastos). */
function SpanishFrame({ suit, color }: { suit: Suit; color: string }) {
  const breaks = suit === "diamonds" ? 0 : suit === "hearts" ? 1 : suit === "spades" ? 2 : 3;
  const gaps = Array.from({ length: breaks }, (_, i) => 44 + i * 6 - (breaks - 1) * 3);
  return (
    <g>
      <rect x="5" y="5" width="90" height="130" rx="5" fill="none" stroke={color} strokeWidth="1.6" />
      {gaps.map((x) => (
        <g key={x}>
          <rect x={x} y="3.5" width="3.2" height="3" fill="#fffdf7" />
          <rect x={x} y="133.5" width="3.2" height="3" fill="#fffdf7" />
        </g>
      ))}
    </g>
  );
}

export function CardFaceArt({ card, spanish, index }: { card: Card; spanish: boolean; index: string }) {
  const color = SUIT_COLOR[spanish ? "spanish" : "french"][card.suit];
  const cornerId = `cc${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  return (
    <g>
      <rect x="0.75" y="0.75" width="98.5" height="138.5" rx="8" fill="#fffdf7" stroke="#cdbb8f" strokeWidth="1.5" />
      {spanish ? <SpanishFrame suit={card.suit} color={color} /> : null}
      <CardCentre card={card} spanish={spanish} color={color} />
      <g id={cornerId}>
        <Corner index={index} suit={card.suit} spanish={spanish} color={color} />
      </g>
      {/* The opposite corner is a copy (<use>), not a second text: the card's visible text is its index
          once ("K"), which the hand's buttons start their names with (label-content-name-mismatch). */}
      <use href={`#${cornerId}`} transform="rotate(180 50 70)" />
    </g>
  );
}

export function CardBackArt({ clipId }: { clipId: string }) {
  const lines: string[] = [];
  for (let k = -140; k <= 140; k += 11) {
    lines.push(`M${k} 0L${k + 140} 140`, `M${k + 140} 0L${k} 140`);
  }
  return (
    <g>
      <defs>
        <clipPath id={clipId}>
          <rect x="7" y="7" width="86" height="126" rx="5" />
        </clipPath>
      </defs>
      <rect x="0.75" y="0.75" width="98.5" height="138.5" rx="8" fill="#7a1f24" stroke="#3f0d10" strokeWidth="1.5" />
      <rect x="7" y="7" width="86" height="126" rx="5" fill="#8e262c" />
      <path d={lines.join("")} clipPath={`url(#${clipId})`} stroke="#f6cf6b" strokeOpacity="0.28" strokeWidth="1.6" />
      <rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="#f6cf6b" strokeWidth="2" />
      <rect x="11" y="11" width="78" height="118" rx="3.5" fill="none" stroke="#f6cf6b" strokeOpacity="0.55" strokeWidth="1" />
      <circle cx="50" cy="70" r="18" fill="#5e1418" stroke="#f6cf6b" strokeWidth="2" />
      <path d={SPADE} transform={at(50, 69, 20)} fill="#f6cf6b" />
    </g>
  );
}
