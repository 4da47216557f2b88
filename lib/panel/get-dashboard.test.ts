import { describe, expect, it } from "vitest";
import { median } from "@/lib/panel/get-dashboard";

describe("median", () => {
  it("is null for nothing, the middle for odd counts and the mean of the two middles for even", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
