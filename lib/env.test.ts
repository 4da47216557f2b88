import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseDuration, parseEnv, testSettingsRefusal } from "@/lib/env";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "env-"));

describe("parseEnv", () => {
  it("applies defaults and generates secrets into DATA_DIR once", () => {
    const dir = tmp();
    const a = parseEnv({ DATA_DIR: dir });
    expect(a.APP_URL).toBe("http://localhost:3000");
    expect(a.APP_TIMEZONE).toBe("Europe/Istanbul");
    expect(a.embedded).toBe(true);
    expect(a.PGLITE_DIR).toBe(path.join(dir, "pglite"));
    expect(a.SMS_OUTBOX_PATH).toBe(path.join(dir, "sms-outbox.jsonl"));
    expect(a.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(a.APP_ENCRYPTION_KEY, "base64")).toHaveLength(32);
    expect(parseEnv({ DATA_DIR: dir }).APP_SECRET).toBe(a.APP_SECRET);
    expect(a.WEBHOOK_RETRY_SCHEDULE).toEqual([0, 60_000, 300_000, 900_000, 3_600_000, 21_600_000, 86_400_000]);
  });

  it("names every bad setting", () => {
    expect(() => parseEnv({ PORT: "abc", APP_TIMEZONE: "Mars/Base", APP_SECRET: "short", DATA_DIR: tmp() })).toThrow(
      /PORT[\s\S]*APP_TIMEZONE[\s\S]*APP_SECRET/,
    );
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", DATA_DIR: tmp() })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ WEBHOOK_RETRY_SCHEDULE: "0,1x", DATA_DIR: tmp() })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });

  it("refuses production on PostgreSQL without APP_SECRET and APP_ENCRYPTION_KEY", () => {
    const go = () => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://x/y", DATA_DIR: tmp() });
    expect(go).toThrow(EnvError);
    expect(go).toThrow(/APP_SECRET and APP_ENCRYPTION_KEY/);
  });

  it("defaults APP_URL to the port the server listens on", () => {
    expect(parseEnv({ PORT: "3555", DATA_DIR: tmp() }).APP_URL).toBe("http://localhost:3555");
  });

  it("needs S3_BUCKET with FILE_STORAGE=s3", () => {
    expect(() => parseEnv({ FILE_STORAGE: "s3", DATA_DIR: tmp() })).toThrow(/S3_BUCKET/);
  });

  it("refuses TEST_CLOCK and INNGEST_DEV in production unless ALLOW_TEST_SETTINGS says it is a test", () => {
    const refusal = (extra: Record<string, string>) => testSettingsRefusal(parseEnv({ DATA_DIR: tmp(), ...extra }));
    expect(refusal({ NODE_ENV: "production", TEST_CLOCK: "1" })).toMatch(/TEST_CLOCK is for tests and local development only/);
    expect(refusal({ NODE_ENV: "production", INNGEST_DEV: "1" })).toMatch(/INNGEST_DEV is for tests/);
    expect(refusal({ NODE_ENV: "production", INNGEST_DEV: "http://localhost:8288", TEST_CLOCK: "1" })).toMatch(/TEST_CLOCK and INNGEST_DEV are/);
    expect(refusal({ NODE_ENV: "production", INNGEST_DEV: "0" })).toBeNull();
    expect(refusal({ NODE_ENV: "production", TEST_CLOCK: "1", ALLOW_TEST_SETTINGS: "1" })).toBeNull();
    expect(refusal({ NODE_ENV: "development", TEST_CLOCK: "1", INNGEST_DEV: "1" })).toBeNull();
    expect(refusal({ NODE_ENV: "production" })).toBeNull();
  });

  it("keeps /api/metrics and /tsa private unless asked", () => {
    const e = parseEnv({ DATA_DIR: tmp() });
    expect([e.METRICS_PUBLIC, e.TSA_PUBLIC]).toEqual([false, false]);
    expect(parseEnv({ DATA_DIR: tmp(), METRICS_PUBLIC: "1", TSA_PUBLIC: "1" })).toMatchObject({ METRICS_PUBLIC: true, TSA_PUBLIC: true });
  });

  it("trims a trailing slash off APP_URL", () => {
    expect(parseEnv({ APP_URL: "https://onam.example.com/", DATA_DIR: tmp() }).APP_URL).toBe("https://onam.example.com");
  });
});

describe("SEAL_DRIVER=pkcs11 and ARCHIVE_RENEW_BEFORE (decisions §24)", () => {
  it("needs the module, the token, the key and the PIN, and names what is missing", () => {
    expect(() => parseEnv({ SEAL_DRIVER: "pkcs11", PKCS11_MODULE: "/x.so", DATA_DIR: tmp() })).toThrow(/SEAL_DRIVER=pkcs11 needs PKCS11_TOKEN_LABEL, PKCS11_KEY_LABEL, PKCS11_PIN/);
    const e = parseEnv({ SEAL_DRIVER: "pkcs11", PKCS11_MODULE: "/x.so", PKCS11_TOKEN_LABEL: "T", PKCS11_KEY_LABEL: "K", PKCS11_PIN: "1234", DATA_DIR: tmp() });
    expect(e.SEAL_DRIVER).toBe("pkcs11");
  });

  it("renews 180 days ahead unless told otherwise", () => {
    expect(parseEnv({ DATA_DIR: tmp() }).ARCHIVE_RENEW_BEFORE).toBe(180 * 86_400_000);
    expect(parseEnv({ DATA_DIR: tmp(), ARCHIVE_RENEW_BEFORE: "30d" }).ARCHIVE_RENEW_BEFORE).toBe(30 * 86_400_000);
    expect(() => parseEnv({ ARCHIVE_RENEW_BEFORE: "yarın", DATA_DIR: tmp() })).toThrow(/ARCHIVE_RENEW_BEFORE/);
  });
});

describe("parseDuration", () => {
  it.each([
    ["0", 0],
    ["30s", 30_000],
    ["5m", 300_000],
    ["6h", 21_600_000],
    ["180d", 180 * 86_400_000],
    ["5", null],
    ["1w", null],
    ["", null],
  ])("%s → %s", (text, ms) => expect(parseDuration(text)).toBe(ms));
});
