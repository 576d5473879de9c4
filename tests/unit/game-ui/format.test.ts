import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "../../../app/utils/format";

// Every date in one zone, São Paulo's, whatever the browser's or the server's zone.
describe("dates", () => {
  it("reads a timestamp and a calendar date of the same São Paulo day as the same day", () => {
    // 22:30 in São Paulo on the 23rd is already the 24th in UTC.
    expect(formatDate("2026-11-24T01:30:00.000Z", "pt-BR")).toBe("23/11/2026");
    expect(formatDate("2026-11-23", "pt-BR")).toBe("23/11/2026");
    expect(formatDate("2026-11-23", "en")).toBe("11/23/2026");
  });

  it("shows times in São Paulo time", () => {
    expect(formatDateTime("2026-11-24T01:30:00.000Z", "pt-BR")).toBe("23/11/2026, 22:30");
  });
});
