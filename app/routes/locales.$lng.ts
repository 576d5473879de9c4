import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { LANGUAGES } from "~/i18n";
import { bundleOf } from "~/locales/index.server";

const BundleQuery = z.object({
  lng: z.enum(LANGUAGES),
  set: z.enum(["visitor", "player", "admin"]).default("player"),
  v: z.string().max(16).optional(),
});

/**
 * `GET /locales/{language}?set=visitor|player|admin&v=<hash>`: the page's texts as one JSON.
 * The same for everyone, so any cache may keep it; kept for good when `v` is the current content's
 * hash (the page links it with its hash, so a new version is a new URL), else revalidated each time.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = BundleQuery.safeParse({
    lng: params.lng,
    set: url.searchParams.get("set") ?? undefined,
    v: url.searchParams.get("v") ?? undefined,
  });
  if (!query.success) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const bundle = bundleOf(query.data.lng, query.data.set);
  const current = query.data.v === bundle.version;
  return new Response(bundle.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      ETag: `"${bundle.version}"`,
    },
  });
}
