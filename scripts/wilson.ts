/**
 * Wilson score interval (95%) of `wins` out of `n`: sound near 0% and 100%, where the normal
 * approximation is not. Shared by the benches that print win rates (bench-engine, bench-outside).
 */
export function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}
