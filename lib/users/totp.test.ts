// Two-factor codes against RFC 6238's own test vectors (Appendix B, SHA-1, the last six digits of its
// eight) and against otplib's generator: the window of one step either side, a reused code, a code
// out of its window, and what a person may type.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { checkTotp, newTotpSecret, normalizeTotpCode, totpUri, TOTP_PERIOD_S } from "@/lib/users/totp";

// RFC 6238 Appendix B: the ASCII seed "12345678901234567890", base32.
const RFC_SEED = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const at = (s: number) => new Date(s * 1000);
const codeAt = (secret: string, s: number) => generate({ secret, epoch: s });

describe("TOTP codes (RFC 6238)", () => {
  it("accepts the RFC's SHA-1 vectors at their times, as six digits", async () => {
    const vectors: [number, string][] = [
      [59, "287082"],
      [1111111109, "081804"],
      [1111111111, "050471"],
      [1234567890, "005924"],
      [2000000000, "279037"],
    ];
    for (const [t, code] of vectors) expect(await checkTotp(RFC_SEED, code, at(t), null), `T=${t}`).toBe(Math.floor(t / TOTP_PERIOD_S));
  });

  it("accepts the step before and after the current one, not two away", async () => {
    const secret = newTotpSecret();
    const t = 1_800_000_015; // the middle of a step
    const step = Math.floor(t / 30);
    expect(await checkTotp(secret, await codeAt(secret, t), at(t), null)).toBe(step);
    expect(await checkTotp(secret, await codeAt(secret, t - 30), at(t), null)).toBe(step - 1);
    expect(await checkTotp(secret, await codeAt(secret, t + 30), at(t), null)).toBe(step + 1);
    expect(await checkTotp(secret, await codeAt(secret, t - 60), at(t), null)).toBeNull();
    expect(await checkTotp(secret, await codeAt(secret, t + 60), at(t), null)).toBeNull();
  });

  it("refuses a code already used, and an older one after a newer", async () => {
    const secret = newTotpSecret();
    const t = 1_800_000_015;
    const code = await codeAt(secret, t);
    const step = await checkTotp(secret, code, at(t), null);
    expect(step).not.toBeNull();
    expect(await checkTotp(secret, code, at(t), step)).toBeNull();
    expect(await checkTotp(secret, code, at(t + 20), step)).toBeNull();
    expect(await checkTotp(secret, await codeAt(secret, t - 30), at(t), step)).toBeNull();
    // The next step's code is still good.
    expect(await checkTotp(secret, await codeAt(secret, t + 30), at(t + 30), step)).toBe(step! + 1);
  });

  it("refuses another secret's code and anything that is not six digits, taking spaces as typed", async () => {
    const secret = newTotpSecret();
    const t = 1_800_000_015;
    expect(await checkTotp(newTotpSecret(), await codeAt(secret, t), at(t), null)).toBeNull();
    for (const bad of ["", "12345", "1234567", "abcdef", "12 34 5"]) expect(await checkTotp(secret, bad, at(t), null)).toBeNull();
    const code = await codeAt(secret, t);
    expect(await checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at(t), null)).toBe(Math.floor(t / 30));
    expect(normalizeTotpCode(" 123-456 ")).toBe("123456");
    // A malformed secret is a code that did not work, not an error.
    expect(await checkTotp("not base32!", "123456", at(t), null)).toBeNull();
  });

  it("makes 160-bit base32 secrets and the otpauth address apps read", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, "ayse@klinik.test", "e-Onam"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/e-Onam:ayse@klinik.test");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("e-Onam");
    expect(uri.searchParams.get("digits") ?? "6").toBe("6");
    expect(uri.searchParams.get("period") ?? "30").toBe("30");
  });
});
