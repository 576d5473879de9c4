/**
 * The browser side of the REST API of spec §7: same-origin, cookies sent,
 * JSON in and out. A failure carries the server's `error` field when it has
 * one, so callers can show it or their own fallback text (spec §8).
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string | null };

export async function api<T = unknown>(
  path: string,
  init: { method?: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers:
        init.body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
    const payload = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (!response.ok) {
      const error = payload && typeof payload.error === "string" ? payload.error : null;
      return { ok: false, status: response.status, error };
    }
    return { ok: true, data: payload as T };
  } catch (error) {
    if ((error as Error)?.name === "AbortError") throw error;
    return { ok: false, status: 0, error: null };
  }
}
