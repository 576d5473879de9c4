import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CoinIcon, StarIcon } from "~/components/icons";
import { LiveCounts } from "~/components/live-counts";
import { Button } from "~/components/ui/button";
import type { loader as homeLoader } from "~/routes/_index";
import { useChannel } from "~/components/channel/channel-provider";
import type { LobbyPush } from "../../../game/lobby/lobby";
import { LiveGames } from "./live-games";
import { HOME_ACTION } from "./home-forms";
import { tableRulesText } from "~/utils/table-rules";

/**
 * The home page's live parts: the server's HTML has them; once hydrated, the player's channel
 * pushes them on every change while the page is visible (no request of its own). Sitting is a form
 * (works from the first tap).
 */
function useLobbyLive(): LobbyPush | null {
  const { lobby } = useLoaderData<typeof homeLoader>();
  const { subscribe, watchLobby } = useChannel();
  const [pushed, setPushed] = useState<LobbyPush | null>(null);
  useEffect(() => {
    const stop = subscribe((message) => {
      if (message.type === "lobby") setPushed(message.payload);
    });
    const unwatch = watchLobby();
    return () => {
      unwatch();
      stop();
    };
  }, [subscribe, watchLobby]);
  return pushed ?? lobby;
}

export function HomeLive() {
  const live = useLobbyLive();
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (!live) return null;
  const sitting = navigation.formData?.get("intent") === "sit" ? navigation.formData.get("game_id") : null;

  return (
    <>
      <LiveGames games={live.live ?? []} />
      <section aria-labelledby="open-tables-title" className="felt-panel flex flex-col gap-3 p-4 sm:p-5" data-testid="open-tables">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="open-tables-title" className="font-display text-xl font-bold text-cream-50">
            {t("matchmaking:openTables")}
          </h2>
          <LiveCounts online={live.online} playing={live.playing} />
        </div>
        {live.open_tables.length === 0 ? (
          <p className="text-sm text-cream-100/70" data-testid="open-tables-empty">
            {t("matchmaking:openTablesEmpty")}
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {live.open_tables.map((table) => {
              const mode = t(`modes:names.${table.game_mode}`);
              const type = t(`modes:types.${table.game_type}`);
              const variant = t(`variants:names.${table.truco_variant}`);
              return (
                <li
                  key={table.id}
                  className="flex min-w-0 items-center gap-3 rounded-2xl border border-white/10 bg-black/20 p-3"
                  data-testid="open-table"
                  data-game-id={table.id}
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-x-2 font-semibold text-cream-50">
                      <span>{`${mode} · ${type}`}</span>
                      {table.premium_only ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-gold-400/20 px-2 py-0.5 text-xs text-gold-300">
                          <StarIcon className="h-3 w-3" />
                          {t("matchmaking:premiumOnly")}
                        </span>
                      ) : null}
                    </p>
                    <p className="truncate text-sm text-cream-100/75">
                      {variant} · {table.creator_nickname} ({table.creator_rating})
                    </p>
                    <p className="truncate text-xs text-cream-100/70" data-testid="open-table-rules">
                      {tableRulesText(t, table.truco_variant, table.capacity, table.house_rules)}
                    </p>
                    <p className="flex items-center gap-2 text-xs text-cream-100/70">
                      <span className="inline-flex items-center gap-1 text-gold-300">
                        <CoinIcon className="h-3.5 w-3.5" />
                        {table.entry_cost}
                      </span>
                      <span>{t("matchmaking:seats", { taken: table.seats_taken, capacity: table.capacity })}</span>
                    </p>
                  </div>
                  <Form method="post" action={HOME_ACTION}>
                    <input type="hidden" name="intent" value="sit" />
                    <input type="hidden" name="game_id" value={table.id} />
                    <Button
                      type="submit"
                      size="md"
                      disabled={sitting !== null}
                      aria-busy={sitting === table.id}
                      aria-label={t("matchmaking:sitLabel", { name: table.creator_nickname, type, mode, variant, cost: table.entry_cost })}
                      data-testid="sit"
                    >
                      {t("matchmaking:sit")}
                    </Button>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
