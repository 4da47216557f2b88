// A stored document is served only when its bytes are the ones on record (document.sha256), and only
// from a file this service encrypted: a plaintext file is refused by the storage itself (issue #49).
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { readStoredDocument } from "@/lib/documents/read-stored-document";
import { fileStorage } from "@/lib/storage/file-storage";

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
  it("serves the stored file whose digest is on record; refuses another document's bytes and a plaintext file", async () => {
    const pdf = Buffer.from("%PDF-1.7 imzalı belge");
    const sha256 = createHash("sha256").update(pdf).digest("hex");
    await fileStorage().put("consents/ons_doc.pdf", pdf, { tenantId: "t", consentId: "ons_doc", contentType: "application/pdf", sha256 });
    expect(await readStoredDocument("ons_doc", "consents/ons_doc.pdf", sha256)).toEqual(pdf);

    // Bytes this service encrypted under the key, but not the document on record (a replaced file).
    await fileStorage().put("consents/ons_doc.pdf", Buffer.from("%PDF-1.7 değiştirilmiş belge"), { tenantId: "t", consentId: "ons_doc", contentType: "application/pdf", sha256 });
    await expect(readStoredDocument("ons_doc", "consents/ons_doc.pdf", sha256)).rejects.toMatchObject({ code: "service_unavailable", extra: { reason: "document_integrity" } });

    // A plaintext file, even with the right digest, is not what this service wrote (issue #49).
    fs.writeFileSync(path.join(dir, "consents/ons_plain.pdf"), pdf);
    await expect(readStoredDocument("ons_plain", "consents/ons_plain.pdf", sha256)).rejects.toMatchObject({ code: "service_unavailable", extra: { reason: "storage_integrity" } });
    expect(await readStoredDocument("ons_doc", "consents/absent.pdf", sha256)).toBeNull();
    expect(await readStoredDocument("ons_doc", null, sha256)).toBeNull();
  });
});
