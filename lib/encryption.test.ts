// Unit tests of at-rest encryption: round trip, tamper detection, key selection by id.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { DecryptionError, decrypt, encrypt, encryptionKey, keyRing } from "@/lib/encryption";

const newKey = () => randomBytes(32).toString("base64");

describe("encryption", () => {
  const ring = keyRing(newKey());

  it("round-trips text, including empty and non-ASCII", () => {
    for (const text of ["", "Ayşe Öztürk 12345678901", "x".repeat(10_000)]) {
      expect(decrypt(encrypt(text, ring), ring)).toBe(text);
    }
  });

  it("writes v1:<keyId>:<iv>:<ciphertext>:<tag> with a fresh IV each time", () => {
    const a = encrypt("same", ring);
    const b = encrypt("same", ring);
    expect(a).toMatch(/^v1:[0-9a-f]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]*:[A-Za-z0-9_-]{22}$/);
    expect(a.split(":")[1]).toBe(ring.current.id);
    expect(a).not.toBe(b);
  });

  it("never repeats an IV, across refills of its pool", () => {
    const ivs = new Set<string>();
    // 512 IVs a pool: three pools and a bit.
    for (let i = 0; i < 1_600; i++) ivs.add(encrypt("x", ring).split(":")[2]!);
    expect(ivs.size).toBe(1_600);
  });

  it("derives the key id from the key bytes", () => {
    const k = newKey();
    expect(encryptionKey(k).id).toBe(encryptionKey(k).id);
    expect(encryptionKey(k).id).toMatch(/^[0-9a-f]{8}$/);
    expect(() => encryptionKey(randomBytes(16).toString("base64"))).toThrow(/32 bytes/);
  });

  it("throws when any part is tampered with", () => {
    const parts = encrypt("secret value", ring).split(":");
    for (const i of [2, 3, 4]) {
      const p = [...parts];
      const chars = p[i]!.split("");
      chars[1] = chars[1] === "A" ? "B" : "A";
      p[i] = chars.join("");
      expect(() => decrypt(p.join(":"), ring)).toThrow(DecryptionError);
    }
    expect(() => decrypt("v2:" + parts.slice(1).join(":"), ring)).toThrow(DecryptionError);
    expect(() => decrypt("not a ciphertext", ring)).toThrow(DecryptionError);
  });

  it("refuses a relabelled key id even when that key is known", () => {
    const other = keyRing(newKey(), []);
    const both = { current: ring.current, previous: [other.current] };
    const parts = encrypt("x", ring).split(":");
    parts[1] = other.current.id;
    expect(() => decrypt(parts.join(":"), both)).toThrow(/failed authentication/);
  });

  it("names the missing key when the ciphertext's key is not configured", () => {
    const text = encrypt("x", keyRing(newKey()));
    expect(() => decrypt(text, ring)).toThrow(DecryptionError);
    expect(() => decrypt(text, ring)).toThrow(/encrypted with key [0-9a-f]{8}, which is not configured/);
  });

  it("decrypts with a previous key after rotation", () => {
    const oldKey = newKey();
    const before = encrypt("kept", keyRing(oldKey));
    const rotated = keyRing(newKey(), [oldKey]);
    expect(decrypt(before, rotated)).toBe("kept");
    expect(encrypt("new", rotated).split(":")[1]).toBe(rotated.current.id);
  });
});

describe("key rotation through settings", () => {
  it("reads data encrypted under a key listed in APP_ENCRYPTION_KEY_PREVIOUS", async () => {
    const oldKey = randomBytes(32).toString("base64");
    const currentKey = randomBytes(32).toString("base64");
    vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "rot-")));
    vi.stubEnv("APP_SECRET", "x".repeat(40));
    vi.resetModules();
    vi.stubEnv("APP_ENCRYPTION_KEY", oldKey);
    const before = await import("@/lib/encryption");
    const ciphertext = before.encrypt("Ayşe Yılmaz");
    vi.resetModules();
    vi.stubEnv("APP_ENCRYPTION_KEY", currentKey);
    vi.stubEnv("APP_ENCRYPTION_KEY_PREVIOUS", oldKey);
    const after = await import("@/lib/encryption");
    expect(after.decrypt(ciphertext)).toBe("Ayşe Yılmaz");
    expect(after.encrypt("x").split(":")[1]).not.toBe(ciphertext.split(":")[1]);
    vi.resetModules();
    vi.stubEnv("APP_ENCRYPTION_KEY_PREVIOUS", "");
    const forgot = await import("@/lib/encryption");
    expect(() => forgot.decrypt(ciphertext)).toThrow(/not configured/);
    vi.unstubAllEnvs();
  });
});
