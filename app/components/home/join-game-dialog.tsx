import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { GAME_CODE_LENGTH, normalizeGameCode } from "../../../game/protocol-constants";
import { Modal } from "~/components/ui/modal";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { api } from "~/utils/api";

/**
 * Join by code (spec §5): the code is uppercased, keeps only A-Z and 0-9, at most 6 characters,
 * and the submit button waits for exactly 6. `POST /api/games/join` → `/game/{game_id}`.
 */
export function JoinGameDialog({ open, onClose, initialCode = "" }: { open: boolean; onClose(): void; initialCode?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [code, setCode] = useState(() => normalizeGameCode(initialCode));
  const [joining, setJoining] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => {
    if (open) {
      setCode(normalizeGameCode(initialCode));
      // The dialog mounts its content when it opens; focus on the next frame.
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }, [open, initialCode]);

  const ready = code.length === GAME_CODE_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || joining) return;
    setJoining(true);
    const result = await api<{ game_id: string }>("/api/games/join", { method: "POST", body: { game_code: code } });
    if (!result.ok || !result.data?.game_id) {
      setJoining(false);
      toast.error((!result.ok && result.error) || t("game:lobby.joinError"));
      return;
    }
    navigate(`/game/${result.data.game_id}`);
  }

  return (
    <Modal open={open} onClose={onClose} title={t("game:lobby.joinTitle")} testId="join-dialog">
      <form id={`${inputId}-form`} onSubmit={submit} className="flex flex-col gap-3">
        <label htmlFor={inputId} className="text-sm font-semibold text-cream-100/85">
          {t("game:lobby.codeLabel")}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="game_code"
          value={code}
          onChange={(event) => setCode(normalizeGameCode(event.target.value))}
          maxLength={GAME_CODE_LENGTH}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          enterKeyHint="go"
          aria-describedby={hintId}
          placeholder="ABC123"
          className="h-16 w-full rounded-xl border border-white/15 bg-black/30 text-center font-mono text-3xl font-bold uppercase tracking-[0.45em] text-gold-300 placeholder:text-cream-100/20 focus:border-gold-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-400"
        />
        <p id={hintId} className="text-sm text-cream-100/75">
          {t("game:lobby.codeHint")}
        </p>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={onClose}>
            {t("common:cancel")}
          </Button>
          <Button type="submit" disabled={!ready || joining} aria-busy={joining}>
            {joining ? t("game:lobby.joining") : t("game:lobby.joinSubmit")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
