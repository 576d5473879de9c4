import { Link, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, RefundIcon, SpinnerIcon } from "~/components/icons";
import { Button, buttonClasses } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/modal";
import { HOME_ACTION, HOME_FORMS } from "~/components/home/home-forms";
import type { loader as homeLoader } from "~/routes/_index";
import type { FormResult } from "~/schemas/home-forms";
import { useBrowserLayoutEffect } from "~/utils/use-browser-layout-effect";
import { useHydrated } from "~/utils/use-hydrated";
import { formatDateTime } from "~/utils/format";
import { REFUND_REASON_MAX, REFUND_REASON_MIN } from "~/utils/refunds";

/**
 * The refund modal of spec §2: pick one of the player's recent eligible games
 * (cancelled, entry paid and not returned, last 7 days), describe the problem
 * in 10 to 500 characters (spec §5, with a length/500 counter), and send
 * {game_session_id, reason}. On success the coins are back at once. It belongs
 * to the URL (`?dialog=refund`): the home loader lists the games and the form
 * posts to the home action, so it works before hydration too (the
 * browser's own validation until then, the spec's messages after).
 */
export function RefundModal({ open, closeTo }: { open: boolean; closeTo: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { refundGames: games } = useLoaderData<typeof homeLoader>();
  const fetcher = useFetcher<FormResult>({ key: HOME_FORMS.refund });
  const [gameId, setGameId] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [showError, setShowError] = useState(false);
  const submitting = fetcher.state !== "idle";
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const reasonId = useId();
  const counterId = useId();
  const errorId = useId();
  const legendId = useId();
  const close = () => navigate(closeTo, { replace: true, preventScrollReset: true });

  // What was chosen or typed before hydration is in the form already: read in the hydrating commit.
  const readForm = () => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    const chosen = data.get("game_session_id");
    setGameId(typeof chosen === "string" ? chosen : null);
    setReason(String(data.get("reason") ?? ""));
  };
  useBrowserLayoutEffect(() => {
    if (open) readForm();
    else setShowError(false);
  }, [open, games]);

  // Approved: the dialog closes (the answer shows as a notice; the loaders reload the balance).
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answered?.ok && open) close();
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered]);

  const length = reason.trim().length;
  const reasonError =
    length < REFUND_REASON_MIN ? t("payments:refundReasonTooShort") : length > REFUND_REASON_MAX ? t("payments:refundReasonTooLong") : null;

  function submit(event: FormEvent) {
    if (submitting || !gameId) {
      event.preventDefault();
      return;
    }
    if (reasonError) {
      event.preventDefault();
      setShowError(true);
      reasonRef.current?.focus();
    }
  }

  const hasGames = Boolean(games && games.length > 0);
  return (
    <Modal
      open={open}
      onClose={close}
      closeTo={closeTo}
      title={t("payments:refundTitle")}
      description={t("payments:refundIntro")}
      testId="refund-modal"
      footer={
        <ModalActions>
          <Link to={closeTo} replace preventScrollReset className={buttonClasses("secondary")}>
            {t("common:cancel")}
          </Link>
          {hasGames ? (
            <Button type="submit" form={formId} disabled={hydrated && (!gameId || submitting)} aria-busy={submitting}>
              {submitting ? t("payments:refundSubmitting") : t("payments:refundSubmit")}
            </Button>
          ) : null}
        </ModalActions>
      }
    >
      {games === null ? (
        <p className="flex items-center gap-2 py-6 text-cream-100/80" role="status">
          <SpinnerIcon /> {t("payments:refundLoading")}
        </p>
      ) : !hasGames ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl bg-black/20 px-4 py-8 text-center">
          <RefundIcon className="h-8 w-8 text-cream-100/50" />
          <p className="font-semibold text-cream-50">{t("payments:refundNoGames")}</p>
          <p className="max-w-sm text-sm text-cream-100/70">{t("payments:refundNoGamesText")}</p>
        </div>
      ) : (
        <fetcher.Form
          method="post"
          action={HOME_ACTION}
          id={formId}
          ref={formRef}
          onSubmit={submit}
          onChange={readForm}
          noValidate={hydrated}
          className="flex flex-col gap-5"
        >
          <input type="hidden" name="intent" value="refund" />
          <fieldset>
            <legend id={legendId} className="mb-2 text-sm font-semibold text-cream-100/85">
              {t("payments:refundGameLabel")}
            </legend>
            <div className="flex flex-col gap-2">
              {games!.map((game) => {
                return (
                  <label
                    key={game.game_id}
                    data-testid={`refund-game-${game.game_code}`}
                    className="group relative flex cursor-pointer items-center gap-3 rounded-xl border-2 border-white/10 bg-black/20 p-3 hover:border-white/25 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-400/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400"
                  >
                    <input
                      type="radio"
                      name="game_session_id"
                      value={game.game_id}
                      defaultChecked={games!.length === 1}
                      required
                      className="sr-only"
                    />
                    <span
                      aria-hidden
                      className="grid h-5 w-5 shrink-0 place-items-center rounded-full border-2 border-cream-100/40 group-has-[:checked]:border-gold-400 group-has-[:checked]:bg-gold-400 group-has-[:checked]:text-felt-950"
                    >
                      <CheckIcon className="hidden h-3 w-3 group-has-[:checked]:block" />
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                        <span className="font-semibold text-cream-50">{t("payments:refundGameCode", { code: game.game_code })}</span>
                        <span className="text-sm font-semibold text-gold-300">{t("payments:refundEntry", { count: game.entry_paid })}</span>
                      </span>
                      <span className="text-xs text-cream-100/70">
                        {t(`payments:gameTypes.${game.game_type}`)} · {t(`payments:gameModes.${game.game_mode}`)} ·{" "}
                        {formatDateTime(game.ended_at, i18n.language)}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          <div className="flex flex-col gap-1.5">
            <label htmlFor={reasonId} className="text-sm font-semibold text-cream-100/85">
              {t("payments:refundReasonLabel")}
            </label>
            <textarea
              ref={reasonRef}
              id={reasonId}
              name="reason"
              rows={4}
              maxLength={REFUND_REASON_MAX}
              required
              minLength={REFUND_REASON_MIN}
              onBlur={() => {
                if (length > 0 && reasonError) setShowError(true);
              }}
              placeholder={t("payments:refundReasonPlaceholder")}
              aria-invalid={showError && Boolean(reasonError)}
              aria-describedby={`${showError && reasonError ? `${errorId} ` : ""}${counterId}`}
              className={`w-full resize-y rounded-xl border bg-black/25 px-3 py-2 text-cream-50 placeholder:text-cream-100/40 focus:outline-2 focus:outline-gold-400 ${
                showError && reasonError ? "border-red-400" : "border-white/15"
              }`}
            />
            <div className="flex items-start justify-between gap-3 text-xs">
              <p id={errorId} role={showError && reasonError ? "alert" : undefined} className="text-red-300">
                {showError && reasonError ? reasonError : null}
              </p>
              <p id={counterId} className="shrink-0 tabular-nums text-cream-100/65" data-testid="refund-reason-counter">
                <span aria-hidden>
                  {reason.length}/{REFUND_REASON_MAX}
                </span>
                <span className="sr-only">{t("payments:refundReasonCount", { count: reason.length, max: REFUND_REASON_MAX })}</span>
              </p>
            </div>
          </div>
        </fetcher.Form>
      )}
    </Modal>
  );
}
