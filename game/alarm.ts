/**
 * When a Durable Object's one alarm must be written (ADR 096): the game room's, and the
 * player channel's. Every `setAlarm` is a storage write that the output gate holds the
 * move's frames for, and most moves only push the next deadline later (a new turn's clock). An
 * alarm that is earlier than needed does no harm: it fires, finds nothing due, and the adapter asks
 * again with the real next deadline. So the alarm is written only when it would otherwise fire late
 * (or never), never just to move it later.
 *
 * `armed` is the alarm the adapter knows it set and that has not fired yet: a time, `null` for
 * none, or `undefined` when it does not know (a fresh instance after eviction, or right after the
 * alarm fired). `next` is the object's next deadline (the room's `nextDeadline`), or null when it
 * waits for nothing. Answers the time to set, or null to leave the alarm as it is.
 */
export function alarmToSet(armed: number | null | undefined, next: number | null): number | null {
  if (next === null) return null; // An armed alarm fires early and finds nothing: no write now.
  if (armed === undefined || armed === null) return next;
  return next < armed ? next : null;
}
