import { describe, expect, it } from "vitest";
import { generateOtp, hashOtp, otpMatches, otpState, resendWaitSeconds } from "@/lib/signing/otp-rules";

describe("OTP rules", () => {
  it("generates 6-digit codes, zero-padded, spread over the whole range", () => {
    const codes = Array.from({ length: 2000 }, generateOtp);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith("0"))).toBe(true);
  });

  it("stores a keyed digest bound to the consent", () => {
    const h = hashOtp("s", "ons_1", "123456");
    expect(h).not.toContain("123456");
    expect(h).not.toBe(hashOtp("s", "ons_2", "123456"));
    expect(h).not.toBe(hashOtp("t", "ons_1", "123456"));
    expect(otpMatches("s", "ons_1", "123456", h)).toBe(true);
    expect(otpMatches("s", "ons_1", "123457", h)).toBe(false);
    expect(otpMatches("s", "ons_1", " 123456", h)).toBe(false);
  });

  it("expires after 5 minutes and locks after 5 wrong entries", () => {
    const t0 = new Date("2026-11-22T10:00:00Z");
    const code = { attempts: 0, expiresAt: new Date(t0.getTime() + 300_000), verifiedAt: null };
    expect(otpState(code, t0)).toBe("usable");
    expect(otpState(code, new Date(t0.getTime() + 299_999))).toBe("usable");
    expect(otpState(code, new Date(t0.getTime() + 300_000))).toBe("expired");
    expect(otpState({ ...code, attempts: 4 }, t0)).toBe("usable");
    expect(otpState({ ...code, attempts: 5 }, t0)).toBe("locked");
    expect(otpState({ ...code, verifiedAt: t0 }, t0)).toBe("used");
  });

  it("allows a new code at most every 60 seconds", () => {
    const t0 = new Date("2026-11-22T10:00:00Z");
    expect(resendWaitSeconds(null, t0)).toBe(0);
    expect(resendWaitSeconds(t0, t0)).toBe(60);
    expect(resendWaitSeconds(t0, new Date(t0.getTime() + 59_001))).toBe(1);
    expect(resendWaitSeconds(t0, new Date(t0.getTime() + 60_000))).toBe(0);
  });
});
