import { describe, expect, it } from "vitest";
import { formatDuration } from "@/components/panel/format";

describe("formatDuration", () => {
  it("picks the largest useful units", () => {
    expect(formatDuration(42_000, "tr")).toBe("42 sn");
    expect(formatDuration(90_000, "tr")).toBe("1 dk 30 sn");
    expect(formatDuration(3 * 3_600_000 + 5 * 60_000, "en")).toBe("3 h 5 min");
    expect(formatDuration(26 * 3_600_000, "en")).toBe("1 d 2 h");
  });
});
