import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { benchMeter, type MeterSnapshot } from "../../db/bench-meter";
import { stubOf } from "../../db/stubs";
import { USER_HEADER } from "../../game/room/api";
import { requireApiUser } from "~/services/auth.server";
import { isSeated } from "~/services/games.server";
import { apiRoute, jsonError } from "~/services/http.server";
import { isGameId } from "../../game/protocol/ids";

/**
 * `npm run bench` only: answers 404 unless the app runs with BENCH_MODE=1, which only
 * the bench sets (scripts/start.mjs TRUCO_BINDINGS); production never has it.
 *
 * - GET /api/bench/floor?room=N with Upgrade: websocket → the platform floor, a bare Durable
 *   Object in the room's Worker (BenchFloor), after the same session and Origin checks as a room's
 *   socket, so the bench measures the platform on the path a move takes.
 * - GET /api/bench/profile?game=ID → where that room's moves spent their time since the last call
 *   (for a player seated there).
 * - GET /api/bench/d1 → the D1 and R2 counters of this app's isolate and of the Durable Objects'
 *   Worker (db/bench-meter.ts); POST /api/bench/d1 answers them and starts them again.
 */
async function bench({ request, context, params }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const floor = env.BENCH_FLOOR as DurableObjectNamespace | undefined;
  if (env.BENCH_MODE !== "1" || !floor) return jsonError(404, "Not found");
  const user = await requireApiUser(request, context);
  const url = new URL(request.url);
  if (params.kind === "floor") {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return jsonError(426, "Expected a WebSocket upgrade");
    if (request.headers.get("Origin") !== url.origin) return jsonError(403, "Forbidden origin");
    const room = url.searchParams.get("room") ?? "";
    if (!isGameId(room)) return jsonError(400, "Bad room");
    return stubOf(floor, room).fetch("https://floor.internal/", {
      headers: { Upgrade: "websocket", [USER_HEADER]: user.id },
    });
  }
  if (params.kind === "profile") {
    const gameId = url.searchParams.get("game") ?? "";
    if (!isGameId(gameId) || !(await isSeated(context, gameId, user.id))) return jsonError(404, "Not found");
    return stubOf(env.GAME_ROOM, gameId).fetch("https://room.internal/bench/profile");
  }
  if (params.kind === "d1") {
    const reset = request.method === "POST";
    const worker = await stubOf<BenchFloorRpc>(floor, "d1-meter").d1Meter(reset);
    const app = benchMeter.snapshot();
    if (reset) benchMeter.reset();
    return Response.json({ app, worker });
  }
  return jsonError(404, "Not found");
}

/** The bench-only RPC of the BenchFloor object (workers/game-room/src/bench-floor.ts). */
interface BenchFloorRpc {
  d1Meter(reset: boolean): Promise<MeterSnapshot | null>;
}

export const loader = apiRoute({ GET: bench, POST: bench });
export const action = loader;
