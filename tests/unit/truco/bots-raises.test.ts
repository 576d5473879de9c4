// One against one, a seat's raises within the hand it called weigh the sampled deals once (ADR 162):
// a bluffer raises on with the same weak hand, so the second raise says little the first did not.
import { describe, expect, it } from "vitest";
import { viewFor } from "../../../game/truco/index";
import { situationFromView } from "../../../game/truco/bots/situation";
import { evidenceOf, evidenceWeight } from "../../../game/truco/bots/worlds";
import { act, fixed } from "./helpers";

describe("the opponent's raises one against one", () => {
  it("count as calls, but only the first weighs a deal", () => {
    let s = fixed("paulista", { hands: { a: ["3c", "2d", "Ah"], b: ["4c", "5d", "Kh"] }, vira: "7d" });
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    s = act(s, "b", { type: "call_truco", call: "seis" }).state;
    const afterSeis = evidenceOf(situationFromView(viewFor(s, "a")), null);
    s = act(s, "a", { type: "call_truco", call: "nove" }).state;
    s = act(s, "b", { type: "call_truco", call: "doze" }).state;
    const afterDoze = evidenceOf(situationFromView(viewFor(s, "a")), null);
    expect(afterSeis).toMatchObject({ calls: 1, weighedCalls: 1 });
    expect(afterDoze).toMatchObject({ calls: 2, weighedCalls: 1 });
    // The same deal weighs the same after the doze as after the seis: weak hands are not ruled out twice.
    for (const power of [0.1, 0.3, 0.5, 0.9]) expect(evidenceWeight(afterDoze, power)).toBeCloseTo(evidenceWeight(afterSeis, power), 12);
    // A weak hand still weighs less than a strong one.
    expect(evidenceWeight(afterDoze, 0.1)).toBeLessThan(evidenceWeight(afterDoze, 0.9));
  });
});
