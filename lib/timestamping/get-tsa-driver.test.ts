// Choosing the driver from the settings, and refusing an rfc3161 setup whose roots file is unusable.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Env } from "@/lib/env";
import { createAuthorityMaterial } from "@/lib/timestamping/authority-material";
import { createLocalAuthority } from "@/lib/timestamping/local-authority";

const settings: { current: Partial<Env> } = { current: {} };
vi.mock("@/lib/env", () => ({ env: () => settings.current }));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tsa-driver-"));
const rootsFile = path.join(dir, "roots.pem");
fs.writeFileSync(rootsFile, createLocalAuthority(createAuthorityMaterial()).rootPem());
fs.writeFileSync(path.join(dir, "empty.pem"), "no certificates here\n");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const rfc3161 = (extra: Partial<Env>): Partial<Env> => ({
  TSA_DRIVER: "rfc3161",
  TSA_URL: "https://tsa.example.test/tsa",
  TSA_PROVIDER: "ornek",
  TSA_PROVIDER_NAME: "Örnek TSA",
  TSA_LEGALLY_VALID: true,
  TSA_TIMEOUT: 15_000,
  ...extra,
});

async function load() {
  vi.resetModules();
  return (await import("@/lib/timestamping/get-tsa-driver")).getTsaDriver;
}

describe("getTsaDriver", () => {
  beforeEach(() => {
    settings.current = {};
  });

  it("is null when timestamping is off, and the local driver by default", async () => {
    settings.current = { TSA_DRIVER: "none" };
    expect(await (await load())()).toBeNull();
    settings.current = { TSA_DRIVER: "local" };
    const getTsaDriver = await load();
    const driver = await getTsaDriver();
    expect(driver).toMatchObject({ driver: "local", provider: "local", legallyValid: false });
    expect(await getTsaDriver()).toBe(driver);
  });

  it("builds the rfc3161 driver from the settings", async () => {
    settings.current = rfc3161({ TSA_CA_FILE: rootsFile });
    const driver = await (await load())();
    expect(driver).toMatchObject({ driver: "rfc3161", provider: "ornek", providerName: "Örnek TSA", legallyValid: true });
  });

  it("builds rfc3161 with only the settings of decisions §9 (no TSA_CA_FILE)", async () => {
    settings.current = rfc3161({ LOG_LEVEL: "silent" }); // it warns that the chain is not checked
    expect(await (await load())()).toMatchObject({ driver: "rfc3161", provider: "ornek" });
  });

  it("refuses a TSA_CA_FILE that is unreadable or holds no certificate, naming the setting", async () => {
    settings.current = rfc3161({ TSA_CA_FILE: path.join(dir, "missing.pem") });
    await expect((await load())()).rejects.toThrow(/TSA_CA_FILE .*cannot be read: ENOENT/);
    settings.current = rfc3161({ TSA_CA_FILE: path.join(dir, "empty.pem") });
    await expect((await load())()).rejects.toThrow(/TSA_CA_FILE .*no PEM certificate/);
  });

  it("does not remember a refusal: fixing the setting is enough", async () => {
    settings.current = rfc3161({ TSA_CA_FILE: path.join(dir, "empty.pem") });
    const getTsaDriver = await load();
    await expect(getTsaDriver()).rejects.toThrow(/TSA_CA_FILE/);
    settings.current = rfc3161({ TSA_CA_FILE: rootsFile });
    await expect(getTsaDriver()).resolves.toMatchObject({ driver: "rfc3161" });
  });
});
