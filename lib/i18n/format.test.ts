import { describe, expect, it } from "vitest";
import { asSentence, formatAt, formatDay, formatDuration, formatSize, formatWhen } from "@/lib/i18n/format";

describe("formatWhen", () => {
  const IST = "Europe/Istanbul";

  it("writes the service's wall-clock time in each language with its zone, with seconds when asked", () => {
    expect(formatWhen("2026-11-22 14:03:09", "tr", IST)).toBe("22.11.2026 14:03 (GMT+03:00)");
    expect(formatWhen("2026-11-22 14:03:09", "tr", IST, true)).toBe("22.11.2026 14:03:09 (GMT+03:00)");
    expect(formatWhen("2026-11-02T04:05:00", "en", IST)).toBe("2 Nov 2026, 04:05 (GMT+03:00)");
    expect(formatWhen("2026-11-22 14:03:09", "en", IST, true)).toBe("22 Nov 2026, 14:03:09 (GMT+03:00)");
    expect(formatWhen("2026-11-22 14:03:09", "de", IST)).toBe("22. Nov. 2026, 14:03 (GMT+03:00)");
    expect(formatWhen("2026-11-22 14:03:09", "ar", IST)).toContain("2026");
    // Arabic keeps the zone left to right, as it keeps phone numbers.
    expect(formatWhen("2026-11-22 14:03:09", "ar", IST)).toContain("\u2066(GMT+03:00)\u2069");
    expect(formatWhen("yesterday", "tr", IST)).toBe("yesterday");
  });

  it("names the zone's offset at that instant (decisions §25)", () => {
    expect(formatWhen("2026-07-15 12:00:00", "tr", "Europe/Berlin")).toBe("15.07.2026 12:00 (GMT+02:00)");
    expect(formatWhen("2026-01-15 12:00:00", "tr", "Europe/Berlin")).toBe("15.01.2026 12:00 (GMT+01:00)");
    expect(formatWhen("2026-01-15 12:00:00", "en", "UTC")).toBe("15 Jan 2026, 12:00 (GMT+00:00)");
    expect(formatAt(new Date("2026-11-28T09:00:00Z"), IST, "tr")).toBe("28.11.2026 12:00 (GMT+03:00)");
  });

  it("writes a calendar date alone in each language's form", () => {
    expect(formatWhen("2027-11-26", "tr", IST)).toBe("26.11.2027");
    expect(formatWhen("2027-11-06", "en", IST)).toBe("6 Nov 2027");
    expect(formatWhen("2027-11-26", "de", IST)).toBe("26. Nov. 2027");
    expect(formatWhen("2027-11-26", "fr", IST)).not.toMatch(/:/);
    expect(formatDay("2027-11-26T10:00:00Z", "tr")).toBe("26.11.2027");
  });
});

describe("formatDuration", () => {
  it("gives the largest unit and the next one unless it is zero", () => {
    expect(formatDuration(0, "tr")).toBe("0 sn");
    expect(formatDuration(0, "tr-long")).toBe("0 saniye");
    expect(formatDuration(42, "tr")).toBe("42 sn");
    expect(formatDuration(90, "tr")).toBe("1 dk 30 sn");
    expect(formatDuration(3 * 3600 + 5 * 60, "en")).toBe("3 h 5 min");
    expect(formatDuration(26 * 3600, "en")).toBe("1 d 2 h");
    expect(formatDuration(93_784, "tr-long")).toBe("1 gün 2 saat");
    expect(formatDuration(7200, "tr-long")).toBe("2 saat");
    expect(formatDuration(-5, "tr-long")).toBe("0 saniye");
  });
});

describe("formatSize", () => {
  it("writes kilobytes and megabytes with the language's decimal sign", () => {
    expect(formatSize(65_536, "en")).toBe("64 KB");
    expect(formatSize(1536, "tr")).toBe("1,5 KB");
    expect(formatSize(3 * 1024 * 1024 + 512 * 1024, "de")).toBe("3,5 MB");
    expect(formatSize(1536, "ar")).toBe("1.5 KB");
  });
});

describe("asSentence", () => {
  it("raises the first letter the Turkish way and ends the sentence, once", () => {
    expect(asSentence("en az 8 karakter olmalı")).toBe("En az 8 karakter olmalı.");
    expect(asSentence("imza gerekli")).toBe("İmza gerekli.");
    expect(asSentence("İstek doğrulanamadı.")).toBe("İstek doğrulanamadı.");
    expect(asSentence("Test olayı teslim edildi (HTTP 200)")).toBe("Test olayı teslim edildi (HTTP 200)");
    expect(asSentence("1 ile 720 arasında bir tam sayı olmalı")).toBe("1 ile 720 arasında bir tam sayı olmalı.");
    expect(asSentence("  ")).toBe("");
    expect(asSentence("https:// ile başlayan bir adres olmalı")).toBe("https:// ile başlayan bir adres olmalı.");
    expect(asSentence("degiskenler.doz: en az 3 karakter olmalı")).toBe("degiskenler.doz: en az 3 karakter olmalı.");
  });
});
