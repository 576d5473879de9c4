import { useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BotLevel, GameMode, GameType } from "../../../game/entities";
import { ENTRY_COST } from "../../../game/protocol-constants";
import type { Variant } from "../../../game/truco/index";
import "~/components/game/game.css";
import { BoltIcon, CoinIcon, StarIcon, TrophyIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import type { Profile } from "~/services/users.server";
import { api } from "~/utils/api";
import { JoinGameDialog } from "./join-game-dialog";
import { VariantPicker, rememberVariant, storedVariant } from "./variant-picker";

type Pending = `${"casual" | "ranked" | "bots"}:${GameType}` | null;
const TYPES: readonly GameType[] = ["1v1", "2v2"];
const LEVELS: readonly BotLevel[] = ["easy", "normal", "hard"];

/** The home body of spec §2: variant selector, Join Game, casual and ranked tables, and play vs the computer. */
export function GameLobby({ user }: { user: Profile | null }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [variant, setVariant] = useState<Variant>("paulista");
  const [level, setLevel] = useState<BotLevel>("normal");
  const [pending, setPending] = useState<Pending>(null);
  const [joinOpen, setJoinOpen] = useState(false);
  const [exclusive, setExclusive] = useState(false);
  const invited = params.get("join") ?? "";
  const levelName = useId();

  useEffect(() => {
    const stored = storedVariant();
    if (stored) setVariant(stored);
  }, []);

  // A shared invite link (/?join=CODE) opens the join dialog with the code filled in.
  useEffect(() => {
    if (invited) setJoinOpen(true);
  }, [invited]);

  function chooseVariant(next: Variant) {
    setVariant(next);
    rememberVariant(next);
  }

  function closeJoin() {
    setJoinOpen(false);
    if (invited) {
      const next = new URLSearchParams(params);
      next.delete("join");
      setParams(next, { replace: true, preventScrollReset: true });
    }
  }

  async function create(mode: GameMode | "bots", type: GameType) {
    if (pending) return;
    // Spec §5: a loaded profile and enough coins, checked here before asking the server.
    if (!user) {
      toast.error(t("game:lobby.profileNotLoaded"));
      return;
    }
    const vsComputer = mode === "bots";
    const cost = vsComputer ? 0 : ENTRY_COST[mode as "casual" | "ranked"];
    if (user.virtual_coins < cost) {
      toast.error(t("game:lobby.insufficientCoins", { n: cost }));
      return;
    }
    setPending(`${mode === "bots" ? "bots" : (mode as "casual" | "ranked")}:${type}`);
    const body = vsComputer
      ? { game_type: type, game_mode: "casual", entry_cost: 0, truco_variant: variant, vs_computer: true, bot_level: level }
      : {
          game_type: type,
          game_mode: mode,
          entry_cost: cost,
          truco_variant: variant,
          ...(premium && exclusive ? { premium_only: true } : {}),
        };
    const result = await api<{ id: string }>("/api/games", { method: "POST", body });
    if (!result.ok || !result.data?.id) {
      setPending(null);
      toast.error((!result.ok && result.error) || t("game:lobby.createError"));
      return;
    }
    navigate(`/game/${result.data.id}`);
  }

  const variantName = t(`variants:names.${variant}`);
  const premium = Boolean(user?.is_premium);

  return (
    <section aria-labelledby="lobby-title" className="felt-panel flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lobby-title" className="font-display text-xl font-bold text-cream-50">
          {t("game:lobby.title")}
        </h2>
        <Button variant="secondary" onClick={() => setJoinOpen(true)} className="border-gold-400/50 text-gold-300" data-testid="open-join">
          <span aria-hidden className="font-mono text-sm tracking-widest">
            #
          </span>
          {t("game:lobby.join")}
        </Button>
      </div>

      <VariantPicker value={variant} onChange={chooseVariant} />

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
                  return (
                    <Button
                      key={type}
                      variant={ranked ? "primary" : "secondary"}
                      size="lg"
                      disabled={pending !== null}
                      aria-busy={busy}
                      onClick={() => create(mode, type)}
                      aria-label={t("game:lobby.createLabel", {
                        type: t(`modes:types.${type}`),
                        mode: t(`modes:names.${mode}`),
                        variant: variantName,
                        cost,
                      })}
                      className="flex-col gap-0 py-1.5 leading-tight"
                      data-testid={`create-${mode}-${type}`}
                    >
                      <span className="text-base font-bold">{busy ? t("game:lobby.creating") : t(`modes:types.${type}`)}</span>
                      <span
                        className={`inline-flex items-center gap-1 text-xs font-semibold ${ranked ? "text-felt-950/80" : "text-gold-300"}`}
                      >
                        <CoinIcon className="h-3.5 w-3.5" />
                        {t("game:lobby.entryBadge", { count: cost, lng: i18n.language })}
                      </span>
                    </Button>
                  );
                })}
              </div>
            </article>
          );
        })}
      </div>

      {premium ? (
        <label
          className={`flex cursor-pointer items-center gap-3 rounded-2xl border px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400 ${
            exclusive ? "border-gold-400/60 bg-gold-500/10" : "border-white/10 bg-black/20 hover:bg-white/5"
          }`}
          data-testid="premium-only-toggle"
        >
          <span aria-hidden className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-gold-400/20 text-gold-300">
            <StarIcon className="h-5 w-5" />
          </span>
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-semibold text-cream-50">{t("game:lobby.exclusive")}</span>
            <span className="text-sm text-cream-100/70">{t("game:lobby.exclusiveHint")}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            checked={exclusive}
            onChange={(event) => setExclusive(event.target.checked)}
            className="sr-only"
          />
          <span
            aria-hidden
            className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${exclusive ? "bg-gold-400" : "bg-white/20"}`}
          >
            <span
              className={`absolute top-0.5 h-5 w-5 rounded-full bg-cream-50 shadow transition-[left] ${exclusive ? "left-[1.375rem]" : "left-0.5"}`}
            />
          </span>
        </label>
      ) : null}

      <article
        aria-labelledby="mode-bots"
        data-testid="mode-bots"
        className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-black/20 p-4 sm:flex-row sm:items-center"
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
                  className={`grid min-h-9 cursor-pointer place-items-center rounded-lg text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400 ${
                    level === option ? "bg-cream-50 text-felt-950" : "text-cream-100/80 hover:bg-white/10"
                  }`}
                >
                  <input
                    type="radio"
                    name={levelName}
                    value={option}
                    checked={level === option}
                    onChange={() => setLevel(option)}
                    className="sr-only"
                  />
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
                  disabled={pending !== null}
                  aria-busy={busy}
                  onClick={() => create("bots", type)}
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

      <JoinGameDialog open={joinOpen} onClose={closeJoin} initialCode={invited} />
    </section>
  );
}
