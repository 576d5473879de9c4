import type { PlayerChannelRpc } from "../../../game/channel/api";
import type { RecordArchive, RoomEvent, RoomHostPorts, RoomRecords, SocketHub } from "../../../game/room/host/index";
import { countMoves, logLine, reportRoomEvent } from "../../../db/observability";
import type { TournamentRpc } from "../../../game/tournament/api";
import { orderedStubs, stubOf } from "../../../db/stubs";
import { LOBBY_NAME, type LobbyRpc } from "../../../game/lobby/api";
import type { SpectatorRelayRpc } from "../../../game/spectate/api";
import { ratingsOf, takeSeat, takeSeats, tournamentOf, write, type Db } from "./records";
import type { RoomEnv } from "./env";
import { close, sendText } from "./sockets";

// The room host's ports on workerd: the object's storage, D1, the records bucket (R2), its
// hibernating sockets, the players' channels and the tournaments.

export function roomRecords(db: Db, env: RoomEnv): RoomRecords {
  return {
    takeSeat: (game, seat, create, starts) => takeSeat(db, game, seat, create, starts),
    takeSeats: (game, seats, starts) => takeSeats(db, game, seats, starts),
    write: (game, effect) => write(db, game, effect),
    ratingsOf: (userIds) => ratingsOf(db, userIds),
    async tournamentGameEnded(gameId) {
      const tournamentId = await tournamentOf(db, gameId);
      if (tournamentId && env.TOURNAMENT) await stubOf<TournamentRpc>(env.TOURNAMENT, tournamentId).gameEnded(tournamentId, gameId);
    },
  };
}

/** The GAME_RECORDS bucket; a deployment without it fails each write, and the alarm keeps trying. */
export function recordsBucket(env: RoomEnv): RecordArchive {
  return {
    async put(key, text) {
      if (!env.GAME_RECORDS) throw new Error("The GAME_RECORDS bucket is not bound");
      await env.GAME_RECORDS.put(key, text, { httpMetadata: { contentType: "application/json" } });
    },
  };
}

export function hibernatingSockets(ctx: DurableObjectState): SocketHub<WebSocket> {
  return {
    list: (tag) => ctx.getWebSockets(tag),
    isOpen: (ws) => ws.readyState === WebSocket.OPEN,
    send: sendText,
    close,
    tags: (ws) => ctx.getTags(ws),
    readAttachment: (ws) => ws.deserializeAttachment(),
    writeAttachment: (ws, value) => ws.serializeAttachment(value),
    lastPing: (ws) => ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? null,
  };
}

export function workerdPorts(ctx: DurableObjectState, env: RoomEnv, db: Db): RoomHostPorts<WebSocket> {
  const channels = env.PLAYER_CHANNEL;
  // The room's reports and frames keep their order on the way: each object is reached through one stub.
  const channel = channels ? orderedStubs<PlayerChannelRpc>(channels) : null;
  const lobby = env.LOBBY ? orderedStubs<LobbyRpc>(env.LOBBY) : null;
  const relay = env.SPECTATOR_RELAY ? orderedStubs<SpectatorRelayRpc>(env.SPECTATOR_RELAY) : null;
  return {
    store: {
      get: (keys) => ctx.storage.get(keys),
      list: (prefix) => ctx.storage.list({ prefix }),
      // One value alone through put(key, value): the runtime's multi-key put costs more per call.
      put(entries) {
        const keys = Object.keys(entries);
        return keys.length === 1 ? ctx.storage.put(keys[0], entries[keys[0]]) : ctx.storage.put(entries);
      },
      setAlarm: (at) => ctx.storage.setAlarm(at),
    },
    records: roomRecords(db, env),
    archive: recordsBucket(env),
    sockets: hibernatingSockets(ctx),
    clock: { now: () => Date.now(), newSeed },
    presence: channel ? { report: (userId, report) => channel(userId, (stub) => stub.reportGame(userId, report)) } : null,
    lobby: lobby ? { report: (report) => lobby(LOBBY_NAME, (stub) => stub.reportRoom(report)) } : null,
    relay: relay
      ? {
          publish: (gameId, frame) => relay(gameId, (stub) => stub.publish(gameId, frame)),
          unwatchable: (gameId) => relay(gameId, (stub) => stub.unwatchable(gameId)),
        }
      : null,
    exclusive: (fn) => ctx.blockConcurrencyWhile(fn),
    background: (work) => ctx.waitUntil(work),
    events: (event) => ctx.waitUntil(reportEvent(env, event)),
  };
}

/** A room's event as a log line and an analytics point (db/observability.ts). */
function reportEvent(env: RoomEnv, event: RoomEvent): Promise<void> {
  switch (event.event) {
    case "hand_played":
      return countMoves(env, event.moves);
    case "game_started": {
      const { gameId, variant, mode, seats } = event;
      return reportRoomEvent(env, { type: "game_started", gameId, variant, mode, seats });
    }
    case "game_settled": {
      const { gameId, variant, mode, pot, reason } = event;
      return reportRoomEvent(env, { type: "game_settled", gameId, variant, mode, pot, reason });
    }
    case "settlement_retried":
      return reportRoomEvent(env, { type: "settlement_retried", gameId: event.gameId, error: event.error });
    case "socket_closed_for_abuse":
      return reportRoomEvent(env, { type: "socket_closed_for_abuse", gameId: event.gameId, code: 1008, reason: event.reason });
    case "game_cancelled":
      logLine("info", event.event, { gameId: event.gameId, reason: event.reason });
      return Promise.resolve();
    case "record_written":
      logLine("info", event.event, { gameId: event.gameId, hands: event.hands, messages: event.messages, bytes: event.bytes });
      return Promise.resolve();
    case "record_failed":
      logLine("warn", event.event, { gameId: event.gameId, error: event.error });
      return Promise.resolve();
    case "report_failed":
      logLine("warn", event.event, { gameId: event.gameId, to: event.to, error: event.error });
      return Promise.resolve();
  }
}

/** A match seed: 256 random bits (the only randomness of a room; the rules take it as an argument). */
function newSeed(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
}
