import type { RoomMessage } from "../protocol/room";
import type { Room, RoomClock, RoomEffect, RoomSeat, Step } from "./state";

/**
 * A transition in progress: a copy of the room that the rules change in place, the effects they
 * ask for, and whether a player can see the change. The room handed in is never touched (a
 * refused or failed transition leaves it as it was); an unchanged room comes back as the same
 * object, so the adapter knows there is nothing to save.
 */
export class Transition {
  readonly room: Room;
  readonly effects: RoomEffect[] = [];
  private touched = false;
  private visible = false;
  private stateQueued = false;
  private seatsCopied = false;

  constructor(
    readonly base: Room,
    readonly clock: RoomClock,
  ) {
    this.room = { ...base };
  }

  get now(): number {
    return this.clock.now;
  }

  /** Changes fields of the room; `visible` when players can see them (a new version). */
  set(patch: Partial<Room>, visible = true): void {
    Object.assign(this.room, patch);
    this.touched = true;
    if (visible) this.visible = true;
  }

  /** Changes one seat (copied before its first change). */
  setSeat(seat: RoomSeat, patch: Partial<RoomSeat>, visible = true): RoomSeat {
    if (!this.seatsCopied) {
      this.room.seats = this.room.seats.slice();
      this.seatsCopied = true;
    }
    const index = this.room.seats.findIndex((s) => s.seat === seat.seat);
    const next = { ...this.room.seats[index], ...patch };
    this.room.seats[index] = next;
    this.touched = true;
    if (visible) this.visible = true;
    return next;
  }

  /** Replaces the seat list. */
  setSeats(seats: RoomSeat[]): void {
    this.room.seats = seats;
    this.seatsCopied = true;
    this.touched = true;
    this.visible = true;
  }

  /** A change players see (the version grows) even if no field needed writing. */
  show(): void {
    this.visible = true;
  }

  effect(effect: RoomEffect): void {
    this.effects.push(effect);
  }

  send(message: RoomMessage): void {
    this.effects.push({ type: "send", message });
  }

  /** Places the game_state broadcast here (before later effects, such as closing sockets). */
  publishState(): void {
    this.visible = true;
    if (!this.stateQueued) this.effects.push({ type: "state" });
    this.stateQueued = true;
  }

  step(): Step {
    if (this.visible) {
      this.room.version = this.base.version + 1;
      if (!this.stateQueued) this.effects.push({ type: "state" });
      return { room: this.room, effects: this.effects };
    }
    return { room: this.touched ? this.room : this.base, effects: this.effects };
  }
}

/** Two transitions in a row, as one step: one new version, one game_state (where the second places it, else last). */
export function chain(first: Step, second: Step): Step {
  const isState = (e: RoomEffect) => e.type === "state";
  const firstBumped = first.effects.some(isState);
  const secondBumped = second.effects.some(isState);
  const effects = [...first.effects.filter((e) => !isState(e)), ...second.effects];
  if (firstBumped && !secondBumped) effects.push({ type: "state" });
  // Both grew the version: the second counted from the first's, so one step back makes it one.
  return { room: firstBumped && secondBumped ? { ...second.room, version: first.room.version } : second.room, effects };
}
