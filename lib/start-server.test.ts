// A server whose settings cannot work stops at start with a message naming the setting and exit
// code 1, before it opens a database — checked in this process rather than by starting servers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { makeP12 } from "@/tests/fixtures/seal-p12";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "start-server-"));

/** Runs startServer with these settings on top of a fresh data directory; returns its exit code and message. */
async function start(settings: Record<string, string>): Promise<{ code: unknown; message: string }> {
  vi.resetModules();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
  for (const [k, v] of Object.entries({ DATA_DIR: dataDir, LOG_LEVEL: "silent", INNGEST_DEV: "", ...settings })) vi.stubEnv(k, v);
  resetEnvForTests();
  (globalThis as { __eonamStarted?: boolean }).__eonamStarted = false;
  let code: unknown;
  vi.spyOn(process, "exit").mockImplementation((c) => {
    code = c;
    throw new Error("process.exit");
  });
  const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const { startServer } = await import("@/lib/start-server");
  await expect(startServer()).rejects.toThrow("process.exit");
  const message = error.mock.calls.map((c) => String(c[0])).join("\n");
  // Nothing was opened: no database directory was made.
  expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
  return { code, message };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("startServer refuses settings it cannot work with", () => {
  it("BACKGROUND_JOBS=inngest without its keys, naming the missing settings rather than answer 500 at /api/inngest", async () => {
    const r = await start({ BACKGROUND_JOBS: "inngest", INNGEST_SIGNING_KEY: "", INNGEST_EVENT_KEY: "" });
    expect(r.code).toBe(1);
    expect(r.message).toContain("BACKGROUND_JOBS=inngest needs INNGEST_SIGNING_KEY and INNGEST_EVENT_KEY");
  });

  it("TEST_CLOCK and INNGEST_DEV in production, unless ALLOW_TEST_SETTINGS says it is a test", async () => {
    const r = await start({ NODE_ENV: "production", TEST_CLOCK: "1", INNGEST_DEV: "1", ALLOW_TEST_SETTINGS: "" });
    expect(r.code).toBe(1);
    expect(r.message).toContain("TEST_CLOCK and INNGEST_DEV are for tests and local development only");
  });

  it("SEAL_DRIVER=p12 without its file, or with a file that cannot be opened", async () => {
    const p12 = makeP12(path.join(dir, "seal"));
    const wrong = await start({ SEAL_DRIVER: "p12", SEAL_P12_FILE: p12.file, SEAL_P12_PASSWORD: "yanlis" });
    expect(wrong.code).toBe(1);
    expect(wrong.message).toContain(`SEAL_P12_FILE (${p12.file}) cannot be opened: not a PKCS#12 file, or SEAL_P12_PASSWORD is wrong`);
    const none = await start({ SEAL_DRIVER: "p12" });
    expect(none.code).toBe(1);
    expect(none.message).toContain("SEAL_DRIVER=p12 needs SEAL_P12_FILE");
  });
});
