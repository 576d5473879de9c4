import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ENTRY_COST } from "../../../game/protocol/constants";
import { StarIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { ROOM_TABLES } from "~/schemas/lobby-tables";
import type { Variant } from "../../../game/truco/types";
import { TABLE_OPTIONS, tableOptionKeys } from "../../../game/truco/table-options";

/**
 * The table's house rules: one choice per option the variant offers, its default first and
 * preselected (fields `rule_<option>`). A ranked table keeps the standard rules, so its choices
 * are shown disabled (a disabled field is not posted) with the reason.
 */
function TableRulesFields({ variant, ranked }: { variant: Variant; ranked: boolean }) {
  const { t } = useTranslation();
  const keys = tableOptionKeys(variant);
  const options = TABLE_OPTIONS[variant] as Record<string, readonly (string | number | boolean)[]>;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      disabled={ranked}
      data-testid="table-rules"
      aria-describedby={ranked || keys.length === 0 ? "table-rules-note" : undefined}
    >
      <legend className="mb-1 text-sm font-semibold text-cream-100/85">{t("variants:rules.title")}</legend>
      {keys.length === 0 ? (
        <p id="table-rules-note" className="text-sm text-cream-100/70">
          {t("variants:rules.standard")}
        </p>
      ) : (
        <>
          <div className="grid gap-2 sm:grid-cols-2">
            {keys.map((key) => (
              <div
                key={`${variant}-${key}`}
                role="radiogroup"
                aria-labelledby={`rule-${key}-label`}
                className="flex min-w-0 flex-col gap-1"
              >
                <span id={`rule-${key}-label`} className="text-xs font-semibold uppercase tracking-wide text-cream-100/70">
                  {t(`variants:rules.options.${key}`)}
                </span>
                <div className="grid grid-cols-2 gap-1 rounded-xl bg-black/30 p-1">
                  {options[key].map((value, index) => (
                    <label
                      key={String(value)}
                      className="flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-semibold text-cream-100/80 transition-colors hover:bg-white/10 has-[:checked]:bg-cream-50 has-[:checked]:text-felt-950 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400"
                    >
                      <input
                        type="radio"
                        name={`rule_${key}`}
                        value={String(value)}
                        defaultChecked={index === 0}
                        className="sr-only"
                        data-testid={`rule-${key}-${String(value)}`}
                      />
                      {t(`variants:rules.values.${key}.${String(value)}`)}
                    </label>
                  ))}
                </div>
              </div>
            ))}
          </div>
          {ranked ? (
            <p id="table-rules-note" className="text-sm text-cream-100/70" data-testid="table-rules-ranked">
              {t("variants:rules.rankedNote")}
            </p>
          ) : null}
        </>
      )}
    </fieldset>
  );
}

/**
 * "Create a room": a table of one's own, with a code and an invite link, private (code only) or public (listed among the open tables). Fields of the lobby's form, so
 * the variant chosen above travels with the button, and a tap before hydration posts the same.
 */
export function CreateRoomFields({ premium, pending, variant }: { premium: boolean; pending: string | null; variant: Variant }) {
  const { t } = useTranslation();
  const [visibility, setVisibility] = useState<"private" | "public">("private");
  const [ranked, setRanked] = useState(false);
  const [exclusive, setExclusive] = useState(false);
  const busy = pending === "room";

  return (
    <article
      aria-labelledby="create-room-title"
      data-testid="create-room-card"
      className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-black/20 p-4"
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === "visibility") setVisibility(target.value === "public" ? "public" : "private");
        if (target.name === "premium_only") setExclusive(target.checked);
        if (target.name === "room_table") setRanked(target.value.startsWith("ranked:"));
      }}
    >
      <div className="min-w-0">
        <h3 id="create-room-title" className="font-display text-lg font-bold text-cream-50">
          {t("matchmaking:createTitle")}
        </h3>
        <p className="text-sm text-cream-100/75">{t("matchmaking:createText")}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <label className="flex flex-col gap-1 text-sm font-semibold text-cream-100/85">
          {t("matchmaking:table")}
          <select
            name="room_table"
            defaultValue="casual:1v1"
            data-testid="create-room-table"
            className="min-h-11 rounded-xl border border-cream-100/25 bg-felt-900 px-3 text-base text-cream-50"
          >
            {ROOM_TABLES.map((table) => {
              const [mode, type] = table.split(":") as ["casual" | "ranked", "1v1" | "2v2"];
              return (
                <option key={table} value={table}>
                  {`${t(`modes:names.${mode}`)} · ${t(`modes:types.${type}`)} · ${ENTRY_COST[mode]}`}
                </option>
              );
            })}
          </select>
        </label>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-cream-100/85">
            {t("matchmaking:private")} / {t("matchmaking:public")}
          </legend>
          <div className="grid grid-cols-2 gap-1 rounded-xl bg-black/30 p-1">
            {(["private", "public"] as const).map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer flex-col justify-center rounded-lg px-2 text-center text-sm font-semibold text-cream-100/80 transition-colors hover:bg-white/10 has-[:checked]:bg-cream-50 has-[:checked]:text-felt-950 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400"
              >
                <input
                  type="radio"
                  name="visibility"
                  value={option}
                  defaultChecked={option === "private"}
                  className="sr-only"
                  data-testid={`create-room-${option}`}
                />
                {t(`matchmaking:${option}`)}
                <span className="text-[11px] font-normal opacity-80">{t(`matchmaking:${option}Hint`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <TableRulesFields variant={variant} ranked={ranked} />
      {premium ? (
        <label
          className="group/exclusive flex cursor-pointer items-center gap-3 rounded-2xl border border-white/10 bg-black/20 px-4 py-3 transition-colors hover:bg-white/5 has-[:checked]:border-gold-400/60 has-[:checked]:bg-gold-500/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400"
          data-testid="premium-only-toggle"
          data-on={exclusive || undefined}
        >
          <span aria-hidden className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-gold-400/20 text-gold-300">
            <StarIcon className="h-5 w-5" />
          </span>
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-semibold text-cream-50">{t("game:lobby.exclusive")}</span>
            <span className="text-sm text-cream-100/70">{t("game:lobby.exclusiveHint")}</span>
          </span>
          <input type="checkbox" role="switch" name="premium_only" defaultChecked={false} className="peer sr-only" />
          <span aria-hidden className="relative h-6 w-11 shrink-0 rounded-full bg-white/20 transition-colors peer-checked:bg-gold-400">
            <span className="absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-cream-50 shadow transition-[left] group-has-[:checked]/exclusive:left-[1.375rem]" />
          </span>
        </label>
      ) : null}
      <Button
        type="submit"
        name="table"
        value="room"
        variant="secondary"
        size="lg"
        disabled={pending !== null}
        aria-busy={busy}
        data-testid="create-room"
      >
        {busy ? t("game:lobby.creating") : t(visibility === "public" ? "matchmaking:createPublic" : "matchmaking:createPrivate")}
      </Button>
    </article>
  );
}
