import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef } from "react";

/**
 * A link to another page that Remix does not discover at load: discovering it fetched
 * the route manifest after load, and its answer re-rendered the whole page. The manifest is
 * fetched when the link is followed instead. For the header's links to other pages.
 */
export const LazyLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, "discover">>(function LazyLink(props, ref) {
  return <Link ref={ref} {...props} discover="none" />;
});
