import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { HomeFormSchema, houseRulesFromForm, type FormResult } from "~/schemas/home-forms";
import { variantCookie } from "~/utils/variant";
import { requireUser } from "./auth.server";
import { coinCheckoutFor, premiumCheckoutFor } from "./checkout.server";
import { claimDailyRewardFor } from "./daily-reward.server";
import { readFormBody, refusal, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { createGameFor, joinGameByCode, sitAtOpenTable } from "./lobby.server";
import { enterQueueFor } from "./matchmaking.server";
import { refundRefusal, refundRequestFor } from "./refunds.server";

/** The page's answer: the text next to the control, with the refusal's status. */
function answer(intent: string, outcome: Outcome<unknown>, message?: string) {
  const result: FormResult = outcome.ok ? { intent, ok: true, message: message ?? "" } : { intent, ok: false, message: outcome.error };
  return data(result, { status: outcome.ok ? 200 : outcome.status });
}

/**
 * The home page's form action: every control of the lobby, the header and the dialogs
 * posts here, whether the page has hydrated (a fetcher) or not (a plain form). It runs the same
 * services as the REST API; a success that leads somewhere (a table, a checkout page) redirects,
 * and everything else answers a FormResult the page shows.
 */
export async function homeAction(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  const form = await readFormBody(request, HomeFormSchema, {
    refusal: (error, raw, t) => {
      const intent = (raw as { intent?: unknown }).intent;
      if (intent === "join") return t("errors:gameNotFound");
      if (intent === "refund") return refundRefusal(error, raw, t);
      return undefined;
    },
  });
  if (!form.ok) return answer("form", form);
  const input = form.data;
  const t = await serverT(request);
  const secure = new URL(request.url).protocol === "https:";
  // Each service counts its own rate limit: the same counter as the REST route's.
  switch (input.intent) {
    case "play": {
      const room = input.table === "room";
      const table = room ? input.room_table : input.table;
      const [mode, type] = table.split(":") as ["casual" | "ranked" | "bots", "1v1" | "2v2"];
      const vsComputer = mode === "bots";
      if (!room && !vsComputer) {
        // Quick match: the casual and ranked buttons queue; the waiting page takes over.
        const queued = await enterQueueFor(context, request, user, { variant: input.truco_variant, type, mode });
        if (!queued.ok) return answer(input.intent, queued);
        const to = queued.data.state === "matched" ? `/game/${queued.data.game_id}` : "/match";
        return redirect(to, { headers: { "Set-Cookie": variantCookie(input.truco_variant, secure) } });
      }
      const houseRules = room ? houseRulesFromForm(input) : { ok: true as const, rules: {} };
      if (!houseRules.ok) return answer(input.intent, refusal(400, t("errors:houseRules", { detail: houseRules.error })));
      const created = await createGameFor(context, request, user, {
        game_type: type,
        game_mode: vsComputer ? "casual" : mode,
        truco_variant: input.truco_variant,
        ...(vsComputer ? { vs_computer: true, bot_level: input.bot_level ?? "normal" } : {}),
        ...(room && input.premium_only ? { premium_only: true } : {}),
        ...(room && input.visibility === "public" ? { is_public: true } : {}),
        ...(Object.keys(houseRules.rules).length ? { house_rules: houseRules.rules } : {}),
      });
      if (!created.ok) return answer(input.intent, created);
      // Remembers the variant chosen, also when it was chosen before the page hydrated.
      return redirect(`/game/${created.data.id}`, { headers: { "Set-Cookie": variantCookie(input.truco_variant, secure) } });
    }
    case "sit": {
      // An open table on the home page: one tap takes the seat.
      const seated = await sitAtOpenTable(context, request, user, input.game_id);
      if (!seated.ok) return answer(input.intent, seated);
      return redirect(`/game/${seated.data.game_id}`);
    }
    case "join": {
      const joined = await joinGameByCode(context, request, user, input.game_code);
      if (!joined.ok) return answer(input.intent, joined);
      return redirect(`/game/${joined.data.game_id}`);
    }
    case "daily-reward": {
      const claimed = await claimDailyRewardFor(context.db, request, user);
      return answer(
        input.intent,
        claimed,
        claimed.ok ? t("payments:dailySuccess", { count: claimed.data.coins_awarded, day: claimed.data.streak_day }) : undefined,
      );
    }
    case "buy-coins":
    case "buy-premium": {
      const checkout =
        input.intent === "buy-coins"
          ? await coinCheckoutFor(context, request, user, { pack_id: input.pack_id })
          : await premiumCheckoutFor(context, request, user, { plan_type: input.plan_type });
      if (!checkout.ok) return answer(input.intent, checkout);
      // The provider's hosted checkout page (another origin: the browser leaves the app).
      return redirect(checkout.data.session_url);
    }
    case "refund": {
      const refunded = await refundRequestFor(context, request, user.id, input);
      return answer(input.intent, refunded, refunded.ok ? t("payments:refundSuccess", { count: refunded.data.refund_amount }) : undefined);
    }
  }
}
