import { useId, useRef, type ReactNode } from "react";

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs, the panel follows. */
export function Tabs({ items, value, onChange, label }: { items: TabItem[]; value: string; onChange(id: string): void; label: string }) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
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
          return (
            <button
              key={item.id}
              ref={(node) => {
                refs.current[item.id] = node;
              }}
              role="tab"
              type="button"
              id={`${base}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.id)}
              onKeyDown={(event) => {
                if (event.key === "ArrowRight") focusAt(i + 1);
                else if (event.key === "ArrowLeft") focusAt(i - 1);
                else if (event.key === "Home") focusAt(0);
                else if (event.key === "End") focusAt(items.length - 1);
              }}
              className={`min-h-10 min-w-0 flex-1 rounded-xl px-2 py-1.5 text-xs leading-tight font-semibold transition-colors sm:px-3 sm:text-sm ${
                selected ? "bg-gold-400 text-felt-950 shadow" : "text-cream-100/80 hover:bg-white/10"
              }`}
            >
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
