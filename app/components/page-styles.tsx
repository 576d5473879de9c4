import { createContext, useContext, useState } from "react";

/**
 * The page's stylesheet, in the head of every HTML response (docs/decisions/141-styles-in-the-head-and-replay-work-on-demand.md).
 *
 * A `<link rel="stylesheet">` holds the first paint until a second request has come back: on a
 * phone on a slow network that is a round trip and the sheet's download after the HTML's. The
 * sheet is small (about 13 KB with brotli), so the server writes it into the head instead
 * (entry.server.tsx provides its text) and the page paints as soon as its HTML is here, fully
 * styled. The client does not carry the text in its JavaScript: it hydrates the element with the
 * text the server wrote, read from the document once.
 */
export const PageStylesContext = createContext<string | null>(null);

const ID = "page-styles";

export function PageStyles() {
  const fromServer = useContext(PageStylesContext);
  const [css] = useState(() => fromServer ?? (typeof document === "undefined" ? "" : (document.getElementById(ID)?.textContent ?? "")));
  // Development links the sheet instead (root.tsx), so that Vite can replace it as it changes.
  if (!css) return null;
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
