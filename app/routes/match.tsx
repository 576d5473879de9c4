import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { queueKey } from "../../game/matchmaking/pairing";
import { BOTS_OFFER_MS, nextOfferAt, RANKED_BOTS_OFFER_MS, searchOffers } from "../../game/matchmaking/search-policy";
import { useChannel } from "~/components/channel/channel-provider";
import { HOME_ACTION } from "~/components/home/home-forms";
import { BoltIcon, TrophyIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/services/auth.server";
import { arrivedAt, cancelQueueFor, queueStateOf, widenSearchFor } from "~/services/matchmaking.server";

// The quick-match waiting screen: the time waited, how many are searching in the queue, the
// estimated wait and when the next offer comes, cancel (a form: it works before hydration), and the
// offers of game/matchmaking/search-policy.ts: a casual queue offers a game against the computer at
// 20 s; a ranked one offers a wider search at 30 s and the computer (practice: no entry, no ranking
// points) at 60 s; the player keeps their place. Everything after the first render arrives on the
// player's channel socket, which the page already holds (ADR 122): how many search, the estimate
// and the offers (`queue_update`), the match (`match_found`, which the channel provider follows to the room), and
// a drop (`queue_left`). The page asks the server nothing while it waits; only when its socket
// (re)connects does it read its state once, for a match made while no socket was open. The
// player stays in the queue while any of their channel sockets is open; a closed tab leaves it.

export const meta: MetaFunction = () => [{ title: "Partida rápida · Mesa de Truco" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const state = await queueStateOf(context, user.id);
  if (state.state === "none") throw redirect("/");
  if (state.state === "matched") {
    await arrivedAt(context, user.id, state.game_id);
    throw redirect(`/game/${state.game_id}`);
  }
  return state;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") === "widen") {
    await widenSearchFor(context, user.id);
    return redirect("/match");
  }
  const cancelled = await cancelQueueFor(context, user.id);
  // Too late: a match already seated the player, who goes there (nothing charged was lost).
  if (cancelled.game_id) return redirect(`/game/${cancelled.game_id}`);
  return redirect("/");
}

/** When each queue's computer offer comes (the last one), to say which offer is next. */
const BOTS_MARK = { casual: BOTS_OFFER_MS, ranked: RANKED_BOTS_OFFER_MS } as const;

function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export default function MatchPage() {
  const state = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const { subscribe } = useChannel();
  const [live, setLive] = useState<{ key: string; searching: number; estimateMs?: number; widened?: boolean; bots?: boolean } | null>(null);
  // The server's clock at render, then the browser's ticking from it (no skew between the two).
  const [elapsed, setElapsed] = useState(state.now - state.joined_at);
  useEffect(() => {
    const start = performance.now();
    const base = state.now - state.joined_at;
    const tick = setInterval(() => setElapsed(base + (performance.now() - start)), 1_000);
    return () => clearInterval(tick);
  }, [state.now, state.joined_at]);
  useEffect(
    () =>
      subscribe((message) => {
        if (message.type === "queue_update") {
          const { queue_key, searching, estimate_ms, widened, offers } = message.payload;
          setLive({ key: queue_key, searching, estimateMs: estimate_ms, widened, bots: offers?.bots });
        }
        // A socket that (re)connected: the loader says where the player stands (a drop, `queue_left`,
        // makes every page's loaders run again in the channel provider).
        else if (message.type === "hello") revalidate.current();
      }),
    [subscribe],
  );

  // A fresh answer from the loader replaces what the channel said before it.
  useEffect(() => setLive(null), [state]);

  const { queue } = state;
  const pushed = live && live.key === queueKey(queue) ? live : null;
  const searching = pushed ? pushed.searching : state.searching;
  const estimateMs = pushed?.estimateMs ?? state.estimate_ms;
  const widened = pushed?.widened ?? state.widened;
  const ranked = queue.mode === "ranked";
  // The server's word (render and pushes), and the same policy on the page's clock between pushes.
  const offers = searchOffers(queue.mode, elapsed, widened);
  const offerBots = state.offer_bots || Boolean(pushed?.bots) || offers.bots;
  const offerWiden = !widened && (state.offer_widen || offers.widen);
  const nextAt = nextOfferAt(queue.mode, elapsed, widened);
  const busy = navigation.state !== "idle";

  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-5 px-4 py-8" data-testid="match-waiting">
      <section className="felt-panel flex flex-col items-center gap-4 p-6 text-center" aria-live="polite">
        <span
          aria-hidden
          className={`grid h-16 w-16 place-items-center rounded-full ring-2 motion-safe:animate-pulse ${
            ranked ? "bg-gold-400/20 text-gold-300 ring-gold-400/50" : "bg-felt-600/40 text-cream-50 ring-cream-100/30"
          }`}
        >
          {ranked ? <TrophyIcon className="h-8 w-8" /> : <BoltIcon className="h-8 w-8" />}
        </span>
        <h1 className="font-display text-2xl font-bold text-cream-50">
          {t(queue.type === "1v1" ? "matchmaking:title" : "matchmaking:titleTeam")}
        </h1>
        <p className="text-sm font-semibold uppercase tracking-wide text-gold-300" data-testid="match-queue">
          {t("matchmaking:queue", {
            mode: t(`modes:names.${queue.mode}`),
            type: t(`modes:types.${queue.type}`),
            variant: t(`variants:names.${queue.variant}`),
          })}
        </p>
        <div className="flex flex-col items-center">
          <span className="text-xs text-cream-100/70">{t("matchmaking:waited")}</span>
          <span className="font-mono text-4xl font-bold tabular-nums text-cream-50" data-testid="match-elapsed">
            {clock(elapsed)}
          </span>
        </div>
        <p className="text-cream-100/85" data-testid="match-searching">
          {t("matchmaking:searching", { count: searching })}
        </p>
        <p className="text-sm text-cream-100/85" data-testid="match-estimate">
          {t("matchmaking:estimate", { time: clock(estimateMs) })}
          {nextAt !== null ? (
            <>
              {" · "}
              <span data-testid="match-next-offer">
                {t(nextAt === BOTS_MARK[queue.mode] ? "matchmaking:nextBots" : "matchmaking:nextWiden", {
                  time: clock(nextAt - elapsed + 999),
                })}
              </span>
            </>
          ) : null}
        </p>
        {widened ? (
          <p className="text-sm font-semibold text-gold-300" data-testid="match-widened">
            {t("matchmaking:widened")}
          </p>
        ) : null}
        <p className="text-sm text-cream-100/70">{t(ranked ? "matchmaking:rankedHint" : "matchmaking:hint")}</p>
        <Form method="post" replace>
          <Button type="submit" variant="secondary" disabled={busy} data-testid="match-cancel">
            {t("matchmaking:cancel")}
          </Button>
        </Form>
      </section>

      {offerWiden ? (
        <section className="felt-panel flex flex-col gap-3 p-5" data-testid="match-widen-offer">
          <h2 className="font-display text-lg font-bold text-cream-50">{t("matchmaking:widenTitle")}</h2>
          <p className="text-sm text-cream-100/80">{t("matchmaking:widenText")}</p>
          <Form method="post" replace>
            <input type="hidden" name="intent" value="widen" />
            <Button type="submit" disabled={busy} data-testid="match-widen">
              {t("matchmaking:widenPlay")}
            </Button>
          </Form>
        </section>
      ) : null}

      {offerBots ? (
        <section className="felt-panel flex flex-col gap-3 p-5" data-testid="match-bots-offer">
          <h2 className="font-display text-lg font-bold text-cream-50">{t("matchmaking:botsTitle")}</h2>
          <p className="text-sm text-cream-100/80">{t(ranked ? "matchmaking:botsTextRanked" : "matchmaking:botsText")}</p>
          <Form method="post" action={HOME_ACTION}>
            <input type="hidden" name="intent" value="play" />
            <input type="hidden" name="table" value={`bots:${queue.type}`} />
            <input type="hidden" name="truco_variant" value={queue.variant} />
            <input type="hidden" name="bot_level" value="normal" />
            <Button type="submit" disabled={busy} data-testid="match-play-bots">
              {t("matchmaking:botsPlay")}
            </Button>
          </Form>
        </section>
      ) : null}
    </main>
  );
}
