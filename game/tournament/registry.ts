import { z } from "zod";

// The Tournament object's own list of its registrations (ADR 122). Places are decided here, in
// the object's storage, with no D1 round trip between the check and the write; D1's
// `tournament_registrations` row and the fee's ledger row follow in one batch outside that
// section. A line stays `paying` or `leaving` until its batch is known to have landed, so a write
// lost to an eviction or a failed batch is finished later (by the next call of that player, the
// alarm or the draw) and never forgotten.

/** paying: place taken, fee batch not yet known to have landed; paid: in D1; leaving: refund batch not yet known to have landed. */
export const EntryStateSchema = z.enum(["paying", "paid", "leaving"]);
export type EntryState = z.infer<typeof EntryStateSchema>;

export const EntrySchema = z.object({ user_id: z.string().min(1).max(64), entry_paid: z.number().int().min(0), state: EntryStateSchema });
export type Entry = z.infer<typeof EntrySchema>;

/** Why the object refuses registration once it closed it itself (the D1 row may not say so yet). */
export const ClosedSchema = z.enum(["started", "not_registration"]);

export const RegistrySchema = z.object({ entries: z.array(EntrySchema), closed: ClosedSchema.nullable() });
export type Registry = z.infer<typeof RegistrySchema>;

export type Reservation =
  { ok: true; registry: Registry } | { ok: false; error: "already_registered" | "full" | "started" | "not_registration" };

/** Takes a place for `userId` if one is free: the line is `paying` until its fee batch lands. */
export function reserve(registry: Registry, userId: string, t: { entry_cost: number; max_participants: number }): Reservation {
  if (registry.closed) return { ok: false, error: registry.closed };
  if (registry.entries.some((e) => e.user_id === userId)) return { ok: false, error: "already_registered" };
  // A leaving line's place is free: its refund is under way and it is not drawn.
  if (holding(registry).length >= t.max_participants) return { ok: false, error: "full" };
  return {
    ok: true,
    registry: { ...registry, entries: [...registry.entries, { user_id: userId, entry_paid: Math.max(0, t.entry_cost), state: "paying" }] },
  };
}

export type Departure =
  { ok: true; registry: Registry; entry: Entry } | { ok: false; error: "not_registered" | "started" | "not_registration" };

/** Marks a paid line `leaving` (its refund batch follows). A line still `paying` is settled before this is asked. */
export function depart(registry: Registry, userId: string): Departure {
  if (registry.closed) return { ok: false, error: registry.closed };
  const entry = registry.entries.find((e) => e.user_id === userId);
  if (!entry || entry.state !== "paid") return { ok: false, error: "not_registered" };
  const leaving: Entry = { ...entry, state: "leaving" };
  return { ok: true, entry: leaving, registry: { ...registry, entries: registry.entries.map((e) => (e === entry ? leaving : e)) } };
}

/**
 * What a batch's known outcome does to a line: `paid` keeps it, `gone` removes it. Applied only
 * while the line is still in the state the batch started from, so a late answer never undoes what
 * a later settlement already decided.
 */
export function settle(registry: Registry, userId: string, from: EntryState, outcome: "paid" | "gone"): Registry {
  const entry = registry.entries.find((e) => e.user_id === userId);
  if (!entry || entry.state !== from) return registry;
  const entries =
    outcome === "gone"
      ? registry.entries.filter((e) => e !== entry)
      : registry.entries.map((e) => (e === entry ? { ...e, state: "paid" as const } : e));
  return { ...registry, entries };
}

/** Lines whose batch is not known to have landed. */
export function unsettled(registry: Registry): Entry[] {
  return registry.entries.filter((e) => e.state !== "paid");
}

/** The lines that hold a place (paid, or paying). */
export function holding(registry: Registry): Entry[] {
  return registry.entries.filter((e) => e.state !== "leaving");
}

export function closeRegistry(registry: Registry, reason: "started" | "not_registration"): Registry {
  return registry.closed ? registry : { ...registry, closed: reason };
}
