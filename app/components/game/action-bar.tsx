import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Action, EnvidoCall, FlorCall, TrucoCall } from "../../../game/truco/index";
import { useTableSettings } from "~/utils/table-settings";
import type { ActionGroups } from "./game-logic";
import { useTable } from "./table-context";
import type { TurnTimer } from "../../../game/protocol/room";
import { LiveTurnBar } from "./turn-timer";

type Tone = "truco" | "envido" | "flor" | "accept" | "reject" | "neutral" | "play";

const TONES: Record<Tone, string> = {
  truco:
    "bg-gradient-to-b from-red-500 to-red-700 text-white shadow-md shadow-red-950/40 hover:from-red-400 hover:to-red-600 font-display uppercase tracking-wide",
  envido: "bg-gradient-to-b from-sky-500 to-sky-700 text-white shadow-md shadow-sky-950/40 hover:from-sky-400 hover:to-sky-600",
  flor: "bg-gradient-to-b from-fuchsia-500 to-fuchsia-700 text-white shadow-md hover:from-fuchsia-400 hover:to-fuchsia-600",
  accept: "bg-gradient-to-b from-emerald-500 to-emerald-700 text-white shadow-md hover:from-emerald-400 hover:to-emerald-600",
  reject: "border border-red-300/60 bg-red-950/60 text-red-100 hover:bg-red-900/70",
  neutral: "border border-cream-100/25 bg-white/5 text-cream-50 hover:bg-white/10",
  play: "bg-gradient-to-b from-gold-400 to-gold-500 text-felt-950 shadow-md hover:from-gold-300 hover:to-gold-400",
};

function ActionButton({
  tone,
  onClick,
  disabled,
  children,
  testId,
  label,
}: {
  tone: Tone;
  onClick(): void;
  disabled: boolean;
  children: ReactNode;
  testId?: string;
  label?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
      className={`inline-flex min-h-11 min-w-[5.5rem] flex-1 flex-col items-center justify-center gap-0 rounded-xl px-3 py-1 text-sm font-bold leading-tight transition-colors disabled:cursor-not-allowed disabled:opacity-50 sm:flex-none sm:text-base ${TONES[tone]}`}
    >
      {children}
    </button>
  );
}

/**
 * Everything the viewer may do now, and only that: the buttons come from `legalActions`
 * (grouped), never from rules re-derived here. A pending call the viewer must answer becomes a
 * prompt with its stakes; otherwise the bar says whose decision the table waits for.
 */
export function ActionBar({
  groups,
  onAction,
  selected,
  onPlaySelected,
  timer: turnTimer,
  serverOffset,
  busy,
  connected,
  connecting = false,
}: {
  groups: ActionGroups;
  onAction(action: Action): void;
  selected: string | null;
  onPlaySelected(faceDown: boolean): void;
  /** The turn timer when it is the viewer's turn. */
  timer: TurnTimer | null;
  serverOffset: number;
  busy: boolean;
  connected: boolean;
  connecting?: boolean;
}) {
  const { t } = useTranslation();
  const [{ confirmPlay }] = useTableSettings();
  const { view, me, nickname, teamName } = useTable();
  const [confirmMazo, setConfirmMazo] = useState(false);
  const promptRef = useRef<HTMLElement>(null);
  const promptKey = `${view.actionCount}:${view.pendingDecision?.kind ?? ""}:${view.pendingDecision?.playerId === me}`;
  // On a small phone the question can open below the fold: bring it into view.
  // A question for the player: focus goes to its first answer, so a keyboard player answers at once.
  useEffect(() => {
    const prompt = promptRef.current;
    if (!prompt) return;
    prompt.scrollIntoView({ block: "nearest", behavior: "smooth" });
    prompt.querySelector<HTMLButtonElement>("button:not([disabled])")?.focus({ preventScroll: true });
  }, [promptKey]);
  useEffect(() => setConfirmMazo(false), [view.actionCount]);
  useEffect(() => {
    if (!confirmMazo) return;
    const timer = setTimeout(() => setConfirmMazo(false), 4000);
    return () => clearTimeout(timer);
  }, [confirmMazo]);

  const disabled = busy || !connected;
  const decision = view.pendingDecision;
  const mine = decision !== null && decision.playerId === me && groups.any;
  const live = view.gamePhase !== "round_end" && view.gamePhase !== "game_over";
  if (!live) return null;

  const truco = (call: TrucoCall) => (
    <ActionButton
      key={call}
      tone="truco"
      disabled={disabled}
      onClick={() => onAction({ type: "call_truco", call })}
      testId={`call-${call}`}
    >
      {t(`game:calls.${call}`)}
      {view.stake.nextValue !== null && view.stake.nextCall === call ? (
        <span className="font-sans text-[11px] font-semibold normal-case tracking-normal opacity-85">
          {t("game:callValue", { count: view.stake.nextValue })}
        </span>
      ) : null}
    </ActionButton>
  );
  const envido = (call: EnvidoCall) => (
    <ActionButton
      key={call}
      tone="envido"
      disabled={disabled}
      onClick={() => onAction({ type: "call_envido", call })}
      testId={`call-${call}`}
    >
      {t(`game:calls.${call}`)}
    </ActionButton>
  );
  const flor = (call: FlorCall) => (
    <ActionButton key={call} tone="flor" disabled={disabled} onClick={() => onAction({ type: "call_flor", call })} testId={`call-${call}`}>
      {t(`game:calls.${call}`)}
    </ActionButton>
  );
  const mazo = groups.mazo ? (
    <ActionButton
      key="mazo"
      tone={confirmMazo ? "reject" : "neutral"}
      disabled={disabled}
      testId="go-to-mazo"
      onClick={() => {
        if (confirmMazo) onAction({ type: "go_to_mazo" });
        else setConfirmMazo(true);
      }}
    >
      {confirmMazo ? t("game:prompt.mazoConfirm") : t("game:calls.mazo")}
    </ActionButton>
  ) : null;

  let prompt: { title: string; text?: string; buttons: ReactNode[] } | null = null;
  const pending = view.stake.pending;

  if (mine && decision.kind === "flor_declaration") {
    prompt = { title: t("game:board.myFlor"), text: t("game:prompt.florDeclare"), buttons: groups.florCalls.map(flor) };
  } else if (mine && decision.kind === "truco_response" && pending) {
    prompt = {
      title: t("game:prompt.trucoTitle", { name: nickname(pending.by), call: t(`game:calls.${pending.call}`) }),
      text: t("game:prompt.trucoMine", { value: pending.value, team: teamName(pending.team), run: pending.runValue }),
      buttons: [
        groups.trucoAnswers.includes("accept") ? (
          <ActionButton
            key="accept"
            tone="accept"
            disabled={disabled}
            onClick={() => onAction({ type: "respond_truco", response: "accept" })}
            testId="truco-accept"
          >
            {t("game:respond.accept")}
          </ActionButton>
        ) : null,
        groups.trucoCall ? truco(groups.trucoCall) : null,
        ...groups.envidoCalls.map(envido),
        groups.trucoAnswers.includes("reject") ? (
          <ActionButton
            key="reject"
            tone="reject"
            disabled={disabled}
            onClick={() => onAction({ type: "respond_truco", response: "reject" })}
            testId="truco-reject"
          >
            {t("game:respond.reject")}
          </ActionButton>
        ) : null,
        mazo,
      ],
    };
  } else if (mine && decision.kind === "envido_response" && view.envido) {
    const e = view.envido;
    const calls = e.calls.map((c) => t(`game:calls.${c}`)).join(" ");
    prompt = {
      title: t("game:prompt.envidoTitle", { name: nickname(e.caller), calls }),
      text:
        e.acceptValue === null
          ? t("game:prompt.envidoMineFalta", { team: teamName(e.callerTeam), run: e.rejectValue })
          : t("game:prompt.envidoMine", { value: e.acceptValue, team: teamName(e.callerTeam), run: e.rejectValue }),
      buttons: [
        groups.envidoAnswers.includes("accept") ? (
          <ActionButton
            key="accept"
            tone="accept"
            disabled={disabled}
            onClick={() => onAction({ type: "respond_envido", response: "accept" })}
            testId="envido-accept"
          >
            {t("game:respond.envidoAccept")}
          </ActionButton>
        ) : null,
        ...groups.envidoCalls.map(envido),
        groups.envidoAnswers.includes("reject") ? (
          <ActionButton
            key="reject"
            tone="reject"
            disabled={disabled}
            onClick={() => onAction({ type: "respond_envido", response: "reject" })}
            testId="envido-reject"
          >
            {t("game:respond.envidoReject")}
          </ActionButton>
        ) : null,
      ],
    };
  } else if (mine && decision.kind === "flor_response" && view.flor?.contest) {
    const c = view.flor.contest;
    prompt = {
      title: t("game:prompt.florTitle", { name: nickname(c.caller), call: t(`game:calls.${c.calls[c.calls.length - 1]}`) }),
      text: t("game:prompt.florMine"),
      buttons: [
        groups.florAnswers.includes("accept") ? (
          <ActionButton
            key="accept"
            tone="accept"
            disabled={disabled}
            onClick={() => onAction({ type: "respond_flor", response: "accept" })}
            testId="flor-accept"
          >
            {t("game:respond.envidoAccept")}
          </ActionButton>
        ) : null,
        ...groups.florCalls.map(flor),
        groups.florAnswers.includes("reject") ? (
          <ActionButton
            key="reject"
            tone="reject"
            disabled={disabled}
            onClick={() => onAction({ type: "respond_flor", response: "reject" })}
            testId="flor-reject"
          >
            {t("game:respond.envidoReject")}
          </ActionButton>
        ) : null,
      ],
    };
  } else if (mine && decision.kind === "mao_decision") {
    const values = view.rules.ladder.values;
    const solo = view.seats.length === 2;
    prompt = {
      title: t(view.specialHand === "mao_de_dez" ? "game:prompt.maoTitle_dez" : "game:prompt.maoTitle_onze"),
      text: t(solo ? "game:prompt.maoMineSolo" : "game:prompt.maoMine", { value: values[1], run: values[0] }),
      buttons: [
        groups.maoAnswers.includes("play") ? (
          <ActionButton
            key="play"
            tone="accept"
            disabled={disabled}
            onClick={() => onAction({ type: "respond_mao", response: "play" })}
            testId="mao-play"
          >
            {t("game:respond.maoPlay")}
          </ActionButton>
        ) : null,
        groups.maoAnswers.includes("run") ? (
          <ActionButton
            key="run"
            tone="reject"
            disabled={disabled}
            onClick={() => onAction({ type: "respond_mao", response: "run" })}
            testId="mao-run"
          >
            {t("game:respond.maoRun")}
          </ActionButton>
        ) : null,
      ],
    };
  }

  const timer = mine && turnTimer ? <LiveTurnBar timer={turnTimer} serverOffset={serverOffset} /> : null;

  if (prompt) {
    return (
      <section
        ref={promptRef}
        aria-label={t("game:board.actions")}
        className="animate-banner flex flex-col gap-2 rounded-2xl border-2 border-gold-400/70 bg-felt-950/90 p-3 shadow-xl shadow-black/40"
        data-testid="prompt"
      >
        <div role="alert" className="flex flex-col gap-0.5">
          <p className="font-display text-lg font-bold text-gold-300">{prompt.title}</p>
          {prompt.text ? <p className="text-sm text-cream-100/85">{prompt.text}</p> : null}
        </div>
        {timer}
        <div className="flex flex-wrap gap-2">{prompt.buttons}</div>
      </section>
    );
  }

  // The viewer's turn to play: calls, and the picked card's buttons.
  if (mine && decision.kind === "play") {
    const pick = selected ? groups.plays[selected] : undefined;
    return (
      <section aria-label={t("game:board.actions")} className="flex flex-col gap-2" data-testid="action-bar">
        {timer}
        <div className="flex flex-wrap gap-2">
          {pick?.faceUp ? (
            <ActionButton tone="play" disabled={disabled} onClick={() => onPlaySelected(false)} testId="play-selected">
              {t("game:board.play")}
            </ActionButton>
          ) : null}
          {pick?.faceDown ? (
            <ActionButton tone="neutral" disabled={disabled} onClick={() => onPlaySelected(true)} testId="play-face-down">
              {t("game:board.playFaceDown")}
            </ActionButton>
          ) : null}
          {groups.trucoCall ? truco(groups.trucoCall) : null}
          {groups.envidoCalls.map(envido)}
          {groups.florCalls.map(flor)}
          {mazo}
        </div>
        {!selected ? (
          // The hint speaks of taps on a touch screen and of clicks with a mouse: CSS picks, so the
          // server's page and the hydrated one agree.
          <p className="text-center text-xs text-cream-100/60">
            <span className="pointer-fine:hidden">{t(confirmPlay ? "game:board.selectHint" : "game:board.tapHint")}</span>
            <span className="hidden pointer-fine:inline">{t(confirmPlay ? "game:board.clickSelectHint" : "game:board.clickHint")}</span>
          </p>
        ) : null}
        {!connected ? (
          <p className={`text-center text-xs ${connecting ? "text-cream-100/70" : "text-red-200"}`}>
            {t(connecting ? "game:room.connecting" : "game:board.disconnectedActions")}
          </p>
        ) : null}
      </section>
    );
  }

  // Someone else decides: say who, and what is pending.
  let status = decision ? t("game:board.waitingFor", { name: nickname(decision.playerId) }) : "";
  if (pending && decision?.kind === "truco_response") {
    const mineCall = view.myTeam !== null && pending.team === view.myTeam;
    status = mineCall
      ? t("game:prompt.trucoWaiting", { name: nickname(pending.responder) })
      : `${t("game:prompt.trucoTitle", { name: nickname(pending.by), call: t(`game:calls.${pending.call}`) })} — ${t("game:prompt.trucoPartner", { name: nickname(decision.playerId) })}`;
  } else if (decision?.kind === "mao_decision" && view.myTeam !== null && view.specialTeam && view.specialTeam !== view.myTeam) {
    status = t("game:prompt.maoWaiting");
  } else if (decision?.kind === "mao_decision" && view.myTeam !== null && view.specialTeam === view.myTeam) {
    status = t("game:prompt.trucoPartner", { name: nickname(decision.playerId) });
  }
  if (view.specialHand === "mao_de_ferro" && decision?.kind === "play") status = `${t("game:prompt.ferro")} ${status}`;
  return (
    <section
      aria-label={t("game:board.actions")}
      className="min-h-11 rounded-xl bg-black/20 px-3 py-2 text-center text-sm text-cream-100/80"
      data-testid="action-status"
    >
      {status}
    </section>
  );
}
