// Issue #49 on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): an object stored as
// plaintext by a version before 2026-11-24 is refused on reading, and `admin storage encrypt`
// encrypts it in place under its own key, after which it reads again; ciphertext is left alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("plaintext-objects", { FILE_STORAGE: "database" });

const { prepareDb } = await import("@/lib/db");
const { putStoredFile, storedFileBytes } = await import("@/lib/db/stored-files");
const { isEncryptedBytes } = await import("@/lib/encryption");
const { fileStorage } = await import("@/lib/storage/file-storage");
const { encryptPlaintextObjects } = await import("@/lib/storage/encrypt-plaintext-objects");

const meta = { tenantId: "t", consentId: null, contentType: "application/pdf", sha256: "x" };

beforeAll(() => prepareDb(), 60_000);
afterAll(() => testDb.cleanup());

describe("plaintext objects in the database", () => {
  it("are refused until `storage encrypt` encrypts them in place; ciphertext is left as it is", async () => {
    const old = Buffer.from("%PDF-1.4 written by an old version: Ayşe Yılmaz");
    await putStoredFile("consents/ons_old/document.pdf", old, meta);
    await fileStorage().put("consents/ons_new/document.pdf", Buffer.from("%PDF-1.7 new"), meta);
    const newBefore = await storedFileBytes("consents/ons_new/document.pdf");
    await expect(fileStorage().get("consents/ons_old/document.pdf")).rejects.toMatchObject({ code: "service_unavailable", extra: { reason: "storage_integrity" } });

    expect(await encryptPlaintextObjects()).toEqual({ storage: "database", encrypted: 1 });
    const stored = (await storedFileBytes("consents/ons_old/document.pdf"))!;
    expect(isEncryptedBytes(stored)).toBe(true);
    expect(stored.includes(Buffer.from("Ayşe"))).toBe(false);
    expect(await fileStorage().get("consents/ons_old/document.pdf")).toEqual(old);
    expect(await storedFileBytes("consents/ons_new/document.pdf")).toEqual(newBefore);
    expect(await encryptPlaintextObjects()).toEqual({ storage: "database", encrypted: 0 });
  });
});
