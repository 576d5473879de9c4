import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageStyles, PageStylesContext } from "../../app/components/page-styles";

// The page's stylesheet in its head (ADR 141): written verbatim by the server, so the first paint
// needs nothing else; nothing at all where no sheet is provided (development links it instead).

describe("the page's styles", () => {
  it("writes the sheet the server provides, byte for byte, child selectors and quotes included", () => {
    const css = `.a>.b{color:red}.c[data-x="y"]::after{content:"»"}@media (min-width:40rem){.d{gap:1rem}}`;
    const html = renderToString(createElement(PageStylesContext.Provider, { value: css }, createElement(PageStyles)));
    expect(html).toBe(`<style id="page-styles">${css}</style>`);
  });

  it("draws nothing without a sheet", () => {
    expect(renderToString(createElement(PageStyles))).toBe("");
  });
});
