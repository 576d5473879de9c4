import { Worker } from "node:worker_threads";
import type { AudienceReply, AudienceRequest } from "./audience-worker";
import type { Player } from "./scenario";

// The spectators bench's audience in a worker thread (audience-worker.ts): a thousand sockets
// whose frames, read on the bench's main thread, would queue the players' frames behind them, so
// that the players' measured move → broadcast would include the bench parsing the audience's
// traffic. On a thread of its own it has its own event loop, and its CPU is counted apart.

export class Audience {
  private readonly worker = new Worker(new URL("./audience-worker.ts", import.meta.url));
  private queue: Promise<unknown> = Promise.resolve();

  /** Opens one spectator socket per player on the game's relay, `concurrency` handshakes at a time; waits for every first frame. */
  open(base: string, gameId: string, players: Player[], concurrency = 8) {
    return this.ask<"opened">({ type: "open", base, origin: base, gameId, cookies: players.map((p) => p.cookie), concurrency });
  }

  /** The audience thread's own CPU so far, ms. */
  async cpuMs(): Promise<number> {
    return (await this.ask<"cpu">({ type: "cpu" })).ms;
  }

  /** Waits (up to `timeoutMs`) until every socket has `lastVersion`, then tallies and closes them. */
  settle(lastVersion: number, timeoutMs = 30_000) {
    return this.ask<"settled">({ type: "settle", lastVersion, timeoutMs });
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  /** One request at a time: each answer is the next message. */
  private ask<T extends AudienceReply["type"]>(request: AudienceRequest): Promise<Extract<AudienceReply, { type: T }>> {
    const run = this.queue.then(
      () =>
        new Promise<Extract<AudienceReply, { type: T }>>((resolve, reject) => {
          const onError = (error: Error) => reject(error);
          this.worker.once("error", onError);
          this.worker.once("message", (reply: AudienceReply | { type: "error"; message: string }) => {
            this.worker.off("error", onError);
            if (reply.type === "error") reject(new Error(`audience: ${reply.message}`));
            else resolve(reply as Extract<AudienceReply, { type: T }>);
          });
          this.worker.postMessage(request);
        }),
    );
    this.queue = run.catch(() => {});
    return run;
  }
}
