import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GameRoom } from "~/components/game/game-room";
import { LoadingScreen } from "~/components/loading-screen";
import type { loader as rootLoader } from "~/root";
import { requireUser } from "~/services/auth.server";
import { gameAction } from "~/services/game-actions.server";
import { gamePageOf, type GamePage } from "~/services/game-page.server";
import { isGameId } from "../../game/protocol/ids";

export const meta: MetaFunction = () => [{ title: "Mesa de Truco" }, { name: "robots", content: "noindex" }];

/**
 * `/game/{gameId}`: the game room (spec §2). Without a user or a game id it goes back to `/`. The
 * player's first view comes with the page, so the table is drawn before any socket opens.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const gameId = params.gameId ?? "";
  // An id that names no game (malformed or unknown) is a 404 page: "Jogo não encontrado".
  if (!isGameId(gameId)) return data({ gameId, page: { state: "not_found" } as GamePage, chat: null }, { status: 404 });
  const page = await gamePageOf(request, context, gameId, user);
  // The table's recent messages come with the page (the chat panel, open by its link `?dialog=chat`
  // or later, starts from them; new ones arrive on the room's socket).
  if (page.state === "not_found") return data({ gameId, page: page as GamePage, chat: null }, { status: 404 });
  if (page.state !== "ready") return { gameId, page: page as GamePage, chat: null };
  const { chat = null, ...ready } = page;
  return { gameId, page: ready as GamePage, chat };
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
