import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GameRoom } from "~/components/game/game-room";
import { LoadingScreen } from "~/components/loading-screen";
import type { loader as rootLoader } from "~/root";
import { requireUser } from "~/services/auth.server";
import { gameAction } from "~/services/game-actions.server";
import { CHAT_DIALOG, DIALOG_PARAM } from "~/utils/ui-params";
import { chatOfPage } from "~/services/chat.server";
import { gamePageOf } from "~/services/game-page.server";
import { isGameId } from "../../game/protocol/ids";

export const meta: MetaFunction = () => [{ title: "Mesa de Truco" }, { name: "robots", content: "noindex" }];

/**
 * `/game/{gameId}`: the game room (spec §2). Without a user or a game id it goes back to `/`. The
 * player's first view comes with the page, so the table is drawn before any socket opens.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const gameId = params.gameId ?? "";
  if (!isGameId(gameId)) throw redirect("/");
  const page = await gamePageOf(context, gameId, user);
  // The chat open by its link (`?dialog=chat`, also where a message posted without JavaScript
  // comes back to): the server draws it with the table's recent messages.
  const chatOpen = new URL(request.url).searchParams.get(DIALOG_PARAM) === CHAT_DIALOG;
  return { gameId, page, chat: chatOpen && page.state === "ready" ? await chatOfPage(context, gameId, user.id) : null };
}

/** The page's forms ("Jogar de novo", leaving a waiting room, the chat), which work before the page has hydrated and without JavaScript. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return gameAction(request, context, params.gameId ?? "");
}

export default function GameRoute() {
  const { gameId, page, chat } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root?.user) return <LoadingScreen />;
  return <GameRoom key={gameId} gameId={gameId} user={root.user} page={page} chat={chat} />;
}
