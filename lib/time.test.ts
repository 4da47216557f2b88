import { describe, expect, it } from "vitest";
import { formatDateTime, formatIsoOffset, parseCalendarDate, startOfDayIn, zoneLabel } from "@/lib/time";

describe("time", () => {
  const d = new Date("2026-11-22T11:03:09Z");
  it("formats wall-clock time in the zone", () => {
    expect(formatDateTime(d, "Europe/Istanbul")).toBe("2026-11-22 14:03:09");
    expect(formatDateTime(d, "UTC")).toBe("2026-11-22 11:03:09");
    expect(formatIsoOffset(d, "Europe/Istanbul")).toBe("2026-11-22T14:03:09+03:00");
    expect(formatIsoOffset(d, "America/New_York")).toBe("2026-11-22T06:03:09-05:00");
  });
  it("parses only real calendar dates", () => {
    expect(parseCalendarDate("2024-02-29")).toEqual({ y: 2024, m: 2, d: 29 });
    expect(parseCalendarDate("2023-02-29")).toBeNull();
    expect(parseCalendarDate("2023-2-01")).toBeNull();
    expect(parseCalendarDate("20230201")).toBeNull();
  });
  it("finds the start of a day in the zone", () => {
    expect(startOfDayIn("2026-11-22", "Europe/Istanbul")?.toISOString()).toBe("2026-11-21T21:00:00.000Z");
    expect(startOfDayIn("2026-03-08", "America/New_York")?.toISOString()).toBe("2026-03-08T05:00:00.000Z");
  });
});

describe("zoneLabel", () => {
  it("writes the zone's offset at that instant as people read it beside a time (decisions §25)", () => {
    expect(zoneLabel(new Date("2026-11-28T09:00:00Z"), "Europe/Istanbul")).toBe("GMT+03:00");
    expect(zoneLabel(new Date("2026-01-15T12:00:00Z"), "UTC")).toBe("GMT+00:00");
    expect(zoneLabel(new Date("2026-01-15T12:00:00Z"), "America/St_Johns")).toBe("GMT-03:30");
    expect(zoneLabel(new Date("2026-07-15T12:00:00Z"), "Europe/Berlin")).toBe("GMT+02:00");
  });
});
