import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

describe("filesystem storage", () => {
  it("stores, reads and deletes bytes, and refuses keys that leave its directory", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "files-"));
    vi.stubEnv("FILE_STORAGE", "filesystem");
    vi.stubEnv("FILE_STORAGE_DIR", dir);
    vi.stubEnv("DATA_DIR", dir);
    const { fileStorage } = await import("@/lib/storage/file-storage");
    const storage = fileStorage();
    const bytes = Buffer.from("%PDF-1.7 belge");
    const meta = { tenantId: "t", consentId: "c", contentType: "application/pdf", sha256: "x" };
    await storage.put("consents/ons_1/document.pdf", bytes, meta);
    expect(await storage.get("consents/ons_1/document.pdf")).toEqual(bytes);
    expect(fs.statSync(path.join(dir, "consents/ons_1/document.pdf")).mode & 0o777).toBe(0o600);
    await storage.delete("consents/ons_1/document.pdf");
    expect(await storage.get("consents/ons_1/document.pdf")).toBeNull();
    await expect(storage.put("../outside.pdf", bytes, meta)).rejects.toThrow(/escapes/);
    vi.unstubAllEnvs();
  });
});
