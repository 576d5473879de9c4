// Opening a bench WebSocket with a deadline, shared by the players' client (client.ts) and the
// spectators' audience thread (audience-worker.ts). Node's WebSocket (undici) takes request
// headers; a browser would send the cookie and Origin itself.

/** The server never answered the handshake in time (the socket was closed): worth another try. */
export class HungHandshake extends Error {
  constructor(timeoutMs: number) {
    super(`WebSocket: no answer in ${timeoutMs / 1000} s`);
  }
}

/**
 * Opens a socket to `url` with `headers` and answers it once open; rejects with HungHandshake when
 * it is not open after `timeoutMs`, or with an Error naming the close code when the server refused
 * it. `prepare` runs on the new socket before anything can arrive (to listen for its first frames).
 */
export function openSocket(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  prepare?: (ws: WebSocket) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers } as unknown as string[]);
    prepare?.(ws);
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      try {
        ws.close();
      } catch {
        // Not open yet.
      }
      reject(new HungHandshake(timeoutMs));
    }, timeoutMs);
    ws.addEventListener("open", () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(ws);
    });
    ws.addEventListener("close", (event) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`WebSocket refused (close ${event.code})`));
    });
  });
}
