// Identifiers from the CSPRNG: the requested length, only the alphabet's characters, none likelier.
import { describe, expect, it } from "vitest";
import { newId, randomString } from "@/lib/ids";

const MIXED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

describe("randomString", () => {
  it("gives the length asked for, from the alphabet only", () => {
    for (const length of [0, 1, 8, 20, 300]) {
      const s = randomString(length, MIXED);
      expect(s).toHaveLength(length);
      expect(s).toMatch(/^[A-Za-z0-9]*$/);
    }
    expect(newId("ons")).toMatch(/^ons_[a-z0-9]{20}$/);
  });

  it("draws every character equally often (256 is no multiple of 62: a plain modulo favours the first 8 by a quarter)", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 620; i++) for (const ch of randomString(1_000, MIXED)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 10 000 expected each, standard deviation ~100: ±6 % is six of them, and a quarter's bias is 25 of them.
    for (const n of counts.values()) expect(Math.abs(n - 10_000)).toBeLessThan(600);
  });
});
