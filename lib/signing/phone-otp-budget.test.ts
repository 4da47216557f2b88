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
  it("gives one tenant at most 5 of the 10, so a second clinic still gets its 5, and the 11th is refused", async () => {
    useSettings({ REDIS_URL: undefined });
    const phone = `+90555${Math.floor(Math.random() * 1e7)}`;
    for (let i = 0; i < OTP_SMS_PER_PHONE_PER_TENANT_PER_HOUR; i++) expect(await spendPhoneOtp("ten_a", phone)).toEqual({ allowed: true });
    expect(await spendPhoneOtp("ten_a", phone)).toMatchObject({ allowed: false, wait: expect.any(Number) });
    for (let i = 0; i < 5; i++) expect(await spendPhoneOtp("ten_b", phone), `clinic b, code ${i + 1}`).toEqual({ allowed: true });
    const third = await spendPhoneOtp("ten_c", phone);
    expect(third).toMatchObject({ allowed: false });
    expect(third.allowed ? 0 : third.wait).toBeGreaterThan(60);
    // Refused by the shared budget, clinic c kept its own share: other numbers are unaffected.
    expect(await spendPhoneOtp("ten_c", `${phone}1`)).toEqual({ allowed: true });
  });
});

describe("with REDIS_URL set and Redis down", () => {
  it("sends no code (503 with a retry time) rather than count the phone's codes per instance", async () => {
    useSettings({ REDIS_URL: "redis://127.0.0.1:1" });
    await expect(spendPhoneOtp("ten_a", "+905551112233")).rejects.toMatchObject({ code: "service_unavailable", extra: { retry_after: expect.any(Number), reason: "limits_unavailable" } });
  });
});
