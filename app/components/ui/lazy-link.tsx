import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef } from "react";

/**
 * A link to another page that Remix does not discover when it renders: discovering one fetches the
 * route manifest (an HTTP request for each new path), and its answer re-renders the whole page.
 * The manifest is fetched when the link is followed instead. For the header's links to other
 * pages, and for every link a socket's push can add to an open page (a live game, a friend's
 * table, a tournament game, a game to resume): an idle page makes no request (DESIGN.md §4).
 */
export const LazyLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, "discover">>(function LazyLink(props, ref) {
  return <Link ref={ref} {...props} discover="none" />;
});
