import { useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, RefundIcon, SpinnerIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/modal";
import { useToast } from "~/components/ui/toast";
import type { EligibleGame } from "~/services/refunds.server";
import { api } from "~/utils/api";
import { formatDateTime } from "~/utils/format";
import { REFUND_REASON_MAX, REFUND_REASON_MIN } from "~/utils/refunds";

/**
 * The refund modal of spec §2: pick one of the player's recent eligible games
 * (cancelled, entry paid and not returned, last 7 days), describe the problem
 * in 10 to 500 characters (spec §5, with a length/500 counter), and send
 * {game_session_id, reason}. On success the coins are back at once.
 */
export function RefundModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [games, setGames] = useState<EligibleGame[] | null>(null);
  const [gameId, setGameId] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [showError, setShowError] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const formId = useId();
  const reasonId = useId();
  const counterId = useId();
  const errorId = useId();
  const legendId = useId();

  useEffect(() => {
    if (!open) return;
    setGames(null);
    setGameId(null);
    setReason("");
    setShowError(false);
    setSubmitting(false);
    const controller = new AbortController();
    api<EligibleGame[]>("/api/users/refund-eligible-games", { signal: controller.signal })
      .then((result) => {
        const list = result.ok ? result.data : [];
        if (!result.ok) console.warn("Could not load refund-eligible games", result.status);
        setGames(list);
        if (list.length === 1) setGameId(list[0].game_id);
      })
      .catch(() => {
        // Aborted: the modal closed first.
      });
    return () => controller.abort();
  }, [open]);

  const length = reason.trim().length;
  const reasonError =
    length < REFUND_REASON_MIN ? t("payments:refundReasonTooShort") : length > REFUND_REASON_MAX ? t("payments:refundReasonTooLong") : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !gameId) return;
    if (reasonError) {
      setShowError(true);
      reasonRef.current?.focus();
      return;
    }
    setSubmitting(true);
    const result = await api<{ refund_amount: number }>("/api/users/refund-request", {
      method: "POST",
      body: { game_session_id: gameId, reason: reason.trim() },
    });
    setSubmitting(false);
    if (!result.ok) {
      toast.error(result.error || t("payments:refundError"));
      return;
    }
    toast.success(t("payments:refundSuccess", { count: result.data.refund_amount }));
    onClose();
    revalidator.revalidate();
  }

  const hasGames = Boolean(games && games.length > 0);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("payments:refundTitle")}
      description={t("payments:refundIntro")}
      testId="refund-modal"
      footer={
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t("common:cancel")}
          </Button>
          {hasGames ? (
            <Button type="submit" form={formId} disabled={!gameId || submitting} aria-busy={submitting}>
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
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
          <fieldset>
            <legend id={legendId} className="mb-2 text-sm font-semibold text-cream-100/85">
              {t("payments:refundGameLabel")}
            </legend>
            <div className="flex flex-col gap-2">
              {games!.map((game) => {
                const checked = gameId === game.game_id;
                return (
                  <label
                    key={game.game_id}
                    data-testid={`refund-game-${game.game_code}`}
                    className={`relative flex cursor-pointer items-center gap-3 rounded-xl border-2 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400 ${
                      checked ? "border-gold-400 bg-gold-400/10" : "border-white/10 bg-black/20 hover:border-white/25"
                    }`}
                  >
                    <input
                      type="radio"
                      name="refund-game"
                      value={game.game_id}
                      checked={checked}
                      onChange={() => setGameId(game.game_id)}
                      className="sr-only"
                    />
                    <span
                      aria-hidden
                      className={`grid h-5 w-5 shrink-0 place-items-center rounded-full border-2 ${checked ? "border-gold-400 bg-gold-400 text-felt-950" : "border-cream-100/40"}`}
                    >
                      {checked ? <CheckIcon className="h-3 w-3" /> : null}
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
              value={reason}
              maxLength={REFUND_REASON_MAX}
              required
              minLength={REFUND_REASON_MIN}
              onChange={(event) => setReason(event.target.value)}
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
        </form>
      )}
    </Modal>
  );
}
