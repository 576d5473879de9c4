import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";

/**
 * The page's modules, asked for at low priority, after the stylesheet.
 *
 * Remix's `<Scripts>` lists the same modules as `modulepreload` links at the end of the body, where
 * Chromium fetches them at high priority: a signed-in page's modules then download and parse
 * (on the same worker threads that rasterise) while the first frame is being drawn, and the first
 * paint waits for them. The page is drawn by the server and its links and forms work without
 * JavaScript, so the code can come second. Listed here first (in the head, after
 * `<Links />`) with `fetchpriority="low"`, each module is requested once, at low priority; the
 * later links of `<Scripts>` find it already on its way. The list is the one `<Scripts>` builds
 * (the entry, its imports, each matched route's imports and module), taken once, as the page was
 * drawn, so server and client draw the same links.
 */
export function ModulePreloads() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [hrefs] = useState(() => {
    if (!remix) return [];
    const { manifest } = remix;
    const routes = matches.flatMap((match) => {
      const route = manifest.routes[match.id];
      return route ? [...(route.imports ?? []), route.module] : [];
    });
    return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routes])];
  });
  return (
    <>
      {hrefs.map((href) => (
        // React 18 has no `fetchPriority` prop: the lower-case attribute is passed through as is.
        <link key={href} rel="modulepreload" href={href} {...{ fetchpriority: "low" }} />
      ))}
    </>
  );
}
