import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCATION_HINTS, locationHintOf } from "../../../game/placement";

describe("a new room's location hint", () => {
  it("is South America for every request from there, whatever else it says", () => {
    fc.assert(
      fc.property(fc.constantFrom("BR", "AR", "UY", "CL", "PY"), fc.double({ min: -80, max: -30, noNaN: true }), (country, longitude) => {
        expect(locationHintOf({ continent: "SA", country, longitude: String(longitude) })).toBe("sam");
      }),
    );
  });

  it("is always a hint Durable Objects know, or none", () => {
    fc.assert(
      fc.property(
        fc.record({
          continent: fc.oneof(fc.string(), fc.constant("NA"), fc.constant("EU")),
          country: fc.string(),
          longitude: fc.anything(),
        }),
        (place) => {
          const hint = locationHintOf(place);
          expect(hint === undefined || (LOCATION_HINTS as readonly string[]).includes(hint)).toBe(true);
        },
      ),
    );
  });

  it("splits North America and Europe by longitude, and finds the Middle East in Asia", () => {
    expect(locationHintOf({ continent: "NA", country: "US", longitude: "-122.4" })).toBe("wnam");
    expect(locationHintOf({ continent: "NA", country: "US", longitude: "-77.0" })).toBe("enam");
    expect(locationHintOf({ continent: "NA", country: "MX" })).toBe("enam");
    expect(locationHintOf({ continent: "EU", country: "PT", longitude: "-9.1" })).toBe("weur");
    expect(locationHintOf({ continent: "EU", country: "PL", longitude: "21.0" })).toBe("eeur");
    expect(locationHintOf({ continent: "AS", country: "AE" })).toBe("me");
    expect(locationHintOf({ continent: "AS", country: "JP" })).toBe("apac");
  });

  it("is none when the request says nothing usable (local development has no request.cf region)", () => {
    expect(locationHintOf(undefined)).toBeUndefined();
    expect(locationHintOf({})).toBeUndefined();
    expect(locationHintOf({ continent: "AN" })).toBeUndefined();
  });
});
