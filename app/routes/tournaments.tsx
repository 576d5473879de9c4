import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BoltIcon } from "~/components/icons";
import { TournamentCard } from "~/components/tournaments/tournament-card";
import { useNow } from "~/components/tournaments/countdown";
import { FormNotice } from "~/components/ui/form-notice";
import { BackHeader, LinkTabs, PageTitle } from "~/components/ui/page";
import { requireUser } from "~/services/auth.server";
import { ensureSchedule, listTournaments, tournamentFormAction, type TournamentView } from "~/services/tournaments.server";
import { SiteHeader } from "~/components/site-header";

// /tournaments (spec §2): tabs as links (?tab=), each card's register button a <Form>
// posting to this route's action, so a tap before hydration registers too; the list reloads after.

const TABS = ["upcoming", "active", "completed"] as const;
type Tab = (typeof TABS)[number];

export const meta: MetaFunction = () => [{ title: "Torneios · Mesa de Truco" }];

function tabOf(t: TournamentView): Tab {
  if (t.status === "upcoming" || t.status === "registration") return "upcoming";
  return t.status;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const wanted = new URL(request.url).searchParams.get("tab");
  const tab: Tab = TABS.includes(wanted as Tab) ? (wanted as Tab) : "upcoming";
  await ensureSchedule(context);
  const all = await listTournaments(context, user);
  const shown = all.filter((t) => tabOf(t) === tab);
  return { tab, tournaments: tab === "upcoming" ? nextOfEachSeries(shown) : shown, coins: user.virtual_coins, now: Date.now() };
}

/**
 * The schedule keeps two days of each daily series ahead: of the ones whose registration
 * has not opened yet, the tab shows the next of each series only, so the list stays short. The API
 * lists them all.
 */
function nextOfEachSeries(list: TournamentView[]): TournamentView[] {
  const seen = new Set<string>();
  return list.filter((t) => {
    if (t.status !== "upcoming") return true;
    const series = `${t.name}|${t.game_type}|${t.truco_variant}`;
    if (seen.has(series)) return false;
    seen.add(series);
    return true;
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return tournamentFormAction(request, context);
}

export default function TournamentsPage() {
  const { tab, tournaments, coins, now: renderedAt } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const now = useNow(renderedAt);
  const busy = navigation.state === "submitting";

  return (
    <>
      <SiteHeader />
      <div className="mx-auto flex w-full max-w-3xl flex-col px-3 pb-10 sm:px-6">
        <FormNotice result={result} />
        <BackHeader label={t("common:back")} />
        <main id="main" className="flex flex-col gap-4">
          <PageTitle icon={<BoltIcon className="h-7 w-7" />} title={t("tournaments:title")} subtitle={t("tournaments:subtitle")} />
          <LinkTabs
            label={t("tournaments:tabs.label")}
            current={tab}
            tabs={TABS.map((id) => ({ id, label: t(`tournaments:tabs.${id}`), to: `?tab=${id}`, testId: `tab-${id}` }))}
          />
          {tournaments.length === 0 ? (
            <div className="felt-panel px-4 py-10 text-center text-cream-100/85" data-testid="tournaments-empty">
              {t(`tournaments:empty.${tab}`)}
            </div>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="tournament-list">
              {tournaments.map((tournament) => (
                <TournamentCard key={tournament.id} tournament={tournament} coins={coins} now={now} busy={busy} />
              ))}
            </ul>
          )}
        </main>
      </div>
    </>
  );
}
