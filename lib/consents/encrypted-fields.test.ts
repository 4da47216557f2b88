import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyRing } from "@/lib/encryption";
import { decryptFieldBytes, decryptField, encryptFieldBytes, encryptField } from "@/lib/consents/encrypted-fields";

const keys = keyRing(randomBytes(32).toString("base64"));

describe("encrypted consent fields", () => {
  it("encrypts text and reads it back; plain values written before stay readable", () => {
    const ciphertext = encryptField("Dr. Şule Işık", keys);
    expect(ciphertext).not.toContain("Şule");
    expect(decryptField(ciphertext, keys)).toBe("Dr. Şule Işık");
    expect(encryptField(null)).toBeNull();
    expect(encryptField(undefined)).toBeNull();
    expect(decryptField(null)).toBeNull();
    expect(decryptField("Dr. Eski Kayıt")).toBe("Dr. Eski Kayıt");
    // A plain value that merely starts like a ciphertext is not mistaken for one.
    expect(decryptField("v1: not a ciphertext")).toBe("v1: not a ciphertext");
  });

  it("encrypts the signature image and reads back the same bytes; a plain PNG from before stays readable", () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("imza-verisi")]);
    const ciphertext = encryptFieldBytes(png, keys);
    expect(Buffer.from(ciphertext).includes(Buffer.from("imza-verisi"))).toBe(false);
    expect(decryptFieldBytes(ciphertext, keys).equals(png)).toBe(true);
    expect(decryptFieldBytes(png).equals(png)).toBe(true);
  });
});
