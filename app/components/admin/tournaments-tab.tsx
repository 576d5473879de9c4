import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "~/components/ui/button";
import type { TournamentView } from "~/services/tournaments.server";
import { VARIANTS } from "../../../game/truco/variant-list";
import { CARD_TABLE, cardTableLabels } from "./card-table";

const HEAD = ["name", "status", "type", "entry", "pool", "players", "start"] as const;

// The admin dashboard's Tournaments tab: every tournament, a form to create one (or to
// edit one that has not started, `?edit=<id>`), and a cancel form per open tournament (every fee
// returned). Plain forms posting to /admin, so each works from the first tap.

const INPUT = "min-h-10 rounded-xl border border-white/15 bg-black/30 px-3 py-2 text-sm text-cream-50";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-semibold text-cream-100/80">
      {label}
      {children}
    </label>
  );
}

function NumberField({
  label,
  name,
  min,
  max,
  required = false,
  value,
}: {
  label: string;
  name: string;
  min: number;
  max: number;
  required?: boolean;
  value: number;
}) {
  return (
    <Field label={label}>
      <input name={name} type="number" min={min} max={max} required={required} defaultValue={value} className={INPUT} />
    </Field>
  );
}

function localInput(iso: string): string {
  return iso.slice(0, 16);
}

export function TournamentsTab({ list, error }: { list: TournamentView[]; error: string | null }) {
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const editing = list.find((row) => row.id === search.get("edit")) ?? null;
  const head = [...HEAD.map((key) => t(`admin:tournamentsTab.head.${key}`)), ""];
  const defaultStart = localInput(new Date(Date.now() + 3_600_000).toISOString());
  const v = editing;
  return (
    <section className="felt-panel flex flex-col gap-4 p-4 sm:p-5">
      <h2 className="font-display text-xl font-bold text-cream-50">{t("admin:tabs.tournaments")}</h2>
      {error ? (
        <p role="alert" className="rounded-xl border border-red-400/50 bg-red-900/40 px-4 py-2 text-sm text-red-100">
          {error}
        </p>
      ) : null}
      <Form
        method="post"
        className="grid gap-3 rounded-2xl bg-black/20 p-3 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="tournament-form"
        key={v?.id ?? "new"}
      >
        <input type="hidden" name="intent" value={v ? "tournament_edit" : "tournament_create"} />
        {v ? <input type="hidden" name="tournament_id" value={v.id} /> : null}
        <input type="hidden" name="back" value="/admin?tab=tournaments" />
        <h3 className="font-semibold text-gold-300 sm:col-span-2 lg:col-span-4">
          {v ? t("admin:tournamentsTab.edit", { name: v.name }) : t("admin:tournamentsTab.create")}
        </h3>
        <Field label={t("admin:tournamentsTab.name")}>
          <input name="name" required minLength={3} maxLength={80} defaultValue={v?.name ?? ""} className={INPUT} />
        </Field>
        <Field label={t("admin:tournamentsTab.description")}>
          <input name="description" maxLength={300} defaultValue={v?.description ?? ""} className={INPUT} />
        </Field>
        <Field label={t("admin:tournamentsTab.gameType")}>
          <select name="game_type" defaultValue={v?.game_type ?? "1v1"} className={INPUT}>
            <option value="1v1">1v1</option>
            <option value="2v2">2v2</option>
          </select>
        </Field>
        <Field label={t("admin:tournamentsTab.variant")}>
          <select name="truco_variant" defaultValue={v?.truco_variant ?? "paulista"} className={INPUT}>
            {VARIANTS.map((variant) => (
              <option key={variant} value={variant}>
                {variant}
              </option>
            ))}
          </select>
        </Field>
        <NumberField
          label={t("admin:tournamentsTab.entryFee")}
          name="entry_cost"
          min={0}
          max={100000}
          required
          value={v?.entry_cost ?? 100}
        />
        <NumberField
          label={t("admin:tournamentsTab.guaranteedPrize")}
          name="guaranteed_prize"
          min={0}
          max={1000000}
          value={v?.guaranteed_prize ?? 0}
        />
        <NumberField
          label={t("admin:tournamentsTab.maxPlayers")}
          name="max_participants"
          min={4}
          max={64}
          required
          value={v?.max_participants ?? 8}
        />
        <NumberField
          label={t("admin:tournamentsTab.minPlayers")}
          name="min_participants"
          min={2}
          max={64}
          value={v?.min_participants ?? 4}
        />
        <Field label={t("admin:tournamentsTab.start")}>
          <input
            name="start_time"
            type="datetime-local"
            required
            defaultValue={v ? localInput(v.start_time) : defaultStart}
            className={INPUT}
          />
        </Field>
        <Field label={t("admin:tournamentsTab.reason")}>
          <input name="reason" maxLength={500} className={INPUT} />
        </Field>
        <div className="flex items-end gap-2 sm:col-span-2">
          <button type="submit" className={buttonClasses("primary", "md")} data-testid="tournament-submit">
            {v ? t("admin:tournamentsTab.save") : t("admin:tournamentsTab.submitCreate")}
          </button>
          {v ? (
            <Link to="?tab=tournaments" className={buttonClasses("ghost", "md")}>
              {t("admin:tournamentsTab.newInstead")}
            </Link>
          ) : null}
        </div>
      </Form>
      <div className="overflow-x-auto">
        <table
          className={`${CARD_TABLE} w-full text-left text-sm md:min-w-[44rem]`}
          style={cardTableLabels(head)}
          data-testid="admin-tournaments"
        >
          <thead className="text-xs text-cream-100/60 uppercase">
            <tr>
              {head.map((h, i) => (
                <th key={i} className="px-2 py-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10">
            {list.map((row) => {
              const open = row.status !== "completed";
              const editable = (row.status === "upcoming" || row.status === "registration") && Date.parse(row.start_time) > Date.now();
              return (
                <tr key={row.id} data-testid={`tournament-row-${row.id}`}>
                  <td className="px-2 py-2">
                    <Link to={`/tournaments/${row.id}`} className="underline">
                      {row.name}
                    </Link>
                  </td>
                  <td className="px-2 py-2">{t(`tournaments:status.${row.cancelled ? "cancelled" : row.status}`)}</td>
                  <td className="px-2 py-2">
                    {row.game_type} · {row.truco_variant}
                  </td>
                  <td className="px-2 py-2 tabular-nums">{row.entry_cost}</td>
                  <td className="px-2 py-2 tabular-nums">{row.prize_pool}</td>
                  <td className="px-2 py-2 tabular-nums">
                    {row.participants}/{row.max_participants}
                  </td>
                  <td className="px-2 py-2 text-xs whitespace-nowrap">{row.start_time.slice(0, 16).replace("T", " ")} UTC</td>
                  <td className="px-2 py-2">
                    <div className="flex flex-wrap gap-1">
                      {editable ? (
                        <Link to={`?tab=tournaments&edit=${row.id}`} className={buttonClasses("secondary", "sm")}>
                          {t("admin:tournamentsTab.editButton")}
                        </Link>
                      ) : null}
                      {open ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="tournament_cancel" />
                          <input type="hidden" name="tournament_id" value={row.id} />
                          <input type="hidden" name="back" value="/admin?tab=tournaments" />
                          <button type="submit" className={buttonClasses("danger", "sm")} data-testid={`cancel-tournament-${row.id}`}>
                            {t("admin:tournamentsTab.cancelButton")}
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {list.length === 0 ? <p className="text-sm text-cream-100/60">{t("admin:tournamentsTab.none")}</p> : null}
    </section>
  );
}
