import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, searchTerm } from "../../game/channel/friends";
import { VARIANTS } from "../../game/truco/variant-list";
import { seatConflict } from "../../game/room/one-seat";
import { friendToastKey, useFriendGame, useFriendStatus } from "~/components/channel/channel-provider";
import { Avatar } from "~/components/avatar";
import { FriendsIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { BackHeader, LinkTabs, PageTitle } from "~/components/ui/page";
import { useToast } from "~/components/ui/toast";
import { FriendsFormSchema } from "~/schemas/friends";
import { requireUser } from "~/services/auth.server";
import {
  acceptRequest,
  cancelRequest,
  declineRequest,
  listFriendsPlaying,
  receivedRequests,
  removeFriend,
  searchPlayers,
  sendRequest,
  sentRequests,
  suggestedPlayers,
  type FriendEntry,
  type SearchResult,
} from "~/services/friends.server";
import { heldSeatsOf } from "~/services/games.server";
import { serverT } from "~/services/i18n.server";
import { inviteFriend, waitingRoomOf } from "~/services/invitations.server";
import { replicaContext } from "~/services/replica.server";
import { SiteHeader } from "~/components/site-header";
import { LazyLink } from "~/components/ui/lazy-link";

// The /friends screen of spec §2: tabs as links (?tab=), every control a <Form> that
// works from the first tap, the search a GET form that the page submits itself (debounced) once
// hydrated. Statuses come from D1 with the page and then live from the player's channel.

const TABS = ["friends", "requests", "add"] as const;
type Tab = (typeof TABS)[number];

export const meta: MetaFunction = () => [{ title: "Amigos · Mesa de Truco" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const wanted = url.searchParams.get("tab");
  const tab: Tab = TABS.includes(wanted as Tab) ? (wanted as Tab) : "friends";
  const q = (url.searchParams.get("q") ?? "").slice(0, 80);
  const wantedTerm = tab === "add" ? searchTerm(q) : null;
  // The page's search is the service of GET /api/users/search, with its limit. The lists are
  // shown, not decided on (accepting, inviting and joining are actions): a replica reads them.
  const reads = replicaContext(context);
  // The page keeps a player it already asked in the search, marked (the API leaves them out).
  const [{ friends, games }, requests, sent, searched, suggestions, waitingRoom, held] = await Promise.all([
    listFriendsPlaying(reads, user.id),
    receivedRequests(reads, user.id),
    tab === "requests" ? sentRequests(reads, user.id) : Promise.resolve([]),
    wantedTerm ? searchPlayers(context, request, user, wantedTerm, { keepAsked: true }) : Promise.resolve(null),
    tab === "add" && !wantedTerm ? suggestedPlayers(reads, user.id) : Promise.resolve([]),
    tab === "friends" ? waitingRoomOf(reads, user.id) : Promise.resolve(null),
    tab === "friends" ? heldSeatsOf(reads, user.id) : Promise.resolve([]),
  ]);
  return {
    tab,
    q,
    friends,
    games,
    requests,
    sent,
    results: searched?.ok ? searched.data : null,
    searchError: searched && !searched.ok ? searched.error : null,
    suggestions,
    // A new table for an invitation opens only when no other table holds the player (one table at a time).
    canOpenTable: seatConflict(held, null) === null,
    waitingRoom: waitingRoom
      ? {
          id: waitingRoom.id,
          game_code: waitingRoom.game_code,
          truco_variant: waitingRoom.truco_variant,
          game_type: waitingRoom.game_type,
          entry_cost: waitingRoom.entry_cost,
        }
      : null,
  };
}

type ActionAnswer = { ok: true; message: string; key?: string; at: number } | { ok: false; error: string; at: number };

/** A refusal's own text where it says more than the page's (a rate limit's wait, a send's reason), else the page's. */
function refusedText(outcome: { status: number; error: string }, fallback: string, specific = false): string {
  return specific || outcome.status === 429 ? outcome.error || fallback : fallback;
}

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionAnswer> {
  const user = await requireUser(request, context);
  const t = await serverT(request);
  const at = Date.now();
  // A body that is not a form (another client posting JSON) is refused like a bad form.
  const fields = await request.formData().catch(() => null);
  const parsed = FriendsFormSchema.safeParse(fields ? Object.fromEntries(fields) : null);
  if (!parsed.success) return { ok: false, error: t("errors:invalidBody"), at };
  const form = parsed.data;
  // The channel pushes the same news (friend_added); the shared key makes it one toast.
  const nowFriends = (friend: { id: string; nickname: string }): ActionAnswer => ({
    ok: true,
    message: t("friends:friendAdded", { name: friend.nickname }),
    key: friendToastKey(friend.id),
    at,
  });
  // The services count the same rate limits as the REST routes: the page is no way around them.
  switch (form.intent) {
    case "request": {
      const sent = await sendRequest(context, request, user, form.user_id);
      if (!sent.ok) return { ok: false, error: refusedText(sent, t("friends:errorSend"), true), at };
      if (sent.data.status === "accepted") return nowFriends(sent.data.friend);
      return { ok: true, message: t("friends:requestSent"), at };
    }
    case "accept": {
      const accepted = await acceptRequest(context, request, user, form.request_id);
      return accepted.ok ? nowFriends(accepted.data.friend) : { ok: false, error: refusedText(accepted, t("friends:errorAccept")), at };
    }
    case "cancel": {
      const cancelled = await cancelRequest(context, request, user, form.request_id);
      return cancelled.ok
        ? { ok: true, message: t("friends:requestCancelled"), at }
        : { ok: false, error: refusedText(cancelled, t("friends:errorCancel"), true), at };
    }
    case "decline": {
      const declined = await declineRequest(context, request, user, form.request_id);
      return declined.ok
        ? { ok: true, message: t("friends:requestDeclined"), at }
        : { ok: false, error: refusedText(declined, t("friends:errorDecline")), at };
    }
    case "remove": {
      const removed = await removeFriend(context, request, user, form.friend_id);
      return removed.ok ? { ok: true, message: t("friends:friendRemoved"), at } : { ok: false, error: t("friends:errorRemove"), at };
    }
    case "invite": {
      const body = form.game_id ? { game_id: form.game_id } : { truco_variant: form.truco_variant ?? "paulista" };
      const invited = await inviteFriend(request, context, user, form.friend_id, body);
      if (!invited.ok) return { ok: false, error: refusedText(invited, t("friends:errorInvite"), true), at };
      // The inviter waits at the table while the friend answers.
      throw redirect(`/game/${invited.data.game.id}`);
    }
  }
}

function winRate(row: { games_played: number; games_won: number }, language: string): string {
  const rate = row.games_played > 0 ? (row.games_won / row.games_played) * 100 : 0;
  return `${rate.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

export default function FriendsPage() {
  const data = useLoaderData<typeof loader>();
  // A form posted before the page hydrated answers with the page (the buttons' fetchers after it).
  useAnswerToast(useActionData<typeof action>());
  const { t } = useTranslation();

  const tabs: { id: Tab; label: string }[] = [
    { id: "friends", label: t("friends:tabFriends", { count: data.friends.length }) },
    { id: "requests", label: t("friends:tabRequests", { count: data.requests.length }) },
    { id: "add", label: t("friends:tabAdd") },
  ];

  return (
    <>
      <SiteHeader />
      <div className="mx-auto flex w-full max-w-3xl flex-col px-3 pb-10 sm:px-6">
        <BackHeader label={t("common:back")} />
        <main id="main" className="flex flex-col gap-5">
          <PageTitle icon={<FriendsIcon className="h-7 w-7" />} title={t("friends:title")} subtitle={t("friends:subtitle")} />
          <LinkTabs
            label={t("friends:title")}
            current={data.tab}
            tabs={tabs.map((tab) => ({
              ...tab,
              to: tab.id === "friends" ? "/friends" : `/friends?tab=${tab.id}`,
              testId: `friends-tab-${tab.id}`,
            }))}
          />

          {data.tab === "friends" ? (
            <FriendsTab friends={data.friends} games={data.games} waitingRoom={data.waitingRoom} canOpenTable={data.canOpenTable} />
          ) : null}
          {data.tab === "requests" ? <RequestsTab requests={data.requests} sent={data.sent} /> : null}
          {data.tab === "add" ? (
            <AddTab q={data.q} results={data.results} searchError={data.searchError} suggestions={data.suggestions} />
          ) : null}
        </main>
      </div>
    </>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="felt-panel flex flex-col items-center gap-3 p-6 text-center">
      <FriendsIcon className="h-10 w-10 text-gold-300/80" />
      <h2 className="font-display text-xl font-bold text-cream-50">{title}</h2>
      <p className="max-w-md text-sm text-cream-100/75">{text}</p>
      {children}
    </div>
  );
}

function StatusDot({ status }: { status: FriendEntry["status"] }) {
  const { t } = useTranslation();
  const tone = status === "playing" ? "bg-gold-400" : status === "online" ? "bg-emerald-400" : "bg-cream-100/30";
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs font-semibold text-cream-100/80"
      data-testid="friend-status"
      data-status={status}
    >
      <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${tone}`} />
      {t(`friends:status.${status}`)}
    </span>
  );
}

function FriendsTab({
  friends,
  games,
  waitingRoom,
  canOpenTable,
}: {
  friends: LoaderData["friends"];
  games: LoaderData["games"];
  waitingRoom: LoaderData["waitingRoom"];
  canOpenTable: boolean;
}) {
  const { t } = useTranslation();
  if (friends.length === 0) {
    return (
      <EmptyState title={t("friends:emptyFriendsTitle")} text={t("friends:emptyFriendsText")}>
        <Link to="/friends?tab=add" className={buttonClasses("primary", "md")}>
          {t("friends:findPlayers")}
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-2" data-testid="friends-list">
      {friends.map((friend) => (
        <FriendRow key={friend.id} friend={friend} game={games[friend.id] ?? null} waitingRoom={waitingRoom} canOpenTable={canOpenTable} />
      ))}
    </ul>
  );
}

function FriendRow({
  friend,
  game,
  waitingRoom,
  canOpenTable,
}: {
  friend: LoaderData["friends"][number];
  /** The game the friend was playing when the page loaded. */
  game: string | null;
  waitingRoom: LoaderData["waitingRoom"];
  canOpenTable: boolean;
}) {
  const { t } = useTranslation();
  const status = useFriendStatus(friend);
  const playingIn = useFriendGame(friend, game);
  const busy = useNavigation().state === "submitting";
  const online = status !== "offline";
  return (
    <li className="felt-panel flex flex-col gap-3 p-3 sm:p-4" data-testid="friend-row" data-friend={friend.nickname}>
      <div className="flex items-center gap-3">
        <Avatar name={friend.nickname} url={friend.avatar_url} seed={friend.id} size={44} />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold text-cream-50">{friend.nickname}</span>
          <span className="flex flex-wrap items-center gap-x-3 text-xs text-gold-300">
            {t("friends:points", { count: friend.ranking_points })}
            <StatusDot status={status} />
          </span>
        </div>
        {status === "playing" && playingIn ? (
          <LazyLink
            to={`/game/${encodeURIComponent(playingIn)}/watch`}
            className={buttonClasses("secondary", "sm", "shrink-0")}
            data-testid="friend-watch"
            aria-label={t("spectate:watchGame", { names: friend.nickname })}
          >
            {t("spectate:watch")}
          </LazyLink>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <details className="group min-w-0 flex-1">
          <summary
            className={buttonClasses(online ? "primary" : "secondary", "sm", "w-full cursor-pointer list-none")}
            aria-disabled={!online}
            data-testid="invite-open"
          >
            {online ? t("friends:invite") : t("friends:inviteOffline")}
          </summary>
          {online ? (
            <div className="mt-2 flex flex-col gap-2 rounded-xl bg-black/25 p-3">
              <p className="text-sm font-semibold text-cream-50">{t("friends:inviteTitle", { name: friend.nickname })}</p>
              {waitingRoom ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="invite" />
                  <input type="hidden" name="friend_id" value={friend.id} />
                  <input type="hidden" name="game_id" value={waitingRoom.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className={buttonClasses("primary", "sm", "w-full")}
                    data-testid="invite-to-my-table"
                  >
                    {t("friends:inviteToMyTable")} · #{waitingRoom.game_code}
                  </button>
                </Form>
              ) : null}
              {/* Another table would be refused while one holds the player: it is offered only when it can open. */}
              {!canOpenTable && !waitingRoom ? (
                <p className="text-xs text-cream-100/75" data-testid="invite-seated">
                  {t("friends:inviteSeated")}
                </p>
              ) : null}
              {canOpenTable ? (
                <Form method="post" className="flex flex-col gap-2">
                  <input type="hidden" name="intent" value="invite" />
                  <input type="hidden" name="friend_id" value={friend.id} />
                  <p className="text-xs text-cream-100/75">
                    <strong className="text-cream-50">{t("friends:newTableTitle")}</strong> · {t("friends:newTableText", { n: 50 })}
                  </p>
                  <label className="flex items-center gap-2 text-sm text-cream-100">
                    {t("friends:variantLabel")}
                    <select
                      name="truco_variant"
                      defaultValue="paulista"
                      className="min-h-9 flex-1 rounded-lg border border-white/15 bg-felt-950 px-2 text-cream-50"
                    >
                      {VARIANTS.map((variant) => (
                        <option key={variant} value={variant}>
                          {t(`variants:names.${variant}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" disabled={busy} className={buttonClasses("primary", "sm")} data-testid="invite-submit">
                    {t("friends:createAndInvite")}
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </details>
        <details className="min-w-0 flex-1">
          <summary
            className={buttonClasses("ghost", "sm", "w-full cursor-pointer list-none")}
            aria-label={t("friends:removeLabel", { name: friend.nickname })}
            data-testid="remove-open"
          >
            {t("friends:remove")}
          </summary>
          <Form
            method="post"
            className="mt-2 flex flex-col gap-2 rounded-xl bg-black/25 p-3"
            role="group"
            aria-label={t("friends:removeConfirm")}
          >
            <p className="text-sm text-cream-50">{t("friends:removeConfirm")}</p>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="friend_id" value={friend.id} />
            <button type="submit" disabled={busy} className={buttonClasses("danger", "sm")} data-testid="remove-confirm">
              {t("friends:removeYes")}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

/** Says an action's answer once, as a toast. */
function useAnswerToast(answer: ActionAnswer | undefined) {
  const toast = useToast();
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!answer || shown.current === answer.at) return;
    shown.current = answer.at;
    if (answer.ok) toast.success(answer.message, answer.key);
    else toast.error(answer.error);
  }, [answer, toast]);
}

/**
 * A small button posting the page's action: its intent and the one id it acts on. It posts through
 * a fetcher, so the page stays where it is (the search and its address included) while the lists
 * reload; before hydration it is a plain form whose answer comes back with the page.
 */
function IntentButton({
  intent,
  field: [name, value],
  busy,
  tone,
  label,
  children,
}: {
  intent: string;
  field: [string, string];
  busy: boolean;
  tone: "primary" | "secondary";
  label: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher<typeof action>();
  const location = useLocation();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" action={`${location.pathname}${location.search}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <button type="submit" disabled={busy || fetcher.state !== "idle"} className={buttonClasses(tone, "sm")} aria-label={label}>
        {children}
      </button>
    </fetcher.Form>
  );
}

function formatDate(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language, { day: "numeric", month: "short", year: "numeric", timeZone: "America/Sao_Paulo" });
}

function RequestsTab({ requests, sent }: { requests: LoaderData["requests"]; sent: LoaderData["sent"] }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-4">
      {requests.length === 0 ? (
        <EmptyState title={t("friends:emptyRequestsTitle")} text={t("friends:emptyRequestsText")}>
          <Link to="/friends?tab=add" className={buttonClasses("secondary", "md")}>
            {t("friends:findPlayers")}
          </Link>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="requests-list">
          {requests.map((request) => (
            <li key={request.id} className="felt-panel flex flex-wrap items-center gap-3 p-3 sm:p-4" data-testid="request-row">
              <Avatar
                name={request.friend_profile.nickname}
                url={request.friend_profile.avatar_url}
                seed={request.friend_profile.id}
                size={44}
              />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold text-cream-50">{request.friend_profile.nickname}</span>
                <span className="text-xs text-gold-300">{t("friends:points", { count: request.friend_profile.ranking_points })}</span>
                <span className="text-xs text-cream-100/70">
                  {t("friends:sentOn", { date: formatDate(request.created_at, i18n.language) })}
                </span>
              </div>
              <div className="flex gap-2">
                <IntentButton
                  intent="decline"
                  field={["request_id", request.id]}
                  busy={busy}
                  tone="secondary"
                  label={t("friends:declineLabel", { name: request.friend_profile.nickname })}
                >
                  {t("friends:decline")}
                </IntentButton>
                <IntentButton
                  intent="accept"
                  field={["request_id", request.id]}
                  busy={busy}
                  tone="primary"
                  label={t("friends:acceptLabel", { name: request.friend_profile.nickname })}
                >
                  {t("friends:accept")}
                </IntentButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {sent.length > 0 ? (
        <section className="flex flex-col gap-2" aria-labelledby="sent-title">
          <h2 id="sent-title" className="font-display text-lg font-bold text-cream-50">
            {t("friends:sentTitle")}
          </h2>
          <ul className="flex flex-col gap-2" data-testid="sent-list">
            {sent.map((request) => (
              <li
                key={request.id}
                className="felt-panel flex flex-wrap items-center gap-3 p-3"
                data-testid="sent-row"
                data-player={request.user.nickname}
              >
                <Avatar name={request.user.nickname} url={request.user.avatar_url} seed={request.user.id} size={36} />
                <span className="min-w-0 flex-1 truncate text-sm font-semibold text-cream-50">{request.user.nickname}</span>
                <span className="text-xs text-cream-100/70">{t("friends:awaitingAnswer")}</span>
                <IntentButton
                  intent="cancel"
                  field={["request_id", request.id]}
                  busy={busy}
                  tone="secondary"
                  label={t("friends:cancelRequestLabel", { name: request.user.nickname })}
                >
                  {t("friends:cancelRequest")}
                </IntentButton>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function AddTab({
  q,
  results,
  searchError,
  suggestions,
}: {
  q: string;
  results: LoaderData["results"];
  searchError: string | null;
  suggestions: LoaderData["suggestions"];
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [text, setText] = useState(q);
  const input = useRef<HTMLInputElement>(null);
  const navigation = useNavigation();

  // What was typed before the page hydrated is kept (React would otherwise start from the loader's q).
  useEffect(() => {
    if (input.current && input.current.value !== q) setText(input.current.value);
    // Only once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const searching = navigation.state === "loading" && navigation.location?.search.includes("q=");

  // Spec §5: searching starts at 2 characters, 500 ms after the last keystroke; below 2 the results clear.
  // A search the address already shows is not sent again: a late timer would otherwise start a
  // navigation that cancels whatever the player did meanwhile (a request sent from the results).
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (text === q) return;
    debounce.current = setTimeout(() => {
      const ready = [...text.trim()].length >= SEARCH_MIN_LENGTH;
      const wanted = ready ? text.trim() : null;
      if (new URLSearchParams(window.location.search).get("q") === wanted) return;
      submit(wanted ? { tab: "add", q: wanted } : { tab: "add" }, { method: "get", replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(debounce.current);
  }, [text, q, submit]);

  const shownResults = [...text.trim()].length >= SEARCH_MIN_LENGTH ? results : null;
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" role="search" onSubmit={() => clearTimeout(debounce.current)} className="felt-panel flex flex-col gap-2 p-4">
        <input type="hidden" name="tab" value="add" />
        <label htmlFor="friend-search" className="text-sm font-semibold text-cream-50">
          {t("friends:searchLabel")}
        </label>
        <div className="flex gap-2">
          <input
            id="friend-search"
            ref={input}
            name="q"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t("friends:searchPlaceholder")}
            autoComplete="off"
            minLength={SEARCH_MIN_LENGTH}
            maxLength={40}
            className="min-h-11 min-w-0 flex-1 rounded-xl border border-white/15 bg-felt-950 px-3 text-cream-50 placeholder:text-cream-100/40"
          />
          <button type="submit" className={buttonClasses("primary", "md")}>
            {t("friends:searchButton")}
          </button>
        </div>
        <p className="text-xs text-cream-100/60" aria-live="polite">
          {searching ? t("friends:searching") : t("friends:searchHint")}
        </p>
      </Form>

      {searchError ? (
        <p role="alert" className="felt-panel border-red-400/40 p-4 text-center text-sm text-red-100">
          {searchError}
        </p>
      ) : null}
      {shownResults ? (
        shownResults.length === 0 ? (
          <p className="felt-panel p-4 text-center text-sm text-cream-100/80">{t("friends:noResults", { q: text.trim() })}</p>
        ) : (
          <section aria-labelledby="results-title" className="flex flex-col gap-2">
            <h2 id="results-title" className="font-display text-lg font-bold text-cream-50">
              {t("friends:resultsFor", { q })}
            </h2>
            <ul className="flex flex-col gap-2" data-testid="search-results">
              {shownResults.map((player) => (
                <PlayerRow key={player.id} player={player} />
              ))}
            </ul>
          </section>
        )
      ) : suggestions.length > 0 ? (
        <section aria-labelledby="suggestions-title" className="flex flex-col gap-2">
          <h2 id="suggestions-title" className="font-display text-lg font-bold text-cream-50">
            {t("friends:suggestionsTitle")}
          </h2>
          <p className="text-sm text-cream-100/75">{t("friends:suggestionsText")}</p>
          <ul className="flex flex-col gap-2">
            {suggestions.map((player) => (
              <PlayerRow key={player.id} player={player} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function PlayerRow({ player }: { player: SearchResult }) {
  const { t, i18n } = useTranslation();
  // Not while the page moves (a search under way replaces these rows).
  const busy = useNavigation().state !== "idle";
  return (
    <li className="felt-panel flex flex-wrap items-center gap-3 p-3 sm:p-4" data-testid="search-result" data-player={player.nickname}>
      <Avatar name={player.nickname} url={player.avatar_url} seed={player.id} size={44} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold text-cream-50">{player.nickname}</span>
        <span className="flex flex-wrap gap-x-3 text-xs text-cream-100/75">
          <span className="text-gold-300">{t("friends:points", { count: player.ranking_points })}</span>
          <span>{t("friends:gamesCount", { count: player.games_played })}</span>
          <span>{t("friends:winRate", { rate: winRate(player, i18n.language) })}</span>
        </span>
      </div>
      {player.relationship === "friend" ? (
        <span className="text-xs font-semibold text-emerald-300">{t("friends:alreadyFriend")}</span>
      ) : player.relationship === "request_sent" && player.request_id ? (
        // On a phone it takes a line of its own, so the player's name and figures keep theirs.
        <div className="flex basis-full items-center justify-end gap-2 sm:basis-auto">
          <span className="text-xs font-semibold text-gold-300" data-testid="request-sent">
            {t("friends:requestSentBadge")}
          </span>
          <IntentButton
            intent="cancel"
            field={["request_id", player.request_id]}
            busy={busy}
            tone="secondary"
            label={t("friends:cancelRequestLabel", { name: player.nickname })}
          >
            {t("friends:cancel")}
          </IntentButton>
        </div>
      ) : (
        <IntentButton
          intent="request"
          field={["user_id", player.id]}
          busy={busy}
          tone="primary"
          label={t("friends:addLabel", { name: player.nickname })}
        >
          {player.relationship === "request_received" ? t("friends:accept") : t("friends:add")}
        </IntentButton>
      )}
    </li>
  );
}
