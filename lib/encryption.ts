// AES-256-GCM for secrets and personal data at rest. Each ciphertext names its key, so keys can rotate.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * IVs are taken from a pool of CSPRNG bytes, 12 fresh bytes each and never twice: one randomBytes
 * call per ciphertext (a dozen per new consent) was half of encryption's cost. An IV is not secret
 * (it is stored beside the ciphertext); it must only never repeat under one key.
 */
const IV_POOL_BYTES = IV_BYTES * 512;
let ivPool = Buffer.alloc(0);
let ivOffset = 0;

function freshIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivOffset = 0;
  }
  const iv = Buffer.from(ivPool.subarray(ivOffset, ivOffset + IV_BYTES));
  ivOffset += IV_BYTES;
  return iv;
}

interface EncryptionKey {
  /** first 8 hex characters of SHA-256 of the key bytes */
  id: string;
  bytes: Buffer;
}

/** The key that encrypts, then older keys that may still decrypt rows written before a rotation. */
export interface KeyRing {
  current: EncryptionKey;
  previous: EncryptionKey[];
}

export class DecryptionError extends Error {}

/** A key from its base64 text (32 bytes, like APP_ENCRYPTION_KEY). */
export function encryptionKey(base64: string): EncryptionKey {
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length !== 32) throw new Error("An encryption key must be 32 bytes, base64");
  return { id: createHash("sha256").update(bytes).digest("hex").slice(0, 8), bytes };
}

export function keyRing(current: string, previous: string[] = []): KeyRing {
  return { current: encryptionKey(current), previous: previous.map(encryptionKey) };
}

let envRing: { source: string; ring: KeyRing } | undefined;

function defaultRing(): KeyRing {
  const e = env();
  // New data is always encrypted with the current key; each ciphertext names the key it used.
  const source = [e.APP_ENCRYPTION_KEY, ...e.APP_ENCRYPTION_KEY_PREVIOUS].join(",");
  if (envRing?.source !== source) envRing = { source, ring: keyRing(e.APP_ENCRYPTION_KEY, e.APP_ENCRYPTION_KEY_PREVIOUS) };
  return envRing.ring;
}

/** `v1:<keyId>:<iv>:<ciphertext>:<tag>`, base64url parts, fresh random IV. */
export function encrypt(plaintext: string, keys: KeyRing = defaultRing()): string {
  const { id, bytes } = keys.current;
  const iv = freshIv();
  const cipher = createCipheriv("aes-256-gcm", bytes, iv);
  // The header is authenticated too, so a ciphertext cannot be relabelled with another version or key id.
  cipher.setAAD(Buffer.from(`${VERSION}:${id}`));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, id, iv.toString("base64url"), ciphertext.toString("base64url"), tag.toString("base64url")].join(":");
}

/** Decrypts with the key the ciphertext names; throws DecryptionError on an unknown key or tampering. */
export function decrypt(text: string, keys: KeyRing = defaultRing()): string {
  const parts = text.split(":");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new DecryptionError("Not a v1 ciphertext");
  const [, keyId, ivText, bodyText, tagText] = parts as [string, string, string, string, string];
  const key = [keys.current, ...keys.previous].find((k) => k.id === keyId);
  if (!key) {
    throw new DecryptionError(
      `Ciphertext was encrypted with key ${keyId}, which is not configured (current key is ${keys.current.id})`,
    );
  }
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError("Malformed ciphertext");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.bytes, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(`${VERSION}:${keyId}`));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(bodyText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptionError("Ciphertext failed authentication (tampered or wrong key)");
  }
}

/** What every file encryptBytes made starts with. */
export const FILE_MAGIC = Buffer.from("EONAMF1\0");

/**
 * Bytes at rest (stored documents): `EONAMF1\0` · key id (8 ASCII) · IV · ciphertext · tag. The
 * context (the object's storage key) is authenticated, so a file moved to another key fails to open.
 */
export function encryptBytes(plain: Uint8Array, context: string, keys: KeyRing = defaultRing()): Buffer {
  const { id, bytes } = keys.current;
  const iv = freshIv();
  const cipher = createCipheriv("aes-256-gcm", bytes, iv);
  cipher.setAAD(Buffer.from(`file:${id}:${context}`));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([FILE_MAGIC, Buffer.from(id, "ascii"), iv, body, cipher.getAuthTag()]);
}

/** True for bytes made by encryptBytes (anything else was stored before files were encrypted). */
export function isEncryptedBytes(data: Uint8Array): boolean {
  return data.length >= FILE_MAGIC.length + 8 + IV_BYTES + TAG_BYTES && Buffer.from(data.subarray(0, FILE_MAGIC.length)).equals(FILE_MAGIC);
}

export function decryptBytes(data: Uint8Array, context: string, keys: KeyRing = defaultRing()): Buffer {
  if (!isEncryptedBytes(data)) throw new DecryptionError("Not an encrypted file");
  let at = FILE_MAGIC.length;
  const keyId = Buffer.from(data.subarray(at, (at += 8))).toString("ascii");
  const iv = data.subarray(at, (at += IV_BYTES));
  const body = data.subarray(at, data.length - TAG_BYTES);
  const tag = data.subarray(data.length - TAG_BYTES);
  const key = [keys.current, ...keys.previous].find((k) => k.id === keyId);
  if (!key) throw new DecryptionError(`File was encrypted with key ${keyId}, which is not configured (current key is ${keys.current.id})`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.bytes, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(`file:${keyId}:${context}`));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new DecryptionError("File failed authentication (tampered, moved or wrong key)");
  }
}
