import { describe, expect, it } from "vitest";
import { compareCards, envidoPoints, manilhaRank, type Variant } from "../../../game/truco/index";

/** Assert a high-to-low order: each group ties inside and beats every later group. */
function expectOrder(variant: Variant, groups: string[][], vira?: string) {
  const opts = { variant, vira };
  for (let i = 0; i < groups.length; i++) {
    for (const a of groups[i]) {
      for (const b of groups[i]) expect(compareCards(a, b, opts), `${a} = ${b}`).toBe(0);
      for (let j = i + 1; j < groups.length; j++) {
        for (const b of groups[j]) {
          expect(compareCards(a, b, opts), `${a} > ${b}`).toBeGreaterThan(0);
          expect(compareCards(b, a, opts), `${b} < ${a}`).toBeLessThan(0);
        }
      }
    }
  }
}

const all = (rank: string, suits = "chsd") => suits.split("").map((s) => rank + s);

describe("manilha (Paulista, International)", () => {
  it("is the rank after the vira in 4 5 6 7 Q J K A 2 3 → 4 (rules §1 examples)", () => {
    expect(manilhaRank("7")).toBe("Q");
    expect(manilhaRank("J")).toBe("K");
    expect(manilhaRank("3")).toBe("4");
    expect(manilhaRank("2")).toBe("3");
    expect(manilhaRank({ id: "Qc", suit: "clubs", rank: "Q" })).toBe("J");
    expect(manilhaRank("K")).toBe("A");
  });

  it("orders cards as pagat's vira-J example: K♣ K♥ K♠ K♦ > 3 > 2 > A > J > Q > 7 > 6 > 5 > 4", () => {
    const groups = [
      ["Kc"],
      ["Kh"],
      ["Ks"],
      ["Kd"],
      all("3"),
      all("2"),
      all("A"),
      all("J"),
      all("Q"),
      all("7"),
      all("6"),
      all("5"),
      all("4"),
    ];
    expectOrder("paulista", groups, "Jd");
    expectOrder("international", groups, "Js");
  });

  it("uses zap > copas > espadilha > pica-fumo whatever the manilha rank, and suits tie otherwise", () => {
    expectOrder("paulista", [["4c"], ["4h"], ["4s"], ["4d"], all("3"), all("2")], "3h");
    expect(compareCards("3c", "3d", { variant: "paulista", vira: "5h" })).toBe(0);
  });

  it("accepts Card objects", () => {
    const c = (id: string) => ({
      id,
      suit: ({ c: "clubs", h: "hearts", s: "spades", d: "diamonds" } as const)[id[1] as "c"],
      rank: id[0] as "Q",
    });
    expect(compareCards(c("Qc"), c("3h"), { variant: "paulista", vira: c("7d") })).toBeGreaterThan(0);
  });
});

describe("fixed manilhas (Mineiro)", () => {
  it("orders 4♣ > 7♥ > A♠ > 7♦ > 3 > 2 > A(♥♣♦) > K > J > Q > 7♣7♠ > 6 > 5 > 4(♥♠♦) (rules §2)", () => {
    expectOrder("mineiro", [
      ["4c"],
      ["7h"],
      ["As"],
      ["7d"],
      all("3"),
      all("2"),
      ["Ah", "Ac", "Ad"],
      all("K"),
      all("J"),
      all("Q"),
      ["7c", "7s"],
      all("6"),
      all("5"),
      ["4h", "4s", "4d"],
    ]);
  });

  it("ignores a vira", () => {
    expect(compareCards("4c", "3h", { variant: "mineiro", vira: "2d" })).toBeGreaterThan(0);
  });
});

describe("Spanish deck (Argentino, Gaúcho)", () => {
  // espadas → spades, bastos → clubs, oros → diamonds, copas → hearts; 1 → A, 10 → Q, 11 → J, 12 → K
  const order = [
    ["As"], // 1 de espadas
    ["Ac"], // 1 de bastos
    ["7s"],
    ["7d"], // 7 de oros
    all("3"),
    all("2"),
    ["Ah", "Ad"], // anchos falsos
    all("K"), // 12
    all("J"), // 11
    all("Q"), // 10
    ["7h", "7c"], // sietes falsos
    all("6"),
    all("5"),
    all("4"),
  ];
  it("follows rules §4.1 in Argentino", () => expectOrder("argentino", order));
  it("follows the same table in Gaúcho (rules §3)", () => expectOrder("gaucho", order));
});

describe("envidoPoints (rules §4.5)", () => {
  it("is 20 + the two best of a suit held twice or more", () => {
    expect(envidoPoints(["7s", "6s", "3c"], { variant: "argentino" })).toBe(33);
    expect(envidoPoints(["Ks", "Qs", "Jc"], { variant: "argentino" })).toBe(20);
    expect(envidoPoints(["As", "5s", "7c"], { variant: "gaucho" })).toBe(26);
  });
  it("uses the best two of three cards of one suit", () => {
    expect(envidoPoints(["5h", "4h", "7h"], { variant: "argentino" })).toBe(32);
  });
  it("is the best single value without a pair of one suit; figures count 0", () => {
    expect(envidoPoints(["As", "2c", "3d"], { variant: "argentino" })).toBe(3);
    expect(envidoPoints(["7s", "Kc", "Qd"], { variant: "argentino" })).toBe(7);
    expect(envidoPoints(["Kc", "Jd", "Qh"], { variant: "argentino" })).toBe(0);
  });
});
