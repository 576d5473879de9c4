import { alarmToSet } from "../alarm";
import {
  CHANNEL_CLOSE,
  CHANNEL_PONG,
  parseChannelClientFrame,
  type ChannelEvent,
  type ChannelServerMessage,
  type PresenceUpdate,
} from "../protocol/channel";
import { FLOOD_LIMIT, FLOOD_WINDOW_MS } from "../protocol/constants";
import { lobbyViewFor, REPORT_REFRESH_MS, sameView, SNAPSHOT_MS, type LobbyPush } from "../lobby/lobby";
import type { CloseReason, InvitationResult } from "./api";
import * as invitations from "./invitations";
import type { Invitation, InvitationStatus } from "./invitations";
import * as presence from "./presence";
import { noteFriend, onlineFriends, presenceOf, unheard, type FriendPresence } from "./friend-presence";
import type { GameReport, PresenceStatus, Published } from "./presence";
import { ChannelAttachmentSchema, type ChannelAttachment, type ChannelPorts, type ChannelState } from "./ports";

// One signed-in player's live channel (ADR 045): the orchestration behind the
// PlayerChannel Durable Object, which only wires its platform to these ports. It holds the
// player's sockets (every signed-in page opens one), works out their presence (presence.ts) from
// those sockets and the game rooms' reports, publishes it to D1 and to the friends who are online,
// pushes typed events to every tab, and keeps the invitations the player received (the authority,
// invitations.ts) and a mirror of those they sent. The rules decide; this host counts sockets,
// reads the clock, stores, and sends.
//
// State is one value in storage, read back after an eviction; the sockets survive hibernation.
// Every timer is the one alarm (grace, heartbeat, a room check, an invitation's expiry), and the
// alarm only re-derives what is due from the state, so a late, early or repeated one is harmless.
// Storage is written only for what must survive an eviction (`mustStore`: a room's check that
// changed nothing is kept in memory), and the alarm only when it must come earlier (`alarmToSet`).

const INITIAL: ChannelState = { userId: null, appearOffline: null, presence: presence.INITIAL_PRESENCE, received: [], sent: [] };

export class ChannelHost<S> {
  private state: ChannelState | undefined;
  /** The state as last written or read: what a fresh instance would find after an eviction. */
  private stored: ChannelState | undefined;
  /** The alarm this instance set and that has not fired (undefined: unknown, e.g. after an eviction). */
  private alarmAt: number | null | undefined;
  /** What the Lobby last heard from this channel (null: nothing yet, e.g. after an eviction). */
  private lobbyReported: { online: boolean; at: number } | null = null;
  /** The lobby view last pushed to the watching sockets, and when it was last looked at. */
  private lobbyView: LobbyPush | null = null;
  private lobbyCheckedAt: number | null = null;
  /** Each watched tournament's change mark as last seen, and when the marks were last looked at. */
  private readonly tournamentsSeen = new Map<string, number>();
  private tournamentsCheckedAt: number | null = null;
  /** What each friend's channel last said (memory only: rebuilt by asking them when not known). */
  private readonly friends = new Map<string, FriendPresence>();
  /** The friends were asked since this player last came online (their changes reach this channel). */
  private friendsKnown = false;

  constructor(private readonly ports: ChannelPorts<S>) {}

  // ------------------------------------------------------------------ state

  private async load(): Promise<ChannelState> {
    if (this.state === undefined) {
      const stored = await this.ports.store.read();
      // Another event may have loaded it while this one awaited storage.
      if (this.state === undefined) {
        this.state = stored ?? INITIAL;
        this.stored = this.state;
      }
    }
    return this.state;
  }

  /**
   * Adopts a state synchronously (nothing can interleave) and writes it when a fresh instance would
   * need it (`mustStore`); the platform holds frames until it is durable.
   */
  private save(next: ChannelState): ChannelState {
    if (next !== this.state) {
      this.state = next;
      if (this.stored === undefined || mustStore(this.stored, next)) {
        this.stored = next;
        this.ports.store.write(next);
      }
    }
    return next;
  }

  private async knowUser(userId: string): Promise<ChannelState> {
    const state = await this.load();
    return state.userId === userId ? state : this.save({ ...this.state!, userId });
  }

  private async appearOffline(): Promise<boolean> {
    const state = await this.load();
    if (state.appearOffline !== null || !state.userId) return state.appearOffline ?? false;
    const appearOffline = await this.ports.records.appearOffline(state.userId);
    const current = this.state!;
    if (current.appearOffline === null) this.save({ ...current, appearOffline });
    return this.state!.appearOffline ?? false;
  }

  // ------------------------------------------------------------------ sockets

  private attachmentOf(socket: S): ChannelAttachment {
    const parsed = ChannelAttachmentSchema.safeParse(this.ports.sockets.attachmentOf(socket));
    if (parsed.success) return parsed.data;
    // Without a readable attachment the socket's tag still names the user the app verified.
    return { userId: this.ports.sockets.tagsOf(socket)[0] ?? "", connectedAt: 0, windowStart: this.ports.clock.now(), frames: 0 };
  }

  private send(socket: S, message: ChannelServerMessage): void {
    this.ports.sockets.send(socket, JSON.stringify(message));
  }

  private broadcast(message: ChannelServerMessage): number {
    const text = JSON.stringify(message);
    const sockets = this.ports.sockets.open();
    for (const socket of sockets) this.ports.sockets.send(socket, text);
    return sockets.length;
  }

  /** Whether a socket of `userId` may open here: a channel is one player's. */
  async admits(userId: string): Promise<boolean> {
    const state = await this.load();
    return !state.userId || state.userId === userId;
  }

  /** The platform accepted a socket for `userId` (after `admits`); `member`: a premium member, as the app read it. */
  async opened(socket: S, userId: string, member = false): Promise<void> {
    const now = this.ports.clock.now();
    this.ports.sockets.attach(socket, { userId, connectedAt: now, windowStart: now, frames: 0, member });
    await this.knowUser(userId);
    this.save({ ...this.state!, presence: presence.firstHeartbeat(this.state!.presence, now) });
    // The hello is built after this player's own presence is in D1 (one batch): a friend who
    // publishes at the same moment either finds them online (and pushes to them) or is already in
    // the hello. It does not hold up the upgrade.
    void this.welcome(socket).catch((error: unknown) => this.ports.warn("channel hello failed", error));
  }

  /** The first frame on a socket (and the answer to `sync`), with presence settled and published first. */
  private async welcome(socket: S): Promise<void> {
    const appearOffline = await this.appearOffline();
    const now = this.ports.clock.now();
    const state = this.state!;
    const userId = state.userId!;
    const settled = presence.settle(state.presence, this.ports.sockets.open().length, appearOffline, now, this.ports.timings);
    const current = this.save({ ...state, presence: settled.state });
    this.schedule();
    this.reportToLobby(userId, current.presence.published, now);
    if (settled.changed || !this.friendsKnown) await this.announce();
    const open = this.state!;
    this.send(socket, {
      type: "hello",
      payload: {
        user_id: userId,
        presence: [...this.friends.values()].map((friend) => friend.update),
        invitations: invitations.openInvitations(open.received, now),
        sent: open.sent.filter(invitations.isOpen),
      },
    });
  }

  /** A frame from the browser: counted against the flood limit, parsed, answered. */
  async message(socket: S, data: string | ArrayBuffer): Promise<void> {
    const attachment = this.attachmentOf(socket);
    const now = this.ports.clock.now();
    if (now - attachment.windowStart > FLOOD_WINDOW_MS) {
      attachment.windowStart = now;
      attachment.frames = 0;
    }
    attachment.frames += 1;
    this.ports.sockets.attach(socket, attachment);
    if (attachment.frames > FLOOD_LIMIT) return this.ports.sockets.close(socket, 1008, "Too many messages");
    const parsed = parseChannelClientFrame(data);
    if (!parsed.ok) return this.send(socket, { type: "error", payload: { code: parsed.code, message: parsed.message } });
    // A ping written differently from CHANNEL_PING reaches the host: answered the same way.
    if (parsed.message.type === "ping") return this.ports.sockets.send(socket, CHANNEL_PONG);
    await this.load();
    if (parsed.message.type === "lobby") return this.watchLobby(socket, attachment, parsed.message.payload.watch);
    if (parsed.message.type === "tournament") return this.watchTournament(socket, attachment, parsed.message.payload.watch);
    await this.welcome(socket);
  }

  /** A socket closed or failed: it is closed on this side too, and presence follows. */
  async closed(socket: S): Promise<void> {
    this.ports.sockets.close(socket, 1000, "Closing");
    await this.refresh();
  }

  // ------------------------------------------------------------------ presence

  /** Settles presence with the sockets and reports as they are now; publishes a change; sets the alarm. */
  private async refresh(): Promise<void> {
    await this.load();
    const appearOffline = await this.appearOffline();
    const state = this.state!;
    const now = this.ports.clock.now();
    const settled = presence.settle(state.presence, this.ports.sockets.open().length, appearOffline, now, this.ports.timings);
    this.save({ ...state, presence: settled.state });
    this.schedule();
    if (state.userId) this.reportToLobby(state.userId, settled.state.published, now);
    if (settled.changed && state.userId) await this.announce();
  }

  // ------------------------------------------------------------------ the lobby

  /**
   * The Lobby counts this player online from these reports: sent when online-ness changed, and
   * again every REPORT_REFRESH_MS (the heartbeat's alarm comes by) so the entry never ages out.
   */
  private reportToLobby(userId: string, published: Published, now: number): void {
    const lobby = this.ports.lobby;
    if (!lobby) return;
    const online = published.status !== "offline";
    const held = this.lobbyReported;
    if (held && held.online === online && now - held.at < REPORT_REFRESH_MS) return;
    this.lobbyReported = { online, at: now };
    lobby.report({ userId, online, at: now }).catch((error: unknown) => {
      this.lobbyReported = null;
      this.ports.warn("lobby report failed", error);
    });
  }

  private lobbyWatchers(): S[] {
    return this.ports.sockets.open().filter((socket) => this.attachmentOf(socket).lobby === true);
  }

  /** A page starts or stops showing the lobby; a new watcher gets the current view at once. */
  private async watchLobby(socket: S, attachment: ChannelAttachment, watch: boolean): Promise<void> {
    this.ports.sockets.attach(socket, { ...attachment, lobby: watch });
    if (watch) await this.pushLobby(socket);
    this.schedule();
  }

  /**
   * Looks at the lobby's snapshot and pushes this player's view of it to every watching socket when
   * it changed (and to `fresh`, a socket that just started watching, in any case).
   */
  private async pushLobby(fresh: S | null): Promise<void> {
    const lobby = this.ports.lobby;
    const userId = this.state?.userId;
    if (!lobby || !userId) return;
    let snapshot;
    try {
      snapshot = await lobby.snapshot();
    } catch (error) {
      this.ports.warn("lobby snapshot unavailable", error);
      return;
    }
    this.lobbyCheckedAt = this.ports.clock.now();
    const watchers = this.lobbyWatchers();
    const member = watchers.some((socket) => this.attachmentOf(socket).member === true);
    const view: LobbyPush = { ...lobbyViewFor(snapshot, { userId, member }), live: snapshot.live ?? [] };
    const text = JSON.stringify({ type: "lobby", payload: view } satisfies ChannelServerMessage);
    if (!sameView(this.lobbyView, view)) {
      this.lobbyView = view;
      for (const socket of watchers) this.ports.sockets.send(socket, text);
    } else if (fresh) this.ports.sockets.send(fresh, text);
  }

  // ------------------------------------------------------------------ watched tournaments

  /** How often what a page watches is looked at (the lobby's pace). */
  private watchMs(): number {
    return this.ports.lobby?.everyMs ?? SNAPSHOT_MS;
  }

  private watchedTournaments(): Map<string, S[]> {
    const watched = new Map<string, S[]>();
    for (const socket of this.ports.sockets.open()) {
      const id = this.attachmentOf(socket).tournament;
      if (id) watched.set(id, [...(watched.get(id) ?? []), socket]);
    }
    return watched;
  }

  /** A page starts or stops showing a tournament; its change mark now is the one to beat. */
  private async watchTournament(socket: S, attachment: ChannelAttachment, tournamentId: string | null): Promise<void> {
    this.ports.sockets.attach(socket, { ...attachment, tournament: tournamentId });
    if (tournamentId && !this.tournamentsSeen.has(tournamentId)) {
      try {
        this.tournamentsSeen.set(tournamentId, await this.ports.peers.tournament(tournamentId).changedAt());
      } catch (error) {
        this.ports.warn("tournament did not answer", error);
      }
    }
    this.tournamentsCheckedAt ??= this.ports.clock.now();
    this.schedule();
  }

  /** Asks each watched tournament for its change mark; the pages showing one that changed hear it. */
  private async checkTournaments(): Promise<void> {
    const watched = this.watchedTournaments();
    this.tournamentsCheckedAt = this.ports.clock.now();
    for (const id of [...this.tournamentsSeen.keys()]) if (!watched.has(id)) this.tournamentsSeen.delete(id);
    for (const [id, sockets] of watched) {
      let changed: number;
      try {
        changed = await this.ports.peers.tournament(id).changedAt();
      } catch (error) {
        this.ports.warn("tournament did not answer", error);
        continue;
      }
      const seen = this.tournamentsSeen.get(id);
      this.tournamentsSeen.set(id, changed);
      if (seen !== undefined && changed > seen) {
        const text = JSON.stringify({ type: "tournament_updated", payload: { tournament_id: id } } satisfies ChannelServerMessage);
        for (const socket of sockets) this.ports.sockets.send(socket, text);
      }
    }
  }

  // ------------------------------------------------------------------ friends' presence

  /**
   * This player's presence changed (or their friends are not known): friends hear it. When the
   * friends are known, only those online hear (the others ask when they come online); otherwise
   * every friend gets a hello, which tells them and answers their own presence.
   */
  private async announce(): Promise<void> {
    const userId = this.state?.userId;
    if (!userId) return;
    const me = presenceOf(userId, this.state!.presence.published);
    if (!this.friendsKnown) return this.askFriends(userId, me);
    await Promise.all(
      onlineFriends(this.friends).map((friend) =>
        this.ports.peers
          .channel(friend)
          .friendPresence(friend, me)
          .catch((error: unknown) => this.ports.warn("presence not pushed", error)),
      ),
    );
    // Offline, this channel stops hearing of changes: the friends are asked again when it comes back.
    if (!me.online) this.friendsKnown = false;
  }

  /** Says hello to every friend's channel (at most FRIENDS_MAX), learning each one's presence. */
  private async askFriends(userId: string, me: FriendPresence): Promise<void> {
    const ids = await this.ports.records.friendIds(userId);
    const answers = await Promise.all(
      ids.map((friend) =>
        this.ports.peers
          .channel(friend)
          .friendHello(friend, me)
          .catch((error: unknown) => {
            this.ports.warn("friend did not answer", error);
            return null;
          }),
      ),
    );
    const friends = new Set(ids);
    for (const id of [...this.friends.keys()]) if (!friends.has(id)) this.friends.delete(id);
    ids.forEach((id, i) => {
      const answer = answers[i];
      noteFriend(this.friends, answer && answer.update.user_id === id ? answer : unheard(id));
    });
    this.friendsKnown = me.online && answers.every((answer) => answer !== null);
  }

  /** A friend's word: kept if newer, and pushed to this player's tabs when what they see changed. */
  private hear(word: FriendPresence): void {
    if (noteFriend(this.friends, word)) this.broadcast({ type: "presence", payload: word.update });
  }

  async friendHello(userId: string, from: FriendPresence): Promise<FriendPresence> {
    const state = await this.knowUser(userId);
    this.hear(from);
    return presenceOf(userId, state.presence.published);
  }

  async friendPresence(userId: string, from: FriendPresence): Promise<void> {
    await this.knowUser(userId);
    this.hear(from);
  }

  async friendStatuses(userId: string): Promise<PresenceUpdate[]> {
    const state = await this.knowUser(userId);
    if (!this.friendsKnown) await this.askFriends(userId, presenceOf(userId, state.presence.published));
    return [...this.friends.values()].map((friend) => friend.update);
  }

  /** This player's presence as last published (null before the state is read). */
  publishedNow(): Published | null {
    return this.state?.presence.published ?? null;
  }

  /** One alarm at the earliest of presence's and the invitations' deadlines. */
  private schedule(): void {
    const state = this.state;
    if (!state) return;
    const times = [
      presence.nextWake(state.presence, this.ports.sockets.open().length, this.ports.timings),
      invitations.nextDeadline(state.received),
      invitations.nextMirrorDeadline(state.sent),
      this.ports.lobby && this.lobbyWatchers().length > 0
        ? (this.lobbyCheckedAt ?? this.ports.clock.now()) + this.ports.lobby.everyMs
        : null,
      this.watchedTournaments().size > 0 ? (this.tournamentsCheckedAt ?? this.ports.clock.now()) + this.watchMs() : null,
    ].filter((time): time is number => time !== null);
    const next = times.length ? Math.max(Math.min(...times), this.ports.clock.now()) : null;
    // Never moved later nor deleted: an armed alarm that comes early re-derives nothing due and
    // sets the real one. Moving it later also makes local workerd log "SQLite alarm handler
    // canceled with requestScheduledAlarm" (the earlier time fires first).
    const set = alarmToSet(this.alarmAt, next);
    if (set === null) return;
    this.alarmAt = set;
    this.ports.store.setAlarm(set);
  }

  /** The alarm: the heartbeat, the rooms whose word is due, the invitations past their time. */
  async alarm(): Promise<void> {
    this.alarmAt = undefined; // The alarm that fired is gone; schedule() must set the next one.
    const state = await this.load();
    const now = this.ports.clock.now();

    // The heartbeat: close the sockets that did not answer the last one, send the next.
    const sockets = this.ports.sockets.open();
    const beat = presence.heartbeat(
      state.presence,
      sockets.map((socket) => ({ connectedAt: this.attachmentOf(socket).connectedAt, answeredAt: this.ports.sockets.answeredAt(socket) })),
      now,
      this.ports.timings,
    );
    for (const index of beat.dead) this.ports.sockets.close(sockets[index]!, CHANNEL_CLOSE.dropped, "No answer to the heartbeat");
    this.save({ ...state, presence: beat.state });
    if (beat.send) this.broadcast({ type: "heartbeat" });

    // Rooms whose word is due (online only through a game socket, or a seat not confirmed lately).
    const userId = state.userId;
    if (userId) {
      for (const gameId of presence.gamesToCheck(this.state!.presence, this.ports.sockets.open().length, now, this.ports.timings)) {
        let report: GameReport | null = null;
        try {
          report = await this.ports.peers.room(gameId).presenceOf(userId);
        } catch (error) {
          this.ports.warn("room did not answer", error);
          continue;
        }
        const at = this.ports.clock.now();
        // No room any more: nothing there counts.
        const fresh = report ?? { gameId, seated: false, sockets: 0, status: "cancelled" as const, full: false, at, seq: 0 };
        this.save({ ...this.state!, presence: presence.applyReport(this.state!.presence, fresh, at) });
      }
    }

    await this.expireInvitations(this.ports.clock.now());
    if (this.watchedTournaments().size > 0 && this.ports.clock.now() >= (this.tournamentsCheckedAt ?? 0) + this.watchMs()) {
      await this.checkTournaments();
    }
    const lobby = this.ports.lobby;
    if (lobby && this.lobbyWatchers().length > 0 && this.ports.clock.now() >= (this.lobbyCheckedAt ?? 0) + lobby.everyMs) {
      await this.pushLobby(null);
    }
    await this.refresh();
  }

  // ------------------------------------------------------------------ events and presence

  /** Pushes an event to every open socket; answers how many it reached. A friendship's start or end also updates whom presence goes to. */
  notify(event: ChannelEvent): number {
    if (event.type === "friend_added") {
      const { friend } = event.payload;
      noteFriend(this.friends, { update: { user_id: friend.id, status: friend.status, at: friend.status_at }, online: friend.is_online });
    }
    if (event.type === "friend_removed") this.friends.delete(event.payload.user_id);
    return this.broadcast(event);
  }

  /** Closes every socket; a ban first tells each page why, so it goes to `/banned` at once. */
  async closeAll(reason: CloseReason, banReason = ""): Promise<void> {
    await this.load();
    if (reason === "banned") this.broadcast({ type: "account_banned", payload: { reason: banReason } });
    const code = reason === "banned" ? CHANNEL_CLOSE.banned : CHANNEL_CLOSE.signedOut;
    for (const socket of this.ports.sockets.open()) this.ports.sockets.close(socket, code, reason);
    await this.refresh();
  }

  async reportGame(userId: string, report: GameReport): Promise<void> {
    await this.knowUser(userId);
    this.save({ ...this.state!, presence: presence.applyReport(this.state!.presence, report, this.ports.clock.now()) });
    // A room that filled, started or that this player left takes their open invitations with it.
    if (!report.seated || report.full || report.status !== "waiting") await this.cancelSentFor(report.gameId);
    await this.refresh();
  }

  async setAppearOffline(userId: string, appearOffline: boolean): Promise<void> {
    await this.knowUser(userId);
    this.save({ ...this.state!, appearOffline });
    await this.refresh();
  }

  async status(): Promise<{ status: PresenceStatus; visible: PresenceStatus; at: number }> {
    const { published } = (await this.load()).presence;
    return { status: published.status, visible: published.visible, at: published.at };
  }

  // ------------------------------------------------------------------ invitations received (the authority)

  async receiveInvitation(invitation: Invitation): Promise<InvitationResult> {
    await this.knowUser(invitation.to.id);
    const result = invitations.receive(this.state!.received, invitation, this.ports.clock.now());
    if (!result.ok) return result;
    this.save({ ...this.state!, received: result.list });
    this.schedule();
    const held = result.list.find((item) => item.id === invitation.id)!;
    this.broadcast({ type: "invitation", payload: { invitation: held } });
    return { ok: true, invitation: held };
  }

  async openInvitation(id: string): Promise<Invitation | null> {
    const state = await this.load();
    return invitations.openInvitations(state.received, this.ports.clock.now()).find((item) => item.id === id) ?? null;
  }

  async beginAccept(id: string): Promise<InvitationResult> {
    const state = await this.load();
    const result = invitations.beginAccept(state.received, id, this.ports.clock.now());
    if (!result.ok) return result;
    this.save({ ...state, received: result.list });
    this.schedule();
    return { ok: true, invitation: result.invitation };
  }

  async finishAccept(id: string, joined: boolean): Promise<void> {
    const state = await this.load();
    const { list, invitation } = invitations.finishAccept(state.received, id, joined);
    if (!invitation) return;
    this.save({ ...state, received: list });
    this.schedule();
    await this.closedReceived(invitation);
  }

  async decline(id: string): Promise<InvitationResult> {
    const state = await this.load();
    const result = invitations.decline(state.received, id, this.ports.clock.now());
    if (!result.ok) return result;
    this.save({ ...state, received: result.list });
    this.schedule();
    await this.closedReceived(result.invitation);
    return { ok: true, invitation: result.invitation };
  }

  async cancelInvitation(id: string): Promise<InvitationStatus | null> {
    const state = await this.load();
    const { list, status, changed } = invitations.cancel(state.received, id, this.ports.clock.now());
    this.save({ ...state, received: list });
    this.schedule();
    if (changed) this.broadcast({ type: "invitation_closed", payload: { id, status: changed.status } });
    return status;
  }

  /** A received invitation closed: every tab drops it, and the inviter's channel learns the outcome. */
  private async closedReceived(invitation: Invitation): Promise<void> {
    this.broadcast({ type: "invitation_closed", payload: { id: invitation.id, status: invitation.status } });
    await this.ports.peers
      .channel(invitation.from.id)
      .invitationOutcome(invitation.id, invitation.status)
      .catch((error: unknown) => this.ports.warn("invitation outcome not delivered", error));
  }

  private async expireInvitations(now: number): Promise<void> {
    const state = this.state!;
    const received = invitations.expire(state.received, now);
    const sent = invitations.expireMirror(state.sent, now);
    this.save({ ...state, received: received.list, sent: sent.list });
    for (const invitation of sent.expired) this.broadcast({ type: "invitation_update", payload: { invitation } });
    for (const invitation of received.expired) await this.closedReceived(invitation);
  }

  // ------------------------------------------------------------------ invitations sent (the mirror)

  async trackInvitation(invitation: Invitation): Promise<void> {
    await this.knowUser(invitation.from.id);
    this.save({ ...this.state!, sent: invitations.track(this.state!.sent, invitation, this.ports.clock.now()) });
    this.schedule();
    this.broadcast({ type: "invitation_update", payload: { invitation } });
  }

  async invitationOutcome(id: string, status: InvitationStatus): Promise<void> {
    const state = await this.load();
    const { list, changed } = invitations.settleMirror(state.sent, id, status);
    if (!changed) return;
    this.save({ ...state, sent: list });
    this.schedule();
    this.broadcast({ type: "invitation_update", payload: { invitation: changed } });
  }

  /** The room filled, started or was left: the invited players' channels cancel what is still pending. */
  private async cancelSentFor(gameId: string): Promise<void> {
    for (const invitation of invitations.sentForGame(this.state!.sent, gameId)) {
      let status: InvitationStatus | null;
      try {
        status = await this.ports.peers.channel(invitation.to.id).cancelInvitation(invitation.id);
      } catch (error) {
        this.ports.warn("invitation not cancelled", error);
        continue;
      }
      // Unknown there (expired and dropped): closed all the same.
      await this.invitationOutcome(invitation.id, status ?? "cancelled");
    }
  }
}

/** What a fresh instance would miss if `next` were not written over `stored`. */
function mustStore(stored: ChannelState, next: ChannelState): boolean {
  return (
    stored.userId !== next.userId ||
    stored.appearOffline !== next.appearOffline ||
    stored.received !== next.received ||
    stored.sent !== next.sent ||
    presence.presenceToStore(stored.presence, next.presence)
  );
}
