import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { DailyBars } from "~/components/admin/charts";
import { OperationsTab } from "~/components/admin/operations-tab";
import { TournamentsTab } from "~/components/admin/tournaments-tab";
import { buttonClasses } from "~/components/ui/button";
import {
  AdminActionSchema,
  AdminGamesQuerySchema,
  AdminPageQuerySchema,
  AdminTransactionsQuerySchema,
  AdminUsersQuerySchema,
  ADMIN_COINS_MAX,
  ADMIN_POINTS_MAX,
  ADMIN_REASON_MAX,
} from "~/schemas/admin";
import {
  adminStats,
  dailySeries,
  gameRecordView,
  listActions,
  listGames,
  listLedger,
  listRefundRequests,
  listUsers,
  performAction,
  requireAdmin,
} from "~/services/admin.server";
import { adminTournamentFormAction } from "~/services/admin-tournaments.server";
import { operationsData } from "~/services/operations.server";
import { i18nServer } from "~/services/i18n.server";
import { listTournaments } from "~/services/tournaments.server";
import { formatDateTime } from "~/utils/format";
import { isGameId } from "../../game/protocol/ids";
import { CARD_TABLE, cardTableLabels } from "~/components/admin/card-table";
import { ADMIN_ACTION_TYPES, type AdminActionType } from "../../db/admin-action-types";
import { formatInteger } from "~/utils/integer-format";

// The admin dashboard (spec §2 "Admin"). Tabs, filters, paging and the confirmation
// modal are all links and forms: the URL says what is shown (`?tab=users&q=…&confirm=ban&target=…`),
// so everything works from the first tap, before and after hydration. Its texts are the `admin`
// translation group, in the admin's language; the banner is the spec's "ADMIN ACCESS" in every one.

export const meta: MetaFunction = () => [{ title: "Admin · Mesa de Truco" }];

const TABS = [
  { id: "overview" },
  { id: "users" },
  { id: "games" },
  { id: "transactions" },
  { id: "actions" },
  { id: "tournaments" },
  { id: "operations" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const USER_ACTIONS = ["ban", "unban", "reset_coins", "adjust_ranking"] as const;
const ACTION_TYPES = ADMIN_ACTION_TYPES;
type ActionType = AdminActionType;
const isActionType = (type: string): type is ActionType => (ACTION_TYPES as readonly string[]).includes(type);

function tabOf(url: URL): TabId {
  const tab = url.searchParams.get("tab");
  return TABS.some((t) => t.id === tab) ? (tab as TabId) : "overview";
}

/** The admin group's texts in the request's language, for the action's answers. */
async function adminT(request: Request) {
  return i18nServer.getFixedT(await i18nServer.getLocale(request), "admin");
}

const params = (url: URL) => Object.fromEntries(url.searchParams);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, "page");
  const url = new URL(request.url);
  const tab = tabOf(url);
  const { db } = context;
  const base = { tab, adminId: admin.id };
  switch (tab) {
    case "overview": {
      const [stats, series] = await Promise.all([adminStats(db), dailySeries(db)]);
      return { ...base, stats, series };
    }
    case "users": {
      const query = AdminUsersQuerySchema.safeParse(params(url));
      return { ...base, users: await listUsers(db, query.success ? query.data : { q: "", page: 1 }) };
    }
    case "games": {
      const query = AdminGamesQuerySchema.safeParse(params(url));
      // `record=<game id>`: that game's record from R2, shown above the list.
      const recordId = url.searchParams.get("record");
      const [games, record] = await Promise.all([
        listGames(db, query.success ? query.data : { status: "", page: 1 }),
        recordId && isGameId(recordId) ? gameRecordView(context, recordId) : null,
      ]);
      return { ...base, games, record, recordId };
    }
    case "transactions": {
      const query = AdminTransactionsQuerySchema.safeParse(params(url));
      const filters = query.success ? query.data : { player: "", type: "", from: "", to: "", page: 1 };
      return { ...base, ledger: await listLedger(db, filters) };
    }
    case "actions": {
      const query = AdminPageQuerySchema.safeParse(params(url));
      const [actions, refunds] = await Promise.all([listActions(db, query.success ? query.data : { page: 1 }), listRefundRequests(db)]);
      return { ...base, actions, refunds };
    }
    case "tournaments":
      return { ...base, tournaments: await listTournaments(context, null), tournamentError: url.searchParams.get("error") };
    case "operations":
      return { ...base, operations: await operationsData(context) };
  }
}

/**
 * The confirmation modal's form: the action through the same rules as POST /api/admin/actions.
 * Success goes back to the list (modal closed, inputs cleared, data refreshed) with `done=1`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context, "page");
  const t = await adminT(request);
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  const body = await request.formData().catch(() => null);
  if (!body) return data({ error: t("admin:invalidAction") }, { status: 400 });
  const form = Object.fromEntries(body);
  // The Tournaments tab's forms.
  if (String(form.intent ?? "").startsWith("tournament_")) return adminTournamentFormAction(context, request, admin, form);
  const input = AdminActionSchema.safeParse(form);
  if (!input.success) return data({ error: t("admin:invalidAction") }, { status: 400 });
  // performAction counts admin_action, the same counter as POST /api/admin/actions.
  const outcome = await performAction(request, context, admin, input.data);
  if (!outcome.ok) return data({ error: outcome.error || t("admin:failed") }, { status: outcome.status });
  const back = new URL(String(form.back ?? "/admin"), request.url);
  if (back.origin !== new URL(request.url).origin || back.pathname !== "/admin") return redirect("/admin?done=1");
  back.searchParams.delete("confirm");
  back.searchParams.delete("target");
  back.searchParams.delete("label");
  back.searchParams.set("done", "1");
  return redirect(`${back.pathname}${back.search}`);
}

export default function AdminPage() {
  const loaded = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const done = search.get("done") === "1";
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-dvh max-w-6xl flex-col px-3 pb-10 sm:px-6">
      <header className="flex items-center justify-between gap-3 py-3">
        <Link to="/" className={buttonClasses("ghost", "sm")}>
          <span aria-hidden>←</span> {t("admin:back")}
        </Link>
        <p
          className="rounded-full border border-red-400/50 bg-red-900/40 px-4 py-1 text-xs font-bold tracking-[0.2em] text-red-100"
          data-testid="admin-banner"
          lang="en"
        >
          ADMIN ACCESS
        </p>
      </header>
      <main id="main" className="flex flex-col gap-4">
        <h1 className="font-display text-2xl font-bold text-gold-400 sm:text-3xl">{t("admin:title")}</h1>
        <nav aria-label={t("admin:sections")} className="-mx-3 overflow-x-auto px-3 sm:mx-0 sm:px-0">
          <ul className="flex min-w-max gap-1 rounded-2xl bg-black/25 p-1">
            {TABS.map((tab) => (
              <li key={tab.id}>
                <Link
                  to={`?tab=${tab.id}`}
                  aria-current={loaded.tab === tab.id ? "page" : undefined}
                  className={`block min-h-10 rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
                    loaded.tab === tab.id ? "bg-gold-400 text-felt-950 shadow" : "text-cream-100/80 hover:bg-white/10"
                  }`}
                >
                  {t(`admin:tabs.${tab.id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {done ? (
          <p role="status" className="rounded-xl border border-emerald-400/40 bg-emerald-900/40 px-4 py-2 text-sm text-emerald-100">
            {t("admin:done")}
          </p>
        ) : null}
        {"stats" in loaded ? <Overview stats={loaded.stats} series={loaded.series} /> : null}
        {"users" in loaded ? <UsersTab page={loaded.users} adminId={loaded.adminId} /> : null}
        {"games" in loaded && loaded.recordId ? <GameRecordPanel record={loaded.record} /> : null}
        {"games" in loaded ? <GamesTab page={loaded.games} /> : null}
        {"ledger" in loaded ? <TransactionsTab ledger={loaded.ledger} /> : null}
        {"actions" in loaded ? <ActionsTab page={loaded.actions} refunds={loaded.refunds} /> : null}
        {"tournaments" in loaded ? <TournamentsTab list={loaded.tournaments} error={loaded.tournamentError} /> : null}
        {"operations" in loaded ? <OperationsTab data={loaded.operations} /> : null}
      </main>
      <ConfirmModal />
    </div>
  );
}

// ------------------------------------------------------------------ helpers

function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    n: (value: number) => formatInteger(value, locale),
    usd: (value: number) => `$${value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    date: (value: string | null) => (value ? formatDateTime(value, locale) : "—"),
  };
}

/** A link to this page with some query parameters changed (paging, filters, the modal). */
function useHref() {
  const [search] = useSearchParams();
  return (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(search);
    next.delete("done");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    return `?${next.toString()}`;
  };
}

function Panel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="felt-panel flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-display text-xl font-bold text-cream-50">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

function Table({ head, children, testId }: { head: string[]; children: ReactNode; testId?: string }) {
  return (
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <table className={`${CARD_TABLE} w-full text-left text-sm md:min-w-[40rem]`} style={cardTableLabels(head)} data-testid={testId}>
        <thead className="text-xs tracking-wide text-cream-100/60 uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-100/10">{children}</tbody>
      </table>
    </div>
  );
}

function Cell({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <td className={`px-2 py-2 align-top ${className}`}>{children}</td>;
}

function Pager({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const href = useHref();
  const { t } = useTranslation();
  const f = useFormat();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t("admin:pages")} className="flex items-center justify-between gap-2 text-sm text-cream-100/70">
      <span>{t("admin:pager", { total: f.n(total), page, pages })}</span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link to={href({ page: page - 1 })} className={buttonClasses("secondary", "sm")}>
            {t("admin:previous")}
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={href({ page: page + 1 })} className={buttonClasses("secondary", "sm")}>
            {t("admin:next")}
          </Link>
        ) : null}
      </span>
    </nav>
  );
}

const INPUT = "min-h-10 rounded-xl border border-cream-100/20 bg-black/30 px-3 text-sm text-cream-50 placeholder:text-cream-100/40";

// ------------------------------------------------------------------ tabs

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Of<K extends string> = Extract<Data, Record<K, unknown>>;

function Overview({ stats, series }: Pick<Of<"stats">, "stats" | "series">) {
  const f = useFormat();
  const { t } = useTranslation();
  const figures = [
    { key: "total_users", value: f.n(stats.total_users) },
    { key: "daily_active_users", value: f.n(stats.daily_active_users) },
    { key: "total_games", value: f.n(stats.total_games) },
    { key: "active_games", value: f.n(stats.active_games) },
    { key: "total_revenue", value: f.usd(stats.total_revenue) },
  ] as const;
  return (
    <>
      <section aria-label={t("admin:figures")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((fig) => (
          <div key={fig.key} className="felt-panel flex flex-col gap-1 p-4" data-testid={`stat-${fig.key}`}>
            <span className="text-xs tracking-wide text-cream-100/60 uppercase">{t(`admin:stats.${fig.key}`)}</span>
            <span className="font-display text-2xl font-bold text-gold-300 tabular-nums">{fig.value}</span>
          </div>
        ))}
      </section>
      <section aria-label={t("admin:last30")} className="grid gap-3 md:grid-cols-3">
        <DailyBars title={t("admin:charts.players")} points={series.map((p) => ({ day: p.day, value: p.players }))} format={f.n} />
        <DailyBars title={t("admin:charts.games")} points={series.map((p) => ({ day: p.day, value: p.games }))} format={f.n} />
        <DailyBars title={t("admin:charts.revenue")} points={series.map((p) => ({ day: p.day, value: p.revenue }))} format={f.usd} />
      </section>
    </>
  );
}

function UsersTab({ page, adminId }: { page: Of<"users">["users"]; adminId: string }) {
  const f = useFormat();
  const href = useHref();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  return (
    <Panel title={t("admin:tabs.users")}>
      <Form method="get" className="flex flex-wrap gap-2" role="search">
        <input type="hidden" name="tab" value="users" />
        <label className="sr-only" htmlFor="admin-user-search">
          {t("admin:search")}
        </label>
        <input
          id="admin-user-search"
          name="q"
          defaultValue={search.get("q") ?? ""}
          placeholder={t("admin:search")}
          className={`${INPUT} min-w-0 flex-1`}
          maxLength={100}
        />
        <button type="submit" className={buttonClasses("primary", "sm")}>
          {t("admin:searchButton")}
        </button>
      </Form>
      <Table
        head={(["id", "nickname", "coins", "played", "won", "winRate", "ranking", "role", "joined", "actions"] as const).map((h) =>
          t(`admin:usersHead.${h}`),
        )}
        testId="admin-users"
      >
        {page.users.map((u) => (
          <tr key={u.id} data-testid={`user-row-${u.id}`}>
            <Cell className="font-mono text-xs text-cream-100/60">
              <span title={u.id}>{u.id.slice(0, 8)}</span>
            </Cell>
            <Cell>
              <span className="font-semibold text-cream-50">{u.nickname}</span>
              {u.email ? <span className="block text-xs text-cream-100/50">{u.email}</span> : null}
              {u.banned ? (
                <span className="mt-1 inline-block rounded bg-red-800/70 px-1.5 text-[10px] font-bold tracking-wide text-red-100 uppercase">
                  {t("admin:banned")}
                </span>
              ) : null}
            </Cell>
            <Cell className="tabular-nums">{f.n(u.virtual_coins)}</Cell>
            <Cell className="tabular-nums">{f.n(u.games_played)}</Cell>
            <Cell className="tabular-nums">{f.n(u.games_won)}</Cell>
            <Cell className="tabular-nums">{u.games_played ? ((u.games_won / u.games_played) * 100).toFixed(1) : "0.0"}%</Cell>
            <Cell className="tabular-nums">{f.n(u.ranking_points)}</Cell>
            <Cell>{u.role}</Cell>
            <Cell className="text-xs whitespace-nowrap">{f.date(u.created_at)}</Cell>
            <Cell>
              {u.id === adminId ? (
                <span className="text-xs text-cream-100/50">{t("admin:you")}</span>
              ) : (
                <span className="flex flex-wrap gap-1">
                  {USER_ACTIONS.filter((a) => (a === "ban" ? !u.banned : a === "unban" ? u.banned : true)).map((a) => (
                    <Link
                      key={a}
                      to={href({ confirm: a, target: u.id, label: u.nickname })}
                      className={buttonClasses(a === "ban" ? "danger" : "secondary", "sm", "whitespace-nowrap")}
                    >
                      {t(`admin:actionsNames.${a}`)}
                    </Link>
                  ))}
                </span>
              )}
            </Cell>
          </tr>
        ))}
      </Table>
      {page.users.length === 0 ? <p className="text-sm text-cream-100/60">{t("admin:noUsers")}</p> : null}
      <Pager page={page.page} total={page.total} pageSize={page.page_size} />
    </Panel>
  );
}

const STATUS_TONE: Record<string, string> = {
  waiting: "bg-yellow-500/20 text-yellow-200",
  active: "bg-emerald-500/20 text-emerald-200",
  completed: "bg-sky-500/20 text-sky-200",
  cancelled: "bg-red-500/20 text-red-200",
};

function GamesTab({ page }: { page: Of<"games">["games"] }) {
  const f = useFormat();
  const href = useHref();
  const [search] = useSearchParams();
  const status = search.get("status") ?? "";
  const { t } = useTranslation();
  return (
    <Panel title={t("admin:tabs.games")}>
      <nav aria-label={t("admin:gameStatus")} className="flex flex-wrap gap-1">
        {(["", "waiting", "active", "completed", "cancelled"] as const).map((s) => (
          <Link
            key={s || "all"}
            to={href({ status: s, page: null })}
            aria-current={status === s ? "page" : undefined}
            className={buttonClasses(status === s ? "primary" : "secondary", "sm")}
          >
            {t(`admin:statuses.${s || "all"}`)}
          </Link>
        ))}
      </nav>
      <Table
        head={[
          ...(["code", "status", "players", "variant", "mode", "entry", "created", "ended"] as const).map((h) => t(`admin:gamesHead.${h}`)),
          "",
        ]}
        testId="admin-games"
      >
        {page.games.map((g) => (
          <tr key={g.id} data-testid={`game-row-${g.id}`}>
            <Cell className="font-mono">{g.game_code}</Cell>
            <Cell>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[g.status]}`}>{g.status}</span>
              {g.end_reason ? <span className="block text-xs text-cream-100/50">{g.end_reason}</span> : null}
            </Cell>
            <Cell>
              {g.players.length ? (
                g.players.map((p, i) => (
                  <span key={i} className="block text-xs">
                    {p.nickname}
                    {p.bot ? t("admin:bot") : ""} <span className="text-cream-100/50">{p.team === "team1" ? "T1" : "T2"}</span>
                  </span>
                ))
              ) : (
                <span className="text-xs text-cream-100/50">—</span>
              )}
            </Cell>
            <Cell>{g.truco_variant}</Cell>
            <Cell>
              {g.game_type} · {g.game_mode}
              {g.bot_level ? t("admin:practice") : ""}
            </Cell>
            <Cell className="tabular-nums">{f.n(g.entry_cost)}</Cell>
            <Cell className="text-xs whitespace-nowrap">{f.date(g.created_at)}</Cell>
            <Cell className="text-xs whitespace-nowrap">{f.date(g.completed_at)}</Cell>
            <Cell>
              {g.status === "waiting" || g.status === "active" ? (
                <Link to={href({ confirm: "cancel_game", target: g.id, label: g.game_code })} className={buttonClasses("danger", "sm")}>
                  {t("admin:cancel")}
                </Link>
              ) : (
                <span className="flex gap-1">
                  <Link to={href({ record: g.id })} className={buttonClasses("secondary", "sm")}>
                    {t("admin:record")}
                  </Link>
                  <Link to={`/game/${g.id}/replay`} className={buttonClasses("secondary", "sm")} data-testid="admin-replay">
                    {t("admin:replay")}
                  </Link>
                </span>
              )}
            </Cell>
          </tr>
        ))}
      </Table>
      {page.games.length === 0 ? <p className="text-sm text-cream-100/60">{t("admin:noGames")}</p> : null}
      <Pager page={page.page} total={page.total} pageSize={page.page_size} />
    </Panel>
  );
}

/** A finished game's record: each hand's commitment and seed, and whether they check out. */
function GameRecordPanel({ record }: { record: Of<"games">["record"] }) {
  const f = useFormat();
  const href = useHref();
  const { t } = useTranslation();
  if (!record) {
    return (
      <Panel title={t("admin:recordTitle")}>
        <p className="text-sm text-cream-100/60" data-testid="admin-record-missing">
          {t("admin:recordMissing")}
        </p>
      </Panel>
    );
  }
  return (
    <Panel title={t("admin:recordTitleOf", { code: record.code })}>
      <p className="text-sm text-cream-100/70">
        {t("admin:recordSummary", {
          ended: f.date(record.endedAt),
          reason: record.endReason,
          hands: f.n(record.hands.length),
          messages: f.n(record.messages),
        })}
        {record.migrated ? t("admin:recordMigrated") : ""} ·{" "}
        <Link to={`/game/${record.gameId}/replay`} className="underline">
          {t("admin:replayLink")}
        </Link>{" "}
        ·{" "}
        <Link to={href({ record: null })} className="underline">
          {t("admin:close")}
        </Link>
      </p>
      <Table
        head={(["hand", "commitment", "seed", "actions", "result", "check"] as const).map((h) => t(`admin:recordHead.${h}`))}
        testId="admin-record"
      >
        {record.hands.map((h) => (
          <tr key={h.hand} data-testid={`record-hand-${h.hand}`}>
            <Cell className="tabular-nums">{h.hand}</Cell>
            <Cell className="font-mono text-xs break-all">{h.commitment}</Cell>
            <Cell className="font-mono text-xs break-all">{h.seed ?? "—"}</Cell>
            <Cell className="tabular-nums">{f.n(h.actions)}</Cell>
            <Cell className="text-xs">{h.result}</Cell>
            <Cell className={`text-xs ${h.check === "replayed" || h.check === "seed matches" ? "text-emerald-200" : "text-red-200"}`}>
              {h.check}
            </Cell>
          </tr>
        ))}
      </Table>
    </Panel>
  );
}

const LEDGER_TYPES = [
  "bonus",
  "daily_reward",
  "game_entry",
  "game_refund",
  "game_win",
  "game_loss",
  "purchase",
  "refund",
  "admin_adjustment",
  "tournament_entry",
  "tournament_prize",
  "tournament_refund",
];

function TransactionsTab({ ledger }: { ledger: Of<"ledger">["ledger"] }) {
  const f = useFormat();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  return (
    <>
      <Panel title={t("admin:tabs.transactions")}>
        <Form method="get" className="grid gap-2 sm:grid-cols-5">
          <input type="hidden" name="tab" value="transactions" />
          <label className="flex flex-col gap-1 text-xs text-cream-100/70 sm:col-span-2">
            {t("admin:player")}
            <input
              name="player"
              defaultValue={search.get("player") ?? ""}
              placeholder={t("admin:playerPlaceholder")}
              className={INPUT}
              maxLength={100}
            />
          </label>
          <label className="flex flex-col gap-1 text-xs text-cream-100/70">
            {t("admin:type")}
            <select name="type" defaultValue={search.get("type") ?? ""} className={INPUT}>
              <option value="">{t("admin:allTypes")}</option>
              {LEDGER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs text-cream-100/70">
            {t("admin:from")}
            <input type="date" name="from" defaultValue={search.get("from") ?? ""} className={INPUT} />
          </label>
          <label className="flex flex-col gap-1 text-xs text-cream-100/70">
            {t("admin:to")}
            <input type="date" name="to" defaultValue={search.get("to") ?? ""} className={INPUT} />
          </label>
          <button type="submit" className={buttonClasses("primary", "sm", "sm:col-start-5")}>
            {t("admin:filter")}
          </button>
        </Form>
        <p className="text-sm text-cream-100/80" data-testid="ledger-totals">
          <Trans
            i18nKey="admin:ledgerTotals"
            values={{
              rows: f.n(ledger.total),
              credits: f.n(ledger.credits),
              debits: f.n(ledger.debits),
              net: f.n(ledger.credits + ledger.debits),
            }}
            components={{ credit: <span className="text-emerald-300" />, debit: <span className="text-red-300" /> }}
          />
        </p>
        <Table
          head={(["id", "date", "player", "type", "description", "amount"] as const).map((h) => t(`admin:ledgerHead.${h}`))}
          testId="admin-ledger"
        >
          {ledger.transactions.map((tx) => (
            <tr key={tx.id}>
              <Cell className="font-mono text-xs text-cream-100/60">{tx.id}</Cell>
              <Cell className="text-xs whitespace-nowrap">{f.date(tx.created_at)}</Cell>
              <Cell>{tx.nickname}</Cell>
              <Cell className="text-xs">{tx.transaction_type}</Cell>
              <Cell className="text-xs text-cream-100/70">{tx.description}</Cell>
              <Cell className={`text-right tabular-nums ${tx.amount >= 0 ? "text-emerald-300" : "text-red-300"}`}>
                {tx.amount > 0 ? "+" : ""}
                {f.n(tx.amount)}
              </Cell>
            </tr>
          ))}
        </Table>
        <Pager page={ledger.page} total={ledger.total} pageSize={ledger.page_size} />
      </Panel>
      <Panel title={t("admin:payments")}>
        <p className="text-sm text-cream-100/80">
          {t("admin:paymentsSummary", { checkouts: f.n(ledger.payments_total), paid: f.usd(ledger.revenue) })}
        </p>
        <Table
          head={(["date", "player", "kind", "amount", "coins", "status"] as const).map((h) => t(`admin:paymentsHead.${h}`))}
          testId="admin-payments"
        >
          {ledger.payments.map((p) => (
            <tr key={p.id}>
              <Cell className="text-xs whitespace-nowrap">{f.date(p.created_at)}</Cell>
              <Cell>{p.nickname}</Cell>
              <Cell>{p.kind}</Cell>
              <Cell className="tabular-nums">{f.usd(p.amount_cents / 100)}</Cell>
              <Cell className="tabular-nums">{f.n(p.coins)}</Cell>
              <Cell>{p.status}</Cell>
            </tr>
          ))}
        </Table>
      </Panel>
    </>
  );
}

function ActionsTab({ page, refunds }: { page: Of<"actions">["actions"]; refunds: Of<"actions">["refunds"] }) {
  const f = useFormat();
  const { t } = useTranslation();
  return (
    <>
      <Panel title={t("admin:tabs.actions")}>
        <Table
          head={(["date", "admin", "action", "target", "value", "reason"] as const).map((h) => t(`admin:actionsHead.${h}`))}
          testId="admin-actions"
        >
          {page.actions.map((a) => (
            <tr key={a.id}>
              <Cell className="text-xs whitespace-nowrap">{f.date(a.created_at)}</Cell>
              <Cell>{a.admin.nickname}</Cell>
              <Cell>{isActionType(a.action_type) ? t(`admin:actionsNames.${a.action_type}`) : a.action_type}</Cell>
              <Cell>{a.target_nickname ?? (a.target_game_id ? t("admin:gameTarget", { id: a.target_game_id.slice(0, 8) }) : "—")}</Cell>
              <Cell className="tabular-nums">
                {a.value === null ? "—" : `${a.previous_value === null ? "" : `${f.n(a.previous_value)} → `}${f.n(a.value)}`}
              </Cell>
              <Cell className="text-xs text-cream-100/80">{a.reason || "—"}</Cell>
            </tr>
          ))}
        </Table>
        {page.actions.length === 0 ? <p className="text-sm text-cream-100/60">{t("admin:noActions")}</p> : null}
        <Pager page={page.page} total={page.total} pageSize={page.page_size} />
      </Panel>
      <Panel title={t("admin:refunds")}>
        <Table
          head={(["date", "player", "game", "status", "amount", "reason", "decision"] as const).map((h) => t(`admin:refundsHead.${h}`))}
          testId="admin-refunds"
        >
          {refunds.map((r) => (
            <tr key={r.id}>
              <Cell className="text-xs whitespace-nowrap">{f.date(r.created_at)}</Cell>
              <Cell>{r.nickname}</Cell>
              <Cell className="font-mono text-xs">{r.game_id.slice(0, 8)}</Cell>
              <Cell>
                <span className={r.status === "approved" ? "text-emerald-300" : "text-red-300"}>{r.status}</span>
              </Cell>
              <Cell className="tabular-nums">{f.n(r.refund_amount)}</Cell>
              <Cell className="text-xs text-cream-100/80">{r.reason}</Cell>
              <Cell className="text-xs text-cream-100/60">{r.decision ?? "—"}</Cell>
            </tr>
          ))}
        </Table>
        {refunds.length === 0 ? <p className="text-sm text-cream-100/60">{t("admin:noRefunds")}</p> : null}
      </Panel>
    </>
  );
}

// ------------------------------------------------------------------ the confirmation modal

/** Open when the URL names an action and a target (spec §4 "Admin modal"); cancel is a link back. */
function ConfirmModal() {
  const [search] = useSearchParams();
  const href = useHref();
  const actionData = useActionData<{ error?: string }>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const type = search.get("confirm");
  const target = search.get("target");
  if (!type || !target || !isActionType(type)) return null;
  const label = search.get("label") ?? target;
  const numeric = type === "reset_coins" || type === "adjust_ranking";
  const back = href({ confirm: null, target: null, label: null });
  const busy = navigation.state === "submitting";
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-3 sm:items-center" data-testid="admin-modal">
      <div role="dialog" aria-modal="true" aria-labelledby="admin-modal-title" className="felt-panel w-full max-w-md p-5">
        <h2 id="admin-modal-title" className="font-display text-xl font-bold text-gold-400">
          {t(`admin:actionsNames.${type}`)}: {label}
        </h2>
        <Form method="post" className="mt-4 flex flex-col gap-3">
          <input type="hidden" name="action_type" value={type} />
          <input type="hidden" name={type === "cancel_game" ? "target_game_id" : "target_user_id"} value={target} />
          <input type="hidden" name="back" value={`/admin${back}`} />
          <label className="flex flex-col gap-1 text-sm text-cream-100">
            {t("admin:reason")}
            <textarea name="reason" rows={3} maxLength={ADMIN_REASON_MAX} className={`${INPUT} py-2`} />
          </label>
          {numeric ? (
            <label className="flex flex-col gap-1 text-sm text-cream-100">
              {t(type === "reset_coins" ? "admin:newCoins" : "admin:newPoints")}
              <input
                name="value"
                type="number"
                inputMode="numeric"
                required
                min={0}
                max={type === "reset_coins" ? ADMIN_COINS_MAX : ADMIN_POINTS_MAX}
                step={1}
                className={INPUT}
              />
            </label>
          ) : null}
          {actionData?.error !== undefined ? (
            <p role="alert" className="rounded-lg bg-red-900/50 px-3 py-2 text-sm text-red-100">
              {actionData.error || t("admin:failed")}
            </p>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <Link to={back} className={buttonClasses("secondary")}>
              {t("admin:cancel")}
            </Link>
            <button
              type="submit"
              disabled={busy}
              className={buttonClasses(type === "ban" || type === "cancel_game" ? "danger" : "primary")}
            >
              {t("admin:confirm")}
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}
