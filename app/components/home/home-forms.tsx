import { useActionData, useFetcher } from "@remix-run/react";
import { FormNotice } from "~/components/ui/form-notice";
import type { FormResult } from "~/schemas/home-forms";

/**
 * The home page's forms post to the index route's action (routes/_index.tsx → home-actions.server).
 * Once hydrated each posts through its own keyed fetcher (no navigation, its own pending state);
 * before that it is a plain form, and the action's answer comes back as the page's action data.
 */
export const HOME_ACTION = "/?index";
export const HOME_FORMS = {
  lobby: "home-lobby",
  join: "home-join",
  daily: "home-daily-reward",
  purchase: "home-purchase",
  refund: "home-refund",
} as const;

/** Every home form's answer, wherever the form itself went (the daily banner hides once collected). */
export function HomeNotices() {
  const posted = useActionData<FormResult>();
  const lobby = useFetcher<FormResult>({ key: HOME_FORMS.lobby });
  const join = useFetcher<FormResult>({ key: HOME_FORMS.join });
  const daily = useFetcher<FormResult>({ key: HOME_FORMS.daily });
  const purchase = useFetcher<FormResult>({ key: HOME_FORMS.purchase });
  const refund = useFetcher<FormResult>({ key: HOME_FORMS.refund });
  return (
    <>
      {/* A join refused before hydration (a plain post) shows inside its dialog too, not twice. */}
      <FormNotice result={posted?.intent === "join" && !posted.ok ? null : posted} />
      {/* A join's refusal shows inside its dialog (join-game-dialog.tsx), not behind its backdrop. */}
      {[lobby, daily, purchase, refund].map((fetcher, index) => (
        <FormNotice key={index} result={fetcher.state === "idle" ? fetcher.data : null} />
      ))}
      <FormNotice result={join.state === "idle" && join.data?.ok ? join.data : null} />
    </>
  );
}
