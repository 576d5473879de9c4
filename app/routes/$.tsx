import { data, type MetaFunction } from "@remix-run/cloudflare";
import { NotFoundPage } from "~/components/not-found";

export const meta: MetaFunction = () => [{ title: "Mesa de Truco" }, { name: "robots", content: "noindex" }];

/**
 * Any path not in the route table: a 404 with the same page for visitors and players (a link that
 * names nothing says so, rather than landing somewhere else without a word).
 */
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
