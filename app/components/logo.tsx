/** Three fanned cards: the product mark. Decorative unless given a title. */
export function Logo({ className = "h-10 w-10", title }: { className?: string; title?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} role={title ? "img" : undefined} aria-hidden={title ? undefined : true}>
      {title ? <title>{title}</title> : null}
      <g transform="rotate(-18 32 52)">
        <rect x="18" y="10" width="26" height="38" rx="4" fill="#fbf5e6" stroke="#c9911f" strokeWidth="1.5" />
      </g>
      <g transform="rotate(14 32 52)">
        <rect x="20" y="10" width="26" height="38" rx="4" fill="#fbf5e6" stroke="#c9911f" strokeWidth="1.5" />
      </g>
      <rect x="19" y="8" width="26" height="38" rx="4" fill="#fffdf7" stroke="#eab53e" strokeWidth="2" />
      <path
        d="M32 17c-4 5-8 7.5-8 11.5a4.5 4.5 0 0 0 7.2 3.6L29.5 37h5l-1.7-4.9A4.5 4.5 0 0 0 40 28.5C40 24.5 36 22 32 17Z"
        fill="#1c1917"
      />
    </svg>
  );
}
