import { Scripts, UNSAFE_RemixContext } from "@remix-run/react";
import { Children, Fragment, isValidElement, useContext, type ReactElement, type ReactNode } from "react";
import { AFTER_FIRST_PAINT } from "~/utils/after-first-paint";

/** A string as a script literal that cannot close the script element it sits in. */
const literal = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The code that Remix's module script runs, with the modules the page needs imported up front,
 * started after the first contentful paint: a module script inserted by a plain inline one (which carries the
 * page's nonce, so the CSP admits it) and removed again at once (it still runs; React then finds
 * no node it did not draw when it hydrates).
 */
export function startAfterFirstPaint(modules: readonly string[], code: string): string {
  const imports = modules.map((href) => `import ${JSON.stringify(href)};`).join("");
  return (
    `(function(nonce){${AFTER_FIRST_PAINT}afterFirstPaint(function(){` +
    'var s=document.createElement("script");s.type="module";s.nonce=nonce;' +
    `s.textContent=${literal(imports + code)};document.head.appendChild(s);s.remove()` +
    "})})(document.currentScript.nonce)"
  );
}

/** Remix's elements, out of their fragments. */
function flatten(node: ReactNode): ReactElement[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement(child)) return [];
    if (child.type === Fragment) return flatten((child.props as { children?: ReactNode }).children);
    return [child];
  });
}

/**
 * Remix's `<Scripts>`, with the page's code asked for after the first contentful paint rather than
 * while the HTML is parsed (ADR 161).
 *
 * Remix lists every module of the page as a `modulepreload` link and imports the route modules from
 * an inline module script: the browser fetches all of them while it parses the document, so they
 * download beside the HTML (on a phone's slow network, sharing its bandwidth), and Lighthouse's
 * simulation charges the page's largest paint with every request that finished before it, which
 * the local modules always have. The page is drawn by the server and its links and forms work
 * before any script runs (ADR 131), so the code comes second: the same links are not drawn, and the
 * same module code, with one `import` per module (but the entry, which Remix imports last) so that
 * they are fetched in parallel as the links did, starts after the first contentful paint. The
 * context script (the loader data, the single fetch stream) stays as Remix writes it. In
 * development, or should Remix's elements ever lack their module script, they are kept as they are.
 *
 * Remix's component is called as a function here, so its hooks are this component's hooks, in the
 * same order on every render; it draws nothing after hydration, and neither does this.
 */
export function PaintFirstScripts(props: Parameters<typeof Scripts>[0]) {
  const entry = useContext(UNSAFE_RemixContext)?.manifest.entry.module;
  const scripts = Scripts(props);
  if (!scripts || import.meta.env.DEV) return scripts;
  const elements = flatten(scripts);
  const modules: string[] = [];
  const kept: ReactElement[] = [];
  let started = false;
  for (const element of elements) {
    const p = element.props as { rel?: string; href?: string; type?: string; dangerouslySetInnerHTML?: { __html?: string } };
    if (element.type === "link" && p.rel === "modulepreload" && p.href) {
      // The entry is imported last by Remix's code, once the route modules are in place: importing it
      // up front would run it first.
      if (p.href !== entry && !modules.includes(p.href)) modules.push(p.href);
    } else if (element.type === "script" && p.type === "module") {
      const code = String(p.dangerouslySetInnerHTML?.__html ?? "");
      started = true;
      kept.push(
        <script
          key={element.key}
          nonce={props?.nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: startAfterFirstPaint(modules, code) }}
        />,
      );
    } else {
      kept.push(element);
    }
  }
  return started ? <>{kept}</> : scripts;
}
