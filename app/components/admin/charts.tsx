/**
 * A small bar chart of a daily series, in plain SVG: no chart library, so the admin
 * route's JavaScript stays small and the landing and home bundles never see it.
 */
export function DailyBars({
  title,
  points,
  format,
  testId,
}: {
  title: string;
  points: { day: string; value: number }[];
  format: (value: number) => string;
  testId?: string;
}) {
  const width = 300;
  const height = 90;
  const max = Math.max(1, ...points.map((p) => p.value));
  const step = width / Math.max(1, points.length);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const last = points.at(-1);
  return (
    <figure className="rounded-2xl border border-cream-100/10 bg-black/25 p-4" data-testid={testId}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-cream-100">{title}</span>
        <span className="text-xs text-cream-100/60">
          30 days: {format(total)}
          {last ? ` · today ${format(last.value)}` : ""}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-3 h-24 w-full" role="img" aria-label={`${title}, last 30 days`}>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} className="stroke-cream-100/20" strokeWidth="1" />
        {points.map((p, i) => {
          const h = p.value === 0 ? 0 : Math.max(2, (p.value / max) * (height - 4));
          return (
            <rect key={p.day} x={i * step + step * 0.15} y={height - h} width={step * 0.7} height={h} rx="1.5" className="fill-gold-400">
              <title>{`${p.day}: ${format(p.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-[10px] text-cream-100/50">
        <span>{points[0]?.day.slice(5)}</span>
        <span>{last?.day.slice(5)}</span>
      </div>
    </figure>
  );
}
