import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AdminActionSchema, AdminPageQuerySchema } from "~/schemas/admin";
import { adminApi } from "~/services/admin-api.server";
import { listActions, performAction } from "~/services/admin.server";
import { answerOf, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/**
 * GET ?page= → { actions, total, page, page_size }: the audit log, newest first, with the admin.
 * POST { action_type, target_user_id, reason, value } → 201 { id }; a refusal is a 4xx { error }.
 */
function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return adminApi(request, context, {
    GET: async () => {
      const query = AdminPageQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return jsonError(400, (await serverT(request))("errors:invalidBody"));
      return jsonOk(await listActions(context.db, query.data));
    },
    POST: async (admin) => {
      const input = await parseJsonBody(request, AdminActionSchema);
      const outcome = await performAction(request, context, admin, input);
      return outcome.ok ? jsonOk({ id: outcome.id }, { status: 201 }) : answerOf(outcome);
    },
  });
}

export const loader = handle;
export const action = handle;
