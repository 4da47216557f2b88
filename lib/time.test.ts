import { describe, expect, it } from "vitest";
import { formatDateTime, formatIsoOffset, offsetMinutes, parseCalendarDate, startOfDayIn, zoneLabel } from "@/lib/time";

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

describe("formatDateTime and offsetMinutes, read from offsets cached per quarter hour", () => {
  // The reference: Intl's own reading of each instant.
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intl = (t: number, timeZone: string) => {
    let f = formats.get(timeZone);
    if (!f) formats.set(timeZone, (f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })));
    const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
  const offset = (t: number, zone: string) => Date.parse(`${intl(t, zone).replace(" ", "T")}Z`) - Math.floor(t / 1000) * 1000;
  const zones = ["Europe/Istanbul", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "Africa/Casablanca", "UTC"];
  const WEEK = 7 * 24 * 3_600_000;

  it("agrees with Intl on the seconds around each offset change since 1880, and at random instants", { timeout: 60_000 }, () => {
    let changes = 0;
    for (const zone of zones) {
      for (let t = Date.UTC(1880, 0, 1); t < Date.UTC(2040, 0, 1); t += WEEK) {
        if (offset(t, zone) === offset(t + WEEK, zone)) continue;
        // The change's second, by halving; then every half second from 3 s before to 3 s after.
        let [lo, hi] = [t, t + WEEK];
        while (hi - lo > 1000) {
          const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
          if (offset(mid, zone) === offset(lo, zone)) lo = mid;
          else hi = mid;
        }
        changes++;
        for (let x = hi - 3_000; x <= hi + 3_000; x += 500) {
          expect(formatDateTime(new Date(x), zone), `${zone} ${new Date(x).toISOString()}`).toBe(intl(x, zone));
          expect(offsetMinutes(new Date(x), zone)).toBe(Math.round(offset(x, zone) / 60_000));
        }
      }
    }
    expect(changes).toBeGreaterThan(500);
    // Random instants, with milliseconds, before and after 1970.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 5000; i++) {
      const t = Math.floor(Date.UTC(1890, 0, 1) + random() * (Date.UTC(2090, 0, 1) - Date.UTC(1890, 0, 1)));
      const zone = zones[i % zones.length]!;
      expect(formatDateTime(new Date(t), zone), `${zone} ${new Date(t).toISOString()}`).toBe(intl(t, zone));
    }
  });

  it("keeps Intl's reading for years without four digits, and its error for an invalid date", () => {
    expect(formatDateTime(new Date("0900-06-01T00:00:00Z"), "UTC")).toBe(intl(Date.parse("0900-06-01T00:00:00Z"), "UTC"));
    expect(() => formatDateTime(new Date(Number.NaN), "UTC")).toThrow(RangeError);
  });
});
