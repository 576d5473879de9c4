// Writing to a hibernating socket that may have gone away: its close event cleans up.

export function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // The socket went away; its close handler cleans up.
  }
}

export function close(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}
