import { redirect } from "@remix-run/cloudflare";

/** Any path not in the route table of spec §2 goes to `/`. */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
