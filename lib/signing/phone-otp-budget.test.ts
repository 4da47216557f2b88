// One phone's hourly OTP budget (decisions §15): a tenant spends at most its share, so another
// clinic's patient still gets codes; with REDIS_URL set but Redis down no code is sent (decisions §16).
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeRateLimits } from "@/lib/limits/rate-limit";
import { resetEnvForTests } from "@/lib/env";
import { OTP_SMS_PER_PHONE_PER_TENANT_PER_HOUR, spendPhoneOtp } from "@/lib/signing/phone-otp-budget";

function useSettings(extra: Record<string, string | undefined>) {
  const settings = { APP_SECRET: "x".repeat(32), APP_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"), LOG_LEVEL: "silent", ...extra };
  for (const [k, v] of Object.entries(settings)) vi.stubEnv(k, v);
  resetEnvForTests();
}

afterEach(async () => {
  await closeRateLimits();
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("a phone's hourly OTP budget", () => {
  it("gives one tenant at most 5 of the 10 and two tenants at most 8, so a third clinic still gets codes; the 11th is refused", async () => {
    useSettings({ REDIS_URL: undefined });
    const phone = `+90555${Math.floor(Math.random() * 1e7)}`;
    for (let i = 0; i < OTP_SMS_PER_PHONE_PER_TENANT_PER_HOUR; i++) expect(await spendPhoneOtp("ten_a", phone)).toEqual({ allowed: true });
    expect(await spendPhoneOtp("ten_a", phone)).toMatchObject({ allowed: false, wait: expect.any(Number) });
    // Issue #49: clinic b gets codes, but not the last two of the phone's hour (5 + 5 blocked everyone else).
    for (let i = 0; i < 3; i++) expect(await spendPhoneOtp("ten_b", phone), `clinic b, code ${i + 1}`).toEqual({ allowed: true });
    const fourth = await spendPhoneOtp("ten_b", phone);
    expect(fourth).toMatchObject({ allowed: false });
    // Told to wait for its own hour, as when its own share is spent: nothing about clinic a.
    expect(fourth.allowed ? 0 : fourth.wait).toBeGreaterThan(3500);
    // A third and a fourth clinic's patient each get a first code: the 9th and the 10th.
    expect(await spendPhoneOtp("ten_c", phone)).toEqual({ allowed: true });
    expect(await spendPhoneOtp("ten_c", phone)).toMatchObject({ allowed: false });
    expect(await spendPhoneOtp("ten_d", phone)).toEqual({ allowed: true });
    const eleventh = await spendPhoneOtp("ten_e", phone);
    expect(eleventh).toMatchObject({ allowed: false });
    // Clinic e sent none: it is told to wait a full hour of its own, not when the phone's hour ends
    // (which would say that the number got codes elsewhere).
    expect(eleventh.allowed ? 0 : eleventh.wait).toBe(3600);
    // Refused by the shared budget, clinic e kept its own share: other numbers are unaffected.
    expect(await spendPhoneOtp("ten_e", `${phone}1`)).toEqual({ allowed: true });
  });
});

describe("with REDIS_URL set and Redis down", () => {
  it("sends no code (503 with a retry time) rather than count the phone's codes per instance", async () => {
    useSettings({ REDIS_URL: "redis://127.0.0.1:1" });
    await expect(spendPhoneOtp("ten_a", "+905551112233")).rejects.toMatchObject({ code: "service_unavailable", extra: { retry_after: expect.any(Number), reason: "limits_unavailable" } });
  });
});
