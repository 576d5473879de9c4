import { useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NICKNAME_MAX } from "~/utils/limits";
import { api } from "~/utils/api";
import { PencilIcon } from "./icons";
import { Button } from "./ui/button";
import { useToast } from "./ui/toast";

/** Inline nickname edit (spec §4, §5): view → edit → save or cancel. */
export function NicknameEditor({ nickname }: { nickname: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(nickname);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  function cancel() {
    setValue(nickname);
    setEditing(false);
  }

  async function save() {
    const trimmed = value.trim();
    // Empty or unchanged: nothing to save, editing just ends (spec §5).
    if (!trimmed || trimmed === nickname) {
      cancel();
      return;
    }
    setSaving(true);
    const result = await api("/api/users/profile", { method: "PUT", body: { nickname: trimmed } });
    setSaving(false);
    if (!result.ok) {
      toast.error(result.error ?? t("profile:nicknameError"));
      return;
    }
    setEditing(false);
    revalidator.revalidate();
  }

  if (!editing) {
    return (
      <div className="flex items-center justify-center gap-2 sm:justify-start">
        <h1 className="truncate font-display text-2xl font-bold text-cream-50 sm:text-3xl" data-testid="profile-nickname">
          {nickname}
        </h1>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setValue(nickname);
            setEditing(true);
          }}
          aria-label={t("profile:editNickname")}
          title={t("profile:editNickname")}
        >
          <PencilIcon />
        </Button>
      </div>
    );
  }

  return (
    <form
      className="flex flex-wrap items-center justify-center gap-2 sm:justify-start"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t("profile:nicknameLabel")}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        value={value}
        maxLength={NICKNAME_MAX}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") cancel();
        }}
        className="min-h-11 w-56 rounded-xl border border-gold-400/50 bg-black/30 px-3 text-lg font-semibold text-cream-50"
        autoComplete="nickname"
      />
      <Button type="submit" disabled={saving}>
        {t("common:save")}
      </Button>
      <Button variant="secondary" onClick={cancel} disabled={saving}>
        {t("common:cancel")}
      </Button>
    </form>
  );
}
