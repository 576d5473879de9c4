import { Link } from "@remix-run/react";
import { useId, useRef, type ReactNode } from "react";

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys move between tabs, the panel follows. With `hrefOf` each tab is a link
 * to its own URL (`?tab=…`), which the server renders: a tap before hydration switches tabs too;
 * `onChange` then follows the keyboard.
 */
export function Tabs({
  items,
  value,
  onChange,
  label,
  hrefOf,
}: {
  items: TabItem[];
  value: string;
  onChange(id: string): void;
  label: string;
  hrefOf?: (id: string) => string;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLElement | null>>({});
  const index = Math.max(
    0,
    items.findIndex((item) => item.id === value),
  );
  function focusAt(next: number) {
    const item = items[(next + items.length) % items.length];
    onChange(item.id);
    refs.current[item.id]?.focus();
  }
  const active = items[index];
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 rounded-2xl bg-black/25 p-1">
        {items.map((item, i) => {
          const selected = i === index;
          const common = {
            ref: (node: HTMLElement | null) => {
              refs.current[item.id] = node;
            },
            role: "tab",
            id: `${base}-tab-${item.id}`,
            "aria-selected": selected,
            "aria-controls": `${base}-panel-${item.id}`,
            tabIndex: selected ? 0 : -1,
            onKeyDown: (event: React.KeyboardEvent) => {
              if (event.key === "ArrowRight") focusAt(i + 1);
              else if (event.key === "ArrowLeft") focusAt(i - 1);
              else if (event.key === "Home") focusAt(0);
              else if (event.key === "End") focusAt(items.length - 1);
            },
            className: `grid min-h-10 min-w-0 flex-1 place-items-center rounded-xl px-2 py-1.5 text-center text-xs leading-tight font-semibold transition-colors sm:px-3 sm:text-sm ${
              selected ? "bg-gold-400 text-felt-950 shadow" : "text-cream-100/80 hover:bg-white/10"
            }`,
          } as const;
          return hrefOf ? (
            <Link key={item.id} {...common} to={hrefOf(item.id)} replace preventScrollReset>
              {item.label}
            </Link>
          ) : (
            <button key={item.id} {...common} type="button" onClick={() => onChange(item.id)}>
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${active.id}`}
        aria-labelledby={`${base}-tab-${active.id}`}
        tabIndex={0}
        className="mt-4 rounded-2xl"
      >
        {active.content}
      </div>
    </div>
  );
}
