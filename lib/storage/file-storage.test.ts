import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import S3rver from "s3rver";
import { resetEnvForTests } from "@/lib/env";
import { fileStorage } from "@/lib/storage/file-storage";
import { encryptPlaintextObjects } from "@/lib/storage/encrypt-plaintext-objects";

/** What a read of an object this service did not write answers: 503, never the bytes. */
const refused = { code: "service_unavailable", extra: { reason: "storage_integrity" } };

const meta = { tenantId: "t", consentId: "c", contentType: "application/pdf", sha256: "x" };
const pdf = Buffer.from("%PDF-1.7 belge: Ayşe Yılmaz, diş çekimi");

function useSettings(extra: Record<string, string>) {
  vi.unstubAllEnvs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "files-"));
  const settings = { DATA_DIR: dir, FILE_STORAGE_DIR: dir, APP_SECRET: "s".repeat(32), APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"), ...extra };
  for (const [k, v] of Object.entries(settings)) vi.stubEnv(k, v);
  resetEnvForTests();
  return dir;
}

afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("filesystem storage", () => {
  it("stores ciphertext, reads the bytes back, deletes, and refuses keys that leave its directory", async () => {
    const dir = useSettings({ FILE_STORAGE: "filesystem" });
    const storage = fileStorage();
    await storage.put("consents/ons_1/document.pdf", pdf, meta);
    const onDisk = fs.readFileSync(path.join(dir, "consents/ons_1/document.pdf"));
    expect(onDisk.includes(Buffer.from("Ayşe"))).toBe(false);
    expect(onDisk.subarray(0, 4).toString()).not.toBe("%PDF");
    expect(fs.statSync(path.join(dir, "consents/ons_1/document.pdf")).mode & 0o777).toBe(0o600);
    expect(await storage.get("consents/ons_1/document.pdf")).toEqual(pdf);

    // A file moved under another consent's key does not open (the key is authenticated).
    fs.mkdirSync(path.join(dir, "consents/ons_2"), { recursive: true });
    fs.copyFileSync(path.join(dir, "consents/ons_1/document.pdf"), path.join(dir, "consents/ons_2/document.pdf"));
    await expect(storage.get("consents/ons_2/document.pdf")).rejects.toMatchObject(refused);
    // One changed byte at rest is refused, not served.
    onDisk.writeUInt8(onDisk.readUInt8(onDisk.length - 20) ^ 1, onDisk.length - 20);
    fs.writeFileSync(path.join(dir, "consents/ons_1/document.pdf"), onDisk);
    await expect(storage.get("consents/ons_1/document.pdf")).rejects.toMatchObject(refused);
    // A plaintext file (planted, or written before encryption existed) is refused too (issue #49)…
    fs.writeFileSync(path.join(dir, "consents/ons_3.pdf"), pdf);
    await expect(storage.get("consents/ons_3.pdf")).rejects.toMatchObject(refused);
    // …until `admin storage encrypt` encrypts it in place, under its own key; a second run finds nothing.
    expect(await encryptPlaintextObjects()).toEqual({ storage: "filesystem", encrypted: 1 });
    expect(fs.readFileSync(path.join(dir, "consents/ons_3.pdf")).includes(Buffer.from("Ayşe"))).toBe(false);
    expect(await storage.get("consents/ons_3.pdf")).toEqual(pdf);
    expect(await encryptPlaintextObjects()).toEqual({ storage: "filesystem", encrypted: 0 });

    await storage.delete("consents/ons_1/document.pdf");
    expect(await storage.get("consents/ons_1/document.pdf")).toBeNull();
    await expect(storage.put("../outside.pdf", pdf, meta)).rejects.toThrow(/escapes/);
    await storage.check();
  });
});

describe("the readiness probe", () => {
  it("passes under concurrent calls (each writes a key of its own) and leaves nothing behind", async () => {
    const dir = useSettings({ FILE_STORAGE: "filesystem" });
    const storage = fileStorage();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => storage.check()));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(fs.existsSync(path.join(dir, "health")) ? fs.readdirSync(path.join(dir, "health")) : []).toEqual([]);
  });
});

describe("S3 storage (against s3rver, a local server speaking the S3 protocol)", () => {
  let server: S3rver;
  let endpoint: string;
  let s3Dir: string;

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
    server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir, configureBuckets: [{ name: "belgeler", configs: [] }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.close();
  });

  it("puts encrypted objects in the bucket and reads them back", async () => {
    useSettings({
      FILE_STORAGE: "s3",
      S3_BUCKET: "belgeler",
      S3_ENDPOINT: endpoint,
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    });
    const storage = fileStorage();
    await storage.put("consents/ons_9/document.pdf", pdf, meta);
    // What the bucket holds is ciphertext: read it past the service with a plain GET.
    const raw = Buffer.from(await (await fetch(`${endpoint}/belgeler/consents/ons_9/document.pdf`)).arrayBuffer());
    expect(raw.length).toBeGreaterThan(pdf.length);
    expect(raw.includes(Buffer.from("Ayşe"))).toBe(false);
    expect(await storage.get("consents/ons_9/document.pdf")).toEqual(pdf);
    expect(await storage.get("consents/absent.pdf")).toBeNull();
    await storage.delete("consents/ons_9/document.pdf");
    expect(await storage.get("consents/ons_9/document.pdf")).toBeNull();
    await storage.check();
  });
});
