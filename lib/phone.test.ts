import { describe, expect, it } from "vitest";
import { maskPhone, normalizeTurkishMobile } from "@/lib/phone";

describe("normalizeTurkishMobile", () => {
  it.each(["0532 123 45 67", "+90 532 123 45 67", "0090 532 123 45 67", "532 123 45 67", "05321234567", "(0532) 123-45-67"])(
    "normalizes %s",
    (t) => expect(normalizeTurkishMobile(t)).toBe("+905321234567"),
  );
  it.each(["0212 123 45 67", "0850 123 45 67", "+44 7700 900123", "12345", "", "abc"])("rejects %s", (t) =>
    expect(normalizeTurkishMobile(t)).toBeNull(),
  );
  it("masks the middle, keeping the last 2 digits", () => expect(maskPhone("+905321234567")).toBe("+90532*****67"));
});
