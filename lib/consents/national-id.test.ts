import { describe, expect, it } from "vitest";
import { isValidTc, maskTc } from "@/lib/consents/national-id";

describe("isValidTc", () => {
  it.each(["10000000146", "12345678950", "11111111110"])("accepts %s", (tc) => expect(isValidTc(tc)).toBe(true));
  it.each(["10000000147", "01234567890", "1000000014", "100000001466", "1000000014a", "", "12345678901"])("rejects %s", (tc) =>
    expect(isValidTc(tc)).toBe(false),
  );
  it("masks the middle", () => expect(maskTc("12345678950")).toBe("123******50"));
});
