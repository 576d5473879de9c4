import { Link, useActionData, useFetcher, useNavigate } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GAME_CODE_LENGTH, normalizeGameCode } from "../../../game/protocol/constants";
import { Button, buttonClasses } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import type { FormResult } from "~/schemas/home-forms";
import { useBrowserLayoutEffect } from "~/utils/use-browser-layout-effect";
import { useHydrated } from "~/utils/use-hydrated";
import { DIALOG_PARAM } from "~/utils/ui-params";
import { HOME_ACTION, HOME_FORMS } from "./home-forms";

/**
 * Join by code (spec §5): the code is uppercased, keeps only A-Z and 0-9, at most 6 characters,
 * and the submit button waits for exactly 6. The dialog belongs to the URL (`?dialog=join`, or an
 * invite's `?join=CODE`), and its form posts to the home action, which seats the player and goes
 * to `/game/{game_id}`. Before hydration the browser's own validation (pattern, length) guards it.
 */
export function JoinGameDialog({ open, closeTo, initialCode = "" }: { open: boolean; closeTo: string; initialCode?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const fetcher = useFetcher<FormResult>({ key: HOME_FORMS.join });
  const inputRef = useRef<HTMLInputElement>(null);
  const [length, setLength] = useState(() => normalizeGameCode(initialCode).length);
  const inputId = useId();
  const hintId = useId();
  const joining = fetcher.state !== "idle";

  // What was typed before hydration is in the field already: read in the hydrating commit.
  useBrowserLayoutEffect(() => {
    if (open && inputRef.current) setLength(normalizeGameCode(inputRef.current.value).length);
  }, [open]);

  // A refusal (a wrong code, a full table, already at a table) belongs in the dialog, under the
  // field it is about, and is announced; typing again clears it. Before hydration the page's own
  // action data carries it.
  const posted = useActionData<FormResult>();
  const answer = fetcher.state === "idle" && fetcher.data ? fetcher.data : posted?.intent === "join" ? posted : null;
  const [cleared, setCleared] = useState<FormResult | null>(null);
  const error = answer && !answer.ok && answer !== cleared ? answer.message : null;
  const errorId = useId();

  const ready = length === GAME_CODE_LENGTH;
  const close = () => navigate(closeTo, { replace: true, preventScrollReset: true });

  return (
    <Modal open={open} onClose={close} closeTo={closeTo} title={t("game:lobby.joinTitle")} testId="join-dialog">
      {/* Posted without the script (a tap while the page hydrates), the answer is this page again with the
          dialog open, so a refusal shows here too. */}
      <fetcher.Form method="post" action={`${HOME_ACTION}&${DIALOG_PARAM}=join`} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="join" />
        <label htmlFor={inputId} className="text-sm font-semibold text-cream-100/85">
          {t("game:lobby.codeLabel")}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="game_code"
          defaultValue={normalizeGameCode(initialCode)}
          onInput={(event) => {
            const field = event.currentTarget;
            const code = normalizeGameCode(field.value);
            if (field.value !== code) field.value = code;
            setLength(code.length);
            if (answer) setCleared(answer);
          }}
          maxLength={GAME_CODE_LENGTH}
          minLength={GAME_CODE_LENGTH}
          pattern="[A-Za-z0-9]{6}"
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field: opening it is asking to type.
          autoFocus
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          enterKeyHint="go"
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          placeholder="ABC123"
          className="h-16 w-full rounded-xl border border-white/15 bg-black/30 text-center font-mono text-3xl font-bold uppercase tracking-[0.45em] text-gold-300 placeholder:text-cream-100/30 focus:border-gold-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-400"
        />
        <p
          id={errorId}
          role="alert"
          className={error ? "rounded-lg border border-red-400/60 bg-red-950/80 px-3 py-2 text-sm font-medium text-red-50" : "sr-only"}
          data-testid="join-error"
        >
          {error}
        </p>
        <p id={hintId} className="text-sm text-cream-100/75">
          {t("game:lobby.codeHint")}
        </p>
        <div className="flex justify-end gap-2 pt-2">
          <Link to={closeTo} replace preventScrollReset className={buttonClasses("ghost")}>
            {t("common:cancel")}
          </Link>
          {/* Disabled until 6 characters once the script runs; before that the browser checks the pattern. */}
          <Button type="submit" disabled={hydrated && (!ready || joining)} aria-busy={joining}>
            {joining ? t("game:lobby.joining") : t("game:lobby.joinSubmit")}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
