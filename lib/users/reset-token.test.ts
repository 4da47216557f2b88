// Password-reset tokens and recovery codes: enough randomness, digests only, constant-time checks that
// do the same work when there is nothing to compare with, and what a person may type.
import { describe, expect, it } from "vitest";
import { sha256Hex } from "@/lib/crypto";
import { newResetToken, parseResetToken, resetSecretMatches, RESET_LINK_TTL_HOURS } from "@/lib/users/reset-token";
import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeDigest, RECOVERY_CODE_COUNT } from "@/lib/users/recovery-codes";

describe("password-reset tokens", () => {
  it("carries a 256-bit secret kept only as its SHA-256", () => {
    const t = newResetToken();
    const parsed = parseResetToken(t.token);
    expect(parsed?.id).toBe(t.id);
    expect(Buffer.from(parsed!.secret, "base64url")).toHaveLength(32);
    expect(t.secretDigest).toBe(sha256Hex(parsed!.secret));
    expect(newResetToken().token).not.toBe(t.token);
    expect(RESET_LINK_TTL_HOURS).toBe(24);
  });

  it("matches only its own secret", () => {
    const t = newResetToken();
    const { secret } = parseResetToken(t.token)!;
    expect(resetSecretMatches(secret, t.secretDigest)).toBe(true);
    expect(resetSecretMatches(parseResetToken(newResetToken().token)!.secret, t.secretDigest)).toBe(false);
    expect(resetSecretMatches(null, t.secretDigest)).toBe(false);
    expect(resetSecretMatches(secret, null)).toBe(false);
    expect(resetSecretMatches(null, null)).toBe(false);
  });

  it("parses nothing but the exact form", () => {
    const t = newResetToken().token;
    for (const bad of ["", "abc", `${t}.x`, t.replace(".", ""), `${t}x`, t.toUpperCase(), `../${t}`]) expect(parseResetToken(bad), bad).toBeNull();
  });
});

describe("recovery codes", () => {
  it("gives ten distinct codes of ten characters without look-alikes", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it("takes a code however typed, and nothing else", () => {
    const [c] = newRecoveryCodes(1);
    expect(normalizeRecoveryCode(c!.toUpperCase().replace("-", " "))).toBe(c!.replace("-", ""));
    for (const bad of ["", "123456", "abcde-fghi", "abcde-fghij-k", "abcde-fgh1j"]) expect(normalizeRecoveryCode(bad), bad).toBeNull();
  });

  it("digests under the service's secret and the user, never the code itself", () => {
    const d = recoveryCodeDigest("s".repeat(32), "usr_a", "abcdefghjk");
    expect(d).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeDigest("s".repeat(32), "usr_b", "abcdefghjk")).not.toBe(d);
    expect(recoveryCodeDigest("t".repeat(32), "usr_a", "abcdefghjk")).not.toBe(d);
    expect(d).not.toBe(sha256Hex("abcdefghjk"));
  });
});
