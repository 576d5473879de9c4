import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { GameSummary } from "../../../game/protocol/entities";
import { Button, buttonClasses } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/modal";
import type { FormResult } from "~/schemas/home-forms";
import { CONCEDE_DIALOG, DIALOG_PARAM } from "~/utils/ui-params";

/**
 * "Desistir" in a game being played. Against the computer it is one tap: the page's form stops the
 * practice game and leads home. At a human table it opens "Desistir da partida?" (a URL dialog,
 * `?dialog=concede`, drawn open by the server), which says what the forfeit costs before its form
 * posts. Both are plain forms, so they work before hydration and without JavaScript; a refusal
 * shows inside the dialog, announced.
 */
export function ConcedeControl({ game }: { game: GameSummary }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const refused = useActionData<FormResult>();
  const roomPath = `/game/${encodeURIComponent(game.id)}`;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "concede";
  const error = refused && refused.intent === "concede" && !refused.ok ? refused.message : null;
  const practice = game.bot_level !== null;

  if (practice) {
    return (
      <Form method="post" action={roomPath} className="contents">
        <input type="hidden" name="intent" value="concede" />
        <Button
          type="submit"
          variant="ghost"
          size="sm"
          disabled={busy}
          className="shrink-0"
          aria-label={t("game:room.concedePractice")}
          data-testid="concede"
        >
          {t("game:room.concede")}
        </Button>
        {error ? (
          <p role="alert" className="sr-only">
            {error}
          </p>
        ) : null}
      </Form>
    );
  }

  const open = searchParams.get(DIALOG_PARAM) === CONCEDE_DIALOG;
  return (
    <>
      <Link
        to={`?${DIALOG_PARAM}=${CONCEDE_DIALOG}`}
        replace
        preventScrollReset
        className={buttonClasses("ghost", "sm", "shrink-0")}
        data-testid="concede"
      >
        {t("game:room.concede")}
      </Link>
      <ConcedeDialog game={game} open={open} busy={busy} error={error} roomPath={roomPath} />
    </>
  );
}

function ConcedeDialog({
  game,
  open,
  busy,
  error,
  roomPath,
}: {
  game: GameSummary;
  open: boolean;
  busy: boolean;
  error: string | null;
  roomPath: string;
}) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  return (
    <Modal
      open={open}
      onClose={() => setSearchParams({}, { replace: true, preventScrollReset: true })}
      closeTo={roomPath}
      title={t("game:room.concedeTitle")}
      testId="concede-dialog"
      footer={
        <Form method="post" action={roomPath} replace className="contents">
          <input type="hidden" name="intent" value="concede" />
          <ModalActions>
            <Link to={roomPath} replace preventScrollReset className={buttonClasses("ghost", "md")}>
              {t("game:room.stay")}
            </Link>
            <Button type="submit" variant="danger" disabled={busy} data-testid="confirm-concede">
              {t("game:room.concedeConfirm")}
            </Button>
          </ModalActions>
        </Form>
      }
    >
      <div className="flex flex-col gap-2 text-sm text-cream-100/85">
        <p>{t("game:room.concedeText")}</p>
        {game.entry_cost > 0 ? <p>{t("game:room.concedeCoins", { count: game.entry_cost })}</p> : null}
        {game.game_mode === "ranked" ? <p>{t("game:room.concedeRanked")}</p> : null}
        {game.game_mode === "tournament" ? <p>{t("game:room.concedeTournament")}</p> : null}
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-red-400/60 bg-red-950/80 px-3 py-2 font-medium text-red-50"
            data-testid="concede-error"
          >
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
