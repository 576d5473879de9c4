import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { health } from "~/services/health.server";

/** GET /healthz: 200 when every check answers, 503 otherwise; never cached. */
export async function loader({ context }: LoaderFunctionArgs) {
  const report = await health(context.cloudflare.env, context.env.DEPLOY_ENV ?? context.env.APP_ENV);
  return Response.json(report, { status: report.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
