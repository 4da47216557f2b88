// Consent fields encrypted at rest (decisions §15): physician, procedure, approver relation, animal,
// reasons and the signature image, like the name and phone before them. Rows written before this
// change hold these in the clear and stay readable: a value that is not a ciphertext is returned as is.
import { decrypt, encrypt, type KeyRing } from "@/lib/encryption";

const CIPHERTEXT = /^v1:[0-9a-f]{8}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]*:[A-Za-z0-9_-]+$/;

/** `keys`: the service's keys (APP_ENCRYPTION_KEY) unless given, as in lib/encryption.ts. */
export function encryptField(v: string | null | undefined, keys?: KeyRing): string | null {
  return v == null ? null : encrypt(v, keys);
}

export function decryptField(v: string | null, keys?: KeyRing): string | null {
  return v !== null && CIPHERTEXT.test(v) ? decrypt(v, keys) : v;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** The signature image: its base64 text encrypted, kept as the ciphertext's ASCII bytes. */
export function encryptFieldBytes(b: Uint8Array, keys?: KeyRing): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(encrypt(Buffer.from(b).toString("base64"), keys), "ascii"));
}

export function decryptFieldBytes(b: Uint8Array, keys?: KeyRing): Buffer {
  const buf = Buffer.from(b);
  // A PNG stored before encryption.
  if (buf.subarray(0, 4).equals(PNG_MAGIC)) return buf;
  return Buffer.from(decrypt(buf.toString("ascii"), keys), "base64");
}
