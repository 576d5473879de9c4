import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AdminUsersQuerySchema } from "~/schemas/admin";
import { adminApi } from "~/services/admin-api.server";
import { listUsers } from "~/services/admin.server";
import { jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/** GET ?q=&page= → { users, total, page, page_size }: search by nickname or e-mail, newest first. */
function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return adminApi(request, context, {
    GET: async () => {
      const query = AdminUsersQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return jsonError(400, (await serverT(request))("errors:invalidBody"));
      return jsonOk(await listUsers(context.db, query.data));
    },
  });
}

export const loader = handle;
export const action = handle;
