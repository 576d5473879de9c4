import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReplayView, positionFromSearch } from "~/components/replay/replay-view";
import { SignInButton } from "~/components/sign-in-button";
import { BackHeader } from "~/components/ui/page";
import { buttonClasses } from "~/components/ui/button";
import { getUser } from "~/services/auth.server";
import { i18nServer } from "~/services/i18n.server";
import { replayPageOf } from "~/services/replay.server";
import { isGameId } from "../../game/protocol/ids";

/**
 * `/game/{gameId}/replay`: a finished game, hand by hand and move by move, from its record
 * (docs/decisions/127-replays-and-their-access.md). `?hand=N&move=M` opens it at a position. Its
 * card (Open Graph) names the players and the score when the game may be shown to whoever has
 * the link, so a link sent in a chat app shows what it is; a private game's card says nothing.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const gameId = params.gameId ?? "";
  const user = await getUser(request, context);
  const page = isGameId(gameId) ? await replayPageOf(context, gameId, user) : ({ state: "not_found" } as const);
  const t = await i18nServer.getFixedT(await i18nServer.getLocale(request), ["replay", "variants"]);
  const url = new URL(request.url);
  const card = page.state === "not_found" ? null : page.card;
  const og = {
    title: card ? `${t("replay:title")} · ${card.nicknames.join(" × ")}` : `${t("replay:title")} · Mesa de Truco`,
    description: card
      ? t("replay:ogDescription", { score: `${card.scores[0]} × ${card.scores[1]}`, variant: t(`variants:names.${card.variant}`) })
      : t("replay:verify.explain").split(". ")[0] + ".",
    url: url.href,
    image: `${url.origin}/icons/icon-512.png`,
  };
  const status = page.state === "not_found" ? 404 : page.state === "refused" && page.reason !== "sign_in" ? 403 : 200;
  return data({ gameId, page, og, signedIn: Boolean(user) }, { status });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  const og = loaded?.og;
  if (!og) return [{ title: "Mesa de Truco" }];
  return [
    { title: og.title },
    { name: "description", content: og.description },
    { name: "robots", content: "noindex" },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Mesa de Truco" },
    { property: "og:title", content: og.title },
    { property: "og:description", content: og.description },
    { property: "og:url", content: og.url },
    { property: "og:image", content: og.image },
    { name: "twitter:card", content: "summary" },
  ];
};

export default function ReplayRoute() {
  const { page, signedIn } = useLoaderData<typeof loader>();
  // A visitor's page carries only the visitor's translations: it asks them to sign in, whatever the reason.
  const { t } = useTranslation();
  const location = useLocation();
  if (page.state !== "ready") return <Refused page={page} signedIn={signedIn} />;
  const { record } = page;
  const names = [...record.seats].sort((a, b) => a.seat - b.seat);
  const team = (id: "team1" | "team2") =>
    names
      .filter((s) => s.team === id)
      .map((s) => s.nickname)
      .join(" & ");
  return (
    <div className="mx-auto flex min-h-dvh max-w-6xl flex-col px-3 pb-10 sm:px-6">
      <BackHeader label={t("common:back")} />
      <main id="main" className="flex flex-col gap-4">
        <header className="flex flex-col gap-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-gold-300">
            {t("replay:title")} · {t(`variants:names.${record.game.truco_variant}`)} · {t(`modes:names.${record.game.game_mode}`)}
          </p>
          <h1 className="font-display text-2xl font-bold text-cream-50 sm:text-3xl" data-testid="replay-title">
            <span className="text-sky-200">{team("team1")}</span>{" "}
            <span className="tabular-nums text-gold-300">{record.game.team1_score}</span>
            <span className="mx-2 text-cream-100/50">×</span>
            <span className="tabular-nums text-gold-300">{record.game.team2_score}</span>{" "}
            <span className="text-rose-200">{team("team2")}</span>
          </h1>
        </header>
        <ReplayView record={record} initial={positionFromSearch(location.search)} showChat={page.asPlayer} />
      </main>
    </div>
  );
}

function Refused({
  page,
  signedIn,
}: {
  page: Exclude<ReturnType<typeof useLoaderData<typeof loader>>["page"], { state: "ready" }>;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const reason = !signedIn ? "sign_in" : page.state === "not_found" ? "notFound" : page.reason;
  const title =
    reason === "private"
      ? t("replay:refused.private")
      : reason === "practice"
        ? t("replay:refused.practice")
        : reason === "not_finished"
          ? t("replay:refused.notFinished")
          : reason === "notFound"
            ? t("replay:refused.notFound")
            : null;
  const text =
    reason === "private"
      ? t("replay:refused.privateText")
      : reason === "practice"
        ? t("replay:refused.practiceText")
        : reason === "not_finished"
          ? t("replay:refused.notFinishedText")
          : reason === "notFound"
            ? t("replay:refused.notFoundText")
            : t("auth:replaySignIn");
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-center gap-5 p-6 text-center"
      data-testid="replay-refused"
      data-reason={reason}
    >
      <svg viewBox="0 0 24 24" className="h-12 w-12 text-gold-400" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </svg>
      {title ? <h1 className="font-display text-3xl font-bold text-gold-400">{title}</h1> : null}
      <p className="max-w-md text-cream-100/85">{text}</p>
      {signedIn ? (
        <Link to="/" className={buttonClasses("primary", "lg")}>
          {t("common:back")}
        </Link>
      ) : (
        <SignInButton size="lg">{t("auth:login")}</SignInButton>
      )}
    </main>
  );
}
