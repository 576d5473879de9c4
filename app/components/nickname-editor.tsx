import { Link, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import type { FormResult } from "~/schemas/home-forms";
import { NICKNAME_MAX, NICKNAME_MIN } from "~/utils/limits";
import { withParam } from "~/utils/ui-params";
import { PencilIcon } from "./icons";
import { FormNotice } from "~/components/ui/form-notice";
import { Button, buttonClasses } from "~/components/ui/button";

/**
 * Inline nickname edit (spec §4, §5): view → edit → save or cancel. Editing is a link
 * (`?edit=nickname`) and saving a form posted to the profile's action, so both work before the
 * page has hydrated. Empty or unchanged just ends the edit; the value is sent trimmed.
 */
export function NicknameEditor({ nickname }: { nickname: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<FormResult>({ key: "profile-nickname" });
  const inputId = useId();
  const editing = new URLSearchParams(location.search).get("edit") === "nickname";
  const viewHref = withParam(location.search, "edit", null);
  const saving = fetcher.state !== "idle";
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;

  // Saved (or nothing to save): back to the view; the loaders bring the new nickname.
  useEffect(() => {
    if (answered?.ok && editing) navigate(viewHref, { replace: true, preventScrollReset: true });
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered]);

  if (!editing) {
    return (
      <div className="flex items-center justify-center gap-2 sm:justify-start">
        <h1 className="truncate font-display text-2xl font-bold text-cream-50 sm:text-3xl" data-testid="profile-nickname">
          {nickname}
        </h1>
        <Link
          to={withParam(location.search, "edit", "nickname")}
          replace
          preventScrollReset
          className={buttonClasses("ghost", "sm")}
          aria-label={t("profile:editNickname")}
          title={t("profile:editNickname")}
        >
          <PencilIcon />
        </Link>
      </div>
    );
  }

  return (
    <>
      <fetcher.Form method="post" action="/profile" className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
        <input type="hidden" name="intent" value="nickname" />
        <label htmlFor={inputId} className="sr-only">
          {t("profile:nicknameLabel")}
        </label>
        <input
          id={inputId}
          name="nickname"
          defaultValue={nickname}
          maxLength={NICKNAME_MAX}
          minLength={NICKNAME_MIN}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- editing is asking to type: the field takes the focus.
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={(event) => {
            if (event.key === "Escape") navigate(viewHref, { replace: true, preventScrollReset: true });
          }}
          className="min-h-11 w-56 rounded-xl border border-gold-400/50 bg-black/30 px-3 text-lg font-semibold text-cream-50"
          autoComplete="nickname"
        />
        <Button type="submit" disabled={saving}>
          {t("common:save")}
        </Button>
        <Link to={viewHref} replace preventScrollReset className={buttonClasses("secondary")} aria-disabled={saving || undefined}>
          {t("common:cancel")}
        </Link>
      </fetcher.Form>
      <FormNotice result={answered && !answered.ok ? answered : null} />
    </>
  );
}
