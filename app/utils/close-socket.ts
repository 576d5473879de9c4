/**
 * Closes a page's WebSocket when the page no longer needs it. One still connecting is closed as soon
 * as it opens: closing it mid-handshake makes the browser log "WebSocket is closed before the
 * connection is established", and the server has usually accepted it by then anyway.
 */
export function closeSocket(socket: WebSocket | null | undefined, code: number, reason: string) {
  if (!socket) return;
  if (socket.readyState === WebSocket.CONNECTING) socket.addEventListener("open", () => socket.close(code, reason), { once: true });
  else if (socket.readyState === WebSocket.OPEN) socket.close(code, reason);
}
