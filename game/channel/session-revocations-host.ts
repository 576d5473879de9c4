import { isRevoked, NO_REVOCATIONS, revokeAll, revokeOne, RevocationsSchema, type Revocations } from "./session-revocations";

// The channel's side of session revocation (session-revocations.ts): one storage value of its own,
// loaded once, each change made on the value in memory with no await between reading and
// changing it, then stored before the caller is answered, so a fresh instance after an eviction
// still refuses what was revoked.

export const REVOCATIONS_KEY = "session-revocations";

export interface SessionRevocationsPorts {
  store: {
    read(key: string): Promise<unknown>;
    write(key: string, value: unknown): Promise<void>;
  };
  clock: { now(): number };
}

export class SessionRevocationsHost {
  private state: Revocations | undefined;

  constructor(private readonly ports: SessionRevocationsPorts) {}

  private async loaded(): Promise<Revocations> {
    if (this.state === undefined) {
      const stored = RevocationsSchema.safeParse(await this.ports.store.read(REVOCATIONS_KEY));
      this.state ??= stored.success ? stored.data : NO_REVOCATIONS;
    }
    return this.state;
  }

  /** Revokes one session (sign-out, a replaced session), or with null every session held now (a ban). */
  async revoke(sessionId: string | null): Promise<void> {
    await this.loaded();
    const now = this.ports.clock.now();
    const next = sessionId === null ? revokeAll(this.state!, now) : revokeOne(this.state!, sessionId, now);
    this.state = next;
    await this.ports.store.write(REVOCATIONS_KEY, next);
  }

  /** Whether a session a replica still shows was revoked. */
  async revoked(session: { id: string; createdAt: string }): Promise<boolean> {
    return isRevoked(await this.loaded(), session);
  }
}
