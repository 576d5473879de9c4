import { Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BotLevel, GameType } from "../../../game/protocol/entities";
import { ENTRY_COST } from "../../../game/protocol/constants";
import type { Variant } from "../../../game/truco/index";
import { BoltIcon, CoinIcon, TrophyIcon } from "~/components/icons";
import { Button, buttonClasses } from "~/components/ui/button";
import type { loader as homeLoader } from "~/routes/_index";
import type { FormResult } from "~/schemas/home-forms";
import type { Table } from "~/schemas/lobby-tables";
import type { Profile } from "~/services/users.server";
import { DIALOG_PARAM, withParam } from "~/utils/ui-params";
import { isVariant, rememberVariant } from "~/utils/variant";
import { HOME_ACTION, HOME_FORMS } from "./home-forms";
import { CreateRoomFields } from "./create-room-fields";
import { JoinGameDialog } from "./join-game-dialog";
import { VariantPicker } from "./variant-picker";

const TYPES: readonly GameType[] = ["1v1", "2v2"];
const LEVELS: readonly BotLevel[] = ["easy", "normal", "hard"];

/**
 * The home body of spec §2: variant selector, Join Game, quick match for casual and ranked (the
 * buttons queue), play vs the computer, and "create a room" (private or public). The lobby
 * is one form: the variant and level fields are the browser's own, each button submits it with its
 * `table`, and the route action queues or opens the table (a tap before hydration posts
 * the same form). Join Game is a link that opens its dialog.
 */
export function GameLobby({ user }: { user: Profile }) {
  const { t, i18n } = useTranslation();
  const { variant: rememberedVariant } = useLoaderData<typeof homeLoader>();
  const location = useLocation();
  const fetcher = useFetcher<FormResult>({ key: HOME_FORMS.lobby });
  const form = useRef<HTMLFormElement>(null);
  const [variant, setVariant] = useState<Variant>(rememberedVariant);
  const [level, setLevel] = useState<BotLevel>("normal");
  const params = new URLSearchParams(location.search);
  const invited = params.get("join") ?? "";
  const joinOpen = params.get(DIALOG_PARAM) === "join" || invited !== "";
  const closeJoin = (() => {
    const next = new URLSearchParams(location.search);
    next.delete(DIALOG_PARAM);
    next.delete("join");
    const search = next.toString();
    return search ? `?${search}` : "/";
  })();
  // A redirect keeps the fetcher busy until the table's page has loaded: the button says so.
  const pending = fetcher.state !== "idle" ? (fetcher.formData?.get("table") as Table | null) : null;

  // Choices made before hydration are in the form already: the labels follow them.
  const readForm = () => {
    if (!form.current) return;
    const data = new FormData(form.current);
    const chosen = data.get("truco_variant");
    if (isVariant(chosen)) setVariant(chosen);
    const chosenLevel = data.get("bot_level");
    if (chosenLevel === "easy" || chosenLevel === "normal" || chosenLevel === "hard") setLevel(chosenLevel);
  };
  useEffect(readForm, []);

  function chooseVariant(next: Variant) {
    setVariant(next);
    rememberVariant(next);
  }

  const variantName = t(`variants:names.${variant}`);
  const premium = Boolean(user?.is_premium);

  return (
    <section aria-labelledby="lobby-title" className="felt-panel p-4 sm:p-5">
      <fetcher.Form method="post" action={HOME_ACTION} ref={form} onChange={readForm} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="play" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="lobby-title" className="font-display text-xl font-bold text-cream-50">
            {t("game:lobby.title")}
          </h2>
          <Link
            to={withParam(location.search, DIALOG_PARAM, "join")}
            preventScrollReset
            aria-haspopup="dialog"
            className={buttonClasses("secondary", "md", "border-gold-400/50 text-gold-300")}
            data-testid="open-join"
          >
            <span aria-hidden className="font-mono text-sm tracking-widest">
              #
            </span>
            {t("game:lobby.join")}
          </Link>
        </div>

        {/* Free play against the computer comes first on a phone, where it is the first screen's way to
            play; a wider screen shows it last, below the paid tables (sm:order-last). */}
        <article
          aria-labelledby="mode-bots"
          data-testid="mode-bots"
          className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-black/20 p-4 sm:order-last sm:flex-row sm:items-center"
        >
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <span aria-hidden className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-sky-400/15 text-sky-200">
              <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
                <rect x="4" y="7" width="16" height="12" rx="3" />
                <path d="M12 3v4M9 12h.01M15 12h.01M9 16h6" strokeLinecap="round" />
              </svg>
            </span>
            <div className="min-w-0">
              <h3 id="mode-bots" className="font-display text-lg font-bold text-cream-50">
                {t("modes:vsComputer")}{" "}
                <span className="ml-1 rounded-full bg-emerald-400/15 px-2 py-0.5 align-middle text-xs font-bold uppercase tracking-wide text-emerald-300">
                  {t("game:lobby.free")}
                </span>
              </h3>
              <p className="text-sm text-cream-100/75">{t("game:lobby.vsComputerText")}</p>
            </div>
          </div>
          <div className="flex flex-col gap-2 sm:w-72">
            <fieldset className="flex flex-col gap-1">
              <legend className="sr-only">{t("game:lobby.level")}</legend>
              <div className="grid grid-cols-3 gap-1 rounded-xl bg-black/30 p-1" role="presentation">
                {LEVELS.map((option) => (
                  <label
                    key={option}
                    className="grid min-h-9 cursor-pointer place-items-center rounded-lg text-sm font-semibold text-cream-100/80 transition-colors hover:bg-white/10 has-[:checked]:bg-cream-50 has-[:checked]:text-felt-950 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400"
                  >
                    <input type="radio" name="bot_level" value={option} defaultChecked={option === "normal"} className="sr-only" />
                    {t(`modes:botLevels.${option}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid grid-cols-2 gap-2">
              {TYPES.map((type) => {
                const busy = pending === `bots:${type}`;
                return (
                  <Button
                    key={type}
                    variant="secondary"
                    type="submit"
                    name="table"
                    value={`bots:${type}`}
                    disabled={pending !== null}
                    aria-busy={busy}
                    aria-label={t("game:lobby.createFreeLabel", {
                      type: t(`modes:types.${type}`),
                      variant: variantName,
                      level: t(`modes:botLevels.${level}`),
                    })}
                    data-testid={`create-bots-${type}`}
                  >
                    {busy ? t("game:lobby.creating") : t(`modes:types.${type}`)}
                  </Button>
                );
              })}
            </div>
          </div>
        </article>

        <VariantPicker defaultValue={rememberedVariant} onChange={chooseVariant} />

        <div className="grid gap-3 sm:grid-cols-2">
          {(["casual", "ranked"] as const).map((mode) => {
            const cost = ENTRY_COST[mode];
            const ranked = mode === "ranked";
            return (
              <article
                key={mode}
                aria-labelledby={`mode-${mode}`}
                data-testid={`mode-${mode}`}
                className={`flex flex-col gap-3 rounded-2xl border p-4 ${
                  ranked ? "border-gold-500/40 bg-gradient-to-br from-gold-500/15 to-black/20" : "border-white/10 bg-black/20"
                }`}
              >
                <div className="flex items-start gap-3">
                  <span
                    aria-hidden
                    className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl ${ranked ? "bg-gold-400/20 text-gold-300" : "bg-felt-600/40 text-cream-50"}`}
                  >
                    {ranked ? <TrophyIcon className="h-6 w-6" /> : <BoltIcon className="h-6 w-6" />}
                  </span>
                  <div className="min-w-0">
                    <h3 id={`mode-${mode}`} className="font-display text-lg font-bold text-cream-50">
                      {t(`modes:names.${mode}`)}
                    </h3>
                    <p className="text-sm text-cream-100/75">{t(`modes:descriptions.${mode}`)}</p>
                  </div>
                </div>
                <div className="grid grid-cols-2 gap-2">
                  {TYPES.map((type) => {
                    const busy = pending === `${mode}:${type}`;
                    const shown = busy ? t("game:lobby.creating") : t(`modes:types.${type}`);
                    const entry = t("game:lobby.entryBadge", { count: cost, lng: i18n.language });
                    return (
                      <Button
                        key={type}
                        variant={ranked ? "primary" : "secondary"}
                        size="lg"
                        type="submit"
                        name="table"
                        value={`${mode}:${type}`}
                        disabled={pending !== null}
                        aria-busy={busy}
                        // The name starts with what the button shows ("1 vs 1, 50 moedas de entrada: …").
                        aria-label={t("matchmaking:quickLabel", {
                          shown,
                          entry,
                          mode: t(`modes:names.${mode}`),
                          variant: variantName,
                        })}
                        className="flex-col gap-0 py-1.5 leading-tight"
                        data-testid={`quick-${mode}-${type}`}
                      >
                        <span className="text-base font-bold">{shown}</span>{" "}
                        <span
                          className={`inline-flex items-center gap-1 text-xs font-semibold ${ranked ? "text-felt-950/80" : "text-gold-300"}`}
                        >
                          <CoinIcon className="h-3.5 w-3.5" />
                          {entry}
                        </span>
                      </Button>
                    );
                  })}
                </div>
              </article>
            );
          })}
        </div>

        <CreateRoomFields premium={premium} pending={pending} variant={variant} />
      </fetcher.Form>
      <JoinGameDialog open={joinOpen} closeTo={closeJoin} initialCode={invited} />
    </section>
  );
}
