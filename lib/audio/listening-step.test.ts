import { describe, expect, it } from "vitest";
import { coveredPercent, listeningStep } from "@/lib/audio/listening-step";

describe("listeningStep", () => {
  it("has five steps past nothing: some, a quarter, half, three quarters, all", () => {
    expect([0, 0.5, 1, 24, 25, 49, 50, 74, 75, 99, 100].map(listeningStep)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5]);
  });
});

describe("coveredPercent", () => {
  it("counts the played ranges, not the position: a seek to the end is not listening", () => {
    expect(coveredPercent([[0, 10]], 10)).toBe(100);
    expect(coveredPercent([[0, 2], [9, 10]], 10)).toBe(30);
    expect(coveredPercent([[0, 9.96]], 10)).toBe(100);
    expect(coveredPercent([], 10)).toBe(0);
    expect(coveredPercent([[0, 1]], Number.NaN)).toBe(0);
  });
});
