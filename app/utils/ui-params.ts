// Search parameters that only open a part of the page (a dialog, a tab, an edit mode), so a
// link can open it before the page has hydrated and the server renders it open.

export const DIALOG_PARAM = "dialog";
/** The game room's chat panel and its waiting room's "Sair da sala?", opened by their links. */
export const CHAT_DIALOG = "chat";
export const LEAVE_DIALOG = "leave";
/** The game room's "Desistir da partida?", opened by its link. */
export const CONCEDE_DIALOG = "concede";
export const UI_PARAMS = ["dialog", "tab", "edit"] as const;

/** The URL `search` of `current` with `name` set to `value` (or removed when null). */
export function withParam(current: string, name: string, value: string | null): string {
  const params = new URLSearchParams(current);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : "?";
}

/** True when two URLs differ only in the UI parameters above: nothing the loaders read changed. */
export function onlyUiParamsChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname || current.href === next.href) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of UI_PARAMS) params.delete(name);
    params.sort();
    return params.toString();
  };
  return strip(current) === strip(next);
}
