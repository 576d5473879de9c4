// When a socket that dropped tries again: exponential backoff with full jitter, from 1 s up to 30 s.
// A deploy restarts every Durable Object at once, and every open page loses its sockets at the
// same moment; random delays spread their reconnects (and the reads each one costs) over time
// instead of bringing them all back in the same second.

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0 for the first), given a random number in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}
