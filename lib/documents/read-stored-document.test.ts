// A stored document is served only when its bytes are the ones on record (document.sha256): a file
// kept unencrypted (stored before encryption existed) and changed at rest is refused, not served.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { readStoredDocument } from "@/lib/documents/read-stored-document";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stored-doc-"));
const settings = { DATA_DIR: dir, FILE_STORAGE: "filesystem", FILE_STORAGE_DIR: dir, LOG_LEVEL: "silent", APP_SECRET: "s".repeat(32), APP_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64") };
for (const [k, v] of Object.entries(settings)) vi.stubEnv(k, v);
resetEnvForTests();

afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("readStoredDocument", () => {
  it("serves an unencrypted file whose digest matches, and refuses one changed at rest", async () => {
    const pdf = Buffer.from("%PDF-1.7 imzalı belge");
    const sha256 = createHash("sha256").update(pdf).digest("hex");
    fs.mkdirSync(path.join(dir, "consents"), { recursive: true });
    fs.writeFileSync(path.join(dir, "consents/ons_plain.pdf"), pdf);
    expect(await readStoredDocument("ons_plain", "consents/ons_plain.pdf", sha256)).toEqual(pdf);

    fs.writeFileSync(path.join(dir, "consents/ons_plain.pdf"), Buffer.from("%PDF-1.7 değiştirilmiş belge"));
    await expect(readStoredDocument("ons_plain", "consents/ons_plain.pdf", sha256)).rejects.toMatchObject({ code: "service_unavailable", extra: { reason: "document_integrity" } });
    expect(await readStoredDocument("ons_plain", "consents/absent.pdf", sha256)).toBeNull();
    expect(await readStoredDocument("ons_plain", null, sha256)).toBeNull();
  });
});
