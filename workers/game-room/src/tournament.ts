import { DurableObject } from "cloudflare:workers";
import { createDb } from "../../../db/client";
import { stubOf } from "../../../db/stubs";
import { tournamentRecords } from "../../../db/tournaments";
import type { PlayerChannelRpc } from "../../../game/channel/api";
import type { RoomRpc } from "../../../game/room/api";
import { TournamentAuditSchema, type TournamentAudit, type TournamentResult, type TournamentRpc } from "../../../game/tournament/api";
import { TournamentHost } from "../../../game/tournament/tournament-host";
import { markingChanges, nextMark } from "../../../game/tournament/changes";
import type { RoomEnv } from "./env";

const ID_KEY = "tournament";
/** The registration list (game/tournament/registry.ts), one value. */
const REGISTRY_KEY = "registry";
/** When what the tournament's page shows last changed (game/tournament/changes.ts). */
const CHANGED_KEY = "changed";

/**
 * One object per tournament (`idFromName(tournamentId)`), wiring the platform to
 * game/tournament/tournament-host.ts: its storage (the tournament's id and its registration list), D1 (db/tournaments.ts), the rooms' and
 * channels' stubs, the clock, a cryptographic random source and blockConcurrencyWhile become the
 * host's ports; each RPC parses its input and forwards.
 */
export class Tournament extends DurableObject<RoomEnv> implements TournamentRpc {
  private readonly host: TournamentHost;
  /** The last change mark, once read from storage. */
  private changed: number | undefined;

  constructor(ctx: DurableObjectState, env: RoomEnv) {
    super(ctx, env);
    const { records, store } = markingChanges(
      tournamentRecords(createDb(env.DB)),
      {
        remember: (tournamentId) => ctx.storage.put(ID_KEY, tournamentId),
        recall: () => ctx.storage.get<string>(ID_KEY),
        loadRegistry: () => ctx.storage.get(REGISTRY_KEY),
        saveRegistry: (registry) => ctx.storage.put(REGISTRY_KEY, registry),
        setAlarm: (at) => ctx.storage.setAlarm(at),
        deleteAlarm: () => ctx.storage.deleteAlarm(),
      },
      () => {
        this.changed = nextMark(this.changed ?? 0, Date.now());
        void ctx.storage.put(CHANGED_KEY, this.changed);
      },
    );
    this.host = new TournamentHost({
      store,
      records,
      peers: {
        room: (gameId) => stubOf<RoomRpc>(env.GAME_ROOM!, gameId),
        channel: (userId) => stubOf<PlayerChannelRpc>(env.PLAYER_CHANNEL!, userId),
      },
      clock: { now: () => Date.now() },
      random: () => crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32,
      exclusive: (fn) => ctx.blockConcurrencyWhile(fn),
      warn: (message, error) => console.warn(message, error),
    });
  }

  async register(tournamentId: string, userId: string): Promise<TournamentResult> {
    return this.host.register(tournamentId, userId);
  }

  async unregister(tournamentId: string, userId: string): Promise<TournamentResult> {
    return this.host.unregister(tournamentId, userId);
  }

  async tick(tournamentId: string): Promise<void> {
    await this.host.tick(tournamentId);
  }

  async gameEnded(tournamentId: string, gameId: string): Promise<void> {
    void gameId; // The game's row in D1 says how it ended; the step reads every pending game.
    await this.host.tick(tournamentId);
  }

  async cancel(tournamentId: string, audit: TournamentAudit): Promise<TournamentResult> {
    return this.host.cancel(tournamentId, TournamentAuditSchema.parse(audit));
  }

  async alarm(): Promise<void> {
    await this.host.alarm();
  }

  async changedAt(): Promise<number> {
    this.changed ??= (await this.ctx.storage.get<number>(CHANGED_KEY)) ?? 0;
    return this.changed;
  }
}
