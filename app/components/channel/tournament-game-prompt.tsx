import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BoltIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { useChannel } from "./channel-provider";
import { LazyLink } from "~/components/ui/lazy-link";

// "Your tournament game is ready", on whatever signed-in page the player is: the server
// created the game with their seat; the link opens it (2 minutes to connect, or it is lost by
// forfeit). It only ever arrives over the live channel.

interface Ready {
  gameId: string;
  tournamentId: string;
  name: string;
  final: boolean;
}

export function TournamentGamePrompt() {
  const { subscribe } = useChannel();
  const { t } = useTranslation();
  const location = useLocation();
  const [ready, setReady] = useState<Ready | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const shown = ready !== null && location.pathname !== `/game/${ready.gameId}`;

  // A modal in the top layer: it must stay reachable over another modal (a finished game's result
  // is one, and makes the rest of the page inert), which is where a semi-finalist hears of the final.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (shown && !element.open) element.showModal();
    if (!shown && element.open) element.close();
  }, [shown]);

  useEffect(
    () =>
      subscribe((message) => {
        if (message.type !== "tournament_game_ready") return;
        const { game_id, tournament_id, tournament_name, final } = message.payload;
        setReady({ gameId: game_id, tournamentId: tournament_id, name: tournament_name, final });
      }),
    [subscribe],
  );

  // Already at the table (or nothing ready): nothing to say.
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby="tournament-game-title"
      aria-describedby="tournament-game-text"
      data-testid="tournament-game-prompt"
      onClose={() => setReady(null)}
      className="m-auto w-[calc(100%-1.5rem)] max-w-md rounded-2xl border border-gold-400/60 bg-felt-900 p-4 text-cream-50 shadow-2xl backdrop:bg-black/60"
    >
      {ready ? (
        <>
          <div className="flex items-start gap-3">
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-gold-400/15 text-gold-300 ring-1 ring-gold-400/40">
              <BoltIcon className="h-6 w-6" />
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <h2 id="tournament-game-title" className="font-display text-lg font-bold text-gold-300">
                {t(ready.final ? "tournaments:gameReadyFinal" : "tournaments:gameReadyToast", { name: ready.name })}
              </h2>
              <p id="tournament-game-text" className="text-sm">
                {t("tournaments:yourGameText")}
              </p>
            </div>
          </div>
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" className={buttonClasses("secondary", "sm")} onClick={() => setReady(null)}>
              {t("common:close")}
            </button>
            <LazyLink
              to={`/game/${ready.gameId}`}
              className={buttonClasses("primary", "sm")}
              data-testid="tournament-game-link"
              onClick={() => setReady(null)}
            >
              {t("tournaments:play")}
            </LazyLink>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
