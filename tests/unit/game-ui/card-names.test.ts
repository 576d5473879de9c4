import { describe, expect, it } from "vitest";
import { nameShowing } from "../../../app/components/game/game-logic";

// Lighthouse's label-content-name-mismatch: a hand card's accessible name starts with what it shows.
describe("a hand card's name", () => {
  it("puts a figure's or an ace's index first", () => {
    expect(nameShowing("K", "Rei de Paus")).toBe("K, Rei de Paus");
    expect(nameShowing("A", "Ás de Espadas")).toBe("A, Ás de Espadas");
    expect(nameShowing("J", "Jack of Hearts")).toBe("J, Jack of Hearts");
    expect(nameShowing("12", "Rey de Copas")).toBe("12, Rey de Copas");
  });

  it("leaves a name that already starts with the number shown", () => {
    expect(nameShowing("7", "7 de Copas")).toBe("7 de Copas");
    expect(nameShowing("1", "1 de Espadas")).toBe("1 de Espadas");
  });
});
