import { useActionData, useNavigate, useSearchParams } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BotLevel, GameSummary, Participant } from "../../../game/protocol/entities";
import { Avatar } from "~/components/avatar";
import { Button, buttonClasses } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { api } from "~/utils/api";
import { Modal, ModalActions } from "~/components/ui/modal";
import { DIALOG_PARAM, LEAVE_DIALOG } from "~/utils/ui-params";
import { FormNotice } from "~/components/ui/form-notice";
import type { FormResult } from "~/schemas/home-forms";
import { missingPlayers } from "./game-logic";
import { InviteFriend, invitable } from "./invite-friend";
import { tableRulesText } from "~/utils/table-rules";

const LEVELS: readonly BotLevel[] = ["easy", "normal", "hard"];

/**
 * The waiting state of spec §2: 'Aguardando N jogador(es)' with the code to share, the empty
 * table ('Mesa Preparada'), leaving (the entry comes back) and, for the creator of a casual
 * table, filling the free seats with computer players.
 */
export function WaitingRoom({
  game,
  participants,
  userId,
  onChanged,
}: {
  game: GameSummary;
  participants: Participant[];
  userId: string;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A refusal of a leave posted without JavaScript (the page's action answered, no redirect).
  const refused = useActionData<FormResult>();
  // "Sair da sala?" opened by its link (`?dialog=leave`): the server draws it open, and its "Sair"
  // posts the page's form, so leaving works before the page has hydrated and without JavaScript.
  const leaveFromLink = searchParams.get(DIALOG_PARAM) === LEAVE_DIALOG;
  const [confirm, setConfirm] = useState<"leave" | "bots" | null>(() => (leaveFromLink ? "leave" : null));
  const [level, setLevel] = useState<BotLevel>("normal");
  const [busy, setBusy] = useState(false);
  const levelName = useId();
  const missing = missingPlayers(game.capacity, participants);
  const seated = participants.some((p) => p.user_id === userId);
  const creator = game.created_by === userId;
  const canFill = creator && seated && game.game_mode === "casual" && missing > 0;
  const notConnected = participants.filter((p) => !p.is_bot && !p.connected).map((p) => p.nickname);

  async function copy() {
    try {
      await navigator.clipboard.writeText(game.game_code);
      toast.success(t("game:room.copied"));
    } catch {
      toast.info(t("game:room.copyFailed", { code: game.game_code }));
    }
  }

  async function share() {
    const url = `${window.location.origin}/?join=${game.game_code}`;
    try {
      await navigator.share({ title: t("common:appName"), text: t("game:room.shareText", { code: game.game_code }), url });
    } catch {
      // dismissed
    }
  }

  async function leave() {
    setBusy(true);
    const result = await api(`/api/games/${encodeURIComponent(game.id)}/leave`, { method: "POST" });
    setBusy(false);
    if (!result.ok) {
      toast.error(result.error ?? t("game:room.leaveError"));
      return;
    }
    navigate("/");
  }

  async function fill() {
    setBusy(true);
    const result = await api(`/api/games/${encodeURIComponent(game.id)}/bots`, { method: "POST", body: { bot_level: level } });
    setBusy(false);
    setConfirm(null);
    if (!result.ok) {
      toast.error(result.error ?? t("game:room.fillBotsError"));
      return;
    }
    onChanged();
  }

  const roomPath = `/game/${encodeURIComponent(game.id)}`;
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const seats = Array.from({ length: game.capacity }, (_, seat) => participants.find((p) => p.seat === seat) ?? null);

  return (
    <div className="flex flex-col gap-3" data-testid="waiting-room">
      <p
        className="self-center rounded-full border border-white/10 bg-black/25 px-3 py-1 text-center text-sm text-cream-100/85"
        data-testid="waiting-rules"
      >
        {t("variants:rules.summary", {
          rules: `${t(`variants:names.${game.truco_variant}`)} · ${tableRulesText(t, game.truco_variant, game.capacity, game.house_rules)}`,
        })}
      </p>
      {missing > 0 ? (
        <section className="felt-panel flex flex-col items-center gap-3 p-4 text-center" aria-labelledby="waiting-title">
          <h2 id="waiting-title" className="font-display text-xl font-bold text-cream-50" data-testid="waiting-count">
            {t("game:room.waitingFor", { count: missing })}
          </h2>
          <p className="max-w-sm text-sm text-cream-100/80">{t("game:room.shareCode")}</p>
          <div className="flex flex-wrap items-center justify-center gap-2">
            <output
              className="rounded-xl border border-gold-400/50 bg-black/35 px-4 py-2 font-mono text-3xl font-bold tracking-[0.3em] text-gold-300"
              aria-label={t("game:lobby.codeLabel")}
              data-testid="game-code"
            >
              {game.game_code}
            </output>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={copy} data-testid="copy-code">
                <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
                  <rect x="8" y="8" width="12" height="12" rx="2" />
                  <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
                </svg>
                {t("game:room.copyCode")}
              </Button>
              {canShare ? (
                <Button variant="secondary" onClick={share}>
                  {t("game:room.share")}
                </Button>
              ) : null}
            </div>
          </div>
        </section>
      ) : null}

      <section
        aria-labelledby="table-title"
        className="table-felt flex flex-col items-center gap-4 rounded-[2rem] px-4 py-6 text-center sm:rounded-[3rem]"
      >
        <div>
          <h2 id="table-title" className="font-display text-2xl font-bold text-gold-300">
            {t("game:room.tableReady")}
          </h2>
          <p className="text-sm text-cream-100/80" role="status">
            {missing === 0 && notConnected.length > 0
              ? t("game:room.waitingConnection", { names: notConnected.join(", ") })
              : t("game:room.waitingAll")}
          </p>
        </div>
        <ul className={`grid w-full max-w-md gap-3 ${game.capacity === 4 ? "grid-cols-2" : "grid-cols-2"}`}>
          {seats.map((p, seat) => (
            <li
              key={seat}
              className={`flex flex-col items-center gap-1 rounded-2xl px-2 py-3 ${p ? "bg-black/25" : "border-2 border-dashed border-white/15"}`}
              data-testid={p ? "seat-taken" : "seat-free"}
            >
              {p ? (
                <>
                  <Avatar name={p.nickname} url={p.avatar_url} seed={p.user_id ?? `bot-${seat}`} size={48} premium={p.is_premium} />
                  <span className="max-w-full truncate text-sm font-semibold text-cream-50">{p.nickname}</span>
                  <span className="text-[11px] font-semibold text-cream-100/60">{t(`game:teams.${p.team}`)}</span>
                </>
              ) : (
                <>
                  <span
                    aria-hidden
                    className="grid h-12 w-12 place-items-center rounded-full border-2 border-dashed border-white/20 text-xl text-cream-100/40"
                  >
                    +
                  </span>
                  <span className="text-sm text-cream-100/50">{t("game:room.freeSeat")}</span>
                </>
              )}
            </li>
          ))}
        </ul>
        <span className="inline-flex items-center gap-2 text-xs text-cream-100/60" aria-hidden>
          <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-gold-400" />
          <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-gold-400 [animation-delay:200ms]" />
          <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-gold-400 [animation-delay:400ms]" />
        </span>
      </section>

      <FormNotice result={refused?.intent === "leave" ? refused : null} />
      {seated ? (
        <div className="flex flex-wrap justify-center gap-2">
          {missing > 0 && invitable(game) ? <InviteFriend game={game} /> : null}
          {canFill ? (
            <Button onClick={() => setConfirm("bots")} data-testid="fill-bots">
              {t("game:room.fillBots")}
            </Button>
          ) : null}
          <a
            href={`?${DIALOG_PARAM}=${LEAVE_DIALOG}`}
            role="button"
            onClick={(event) => {
              event.preventDefault();
              setConfirm("leave");
            }}
            className={buttonClasses("secondary", "md")}
            data-testid="leave"
          >
            {t("game:room.leave")}
          </a>
        </div>
      ) : null}

      <Modal
        open={confirm === "leave" && seated}
        onClose={() => setConfirm(null)}
        title={t("game:room.leaveTitle")}
        closeTo={leaveFromLink ? roomPath : undefined}
        footer={
          // Posts the page's form (without JavaScript: the server leaves, then home); hydrated, `leave` does it over the REST route.
          <form method="post" action={roomPath} className="contents">
            <input type="hidden" name="intent" value="leave" />
            <ModalActions>
              <Button variant="ghost" onClick={() => setConfirm(null)}>
                {t("common:cancel")}
              </Button>
              <Button
                type="submit"
                variant="danger"
                onClick={(event) => {
                  event.preventDefault();
                  void leave();
                }}
                disabled={busy}
                data-testid="confirm-leave"
              >
                {t("game:room.leaveConfirm")}
              </Button>
            </ModalActions>
          </form>
        }
      >
        <p className="text-sm text-cream-100/85">
          {game.entry_cost > 0 ? t("game:room.leaveText", { count: game.entry_cost }) : t("game:room.leaveTextFree")}
        </p>
      </Modal>

      <Modal
        open={confirm === "bots"}
        onClose={() => setConfirm(null)}
        title={t("game:room.fillBotsTitle")}
        footer={
          <ModalActions>
            <Button variant="ghost" onClick={() => setConfirm(null)}>
              {t("common:cancel")}
            </Button>
            <Button onClick={fill} disabled={busy} data-testid="confirm-bots">
              {t("game:room.fillBotsConfirm")}
            </Button>
          </ModalActions>
        }
      >
        <div className="flex flex-col gap-3">
          <p className="text-sm text-cream-100/85">{t("game:room.fillBotsText")}</p>
          <fieldset>
            <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-cream-100/70">{t("game:lobby.level")}</legend>
            <div className="grid grid-cols-3 gap-1 rounded-xl bg-black/30 p-1">
              {LEVELS.map((option) => (
                <label
                  key={option}
                  className={`grid min-h-10 cursor-pointer place-items-center rounded-lg text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400 ${
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
        </div>
      </Modal>
    </div>
  );
}
