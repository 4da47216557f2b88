// What sealing needs of a seal, whichever driver provides it (decisions §14, §24).
import type { KeyObject } from "node:crypto";

/** A key that never leaves its token (PKCS#11: an HSM or a smart card): it signs, it is never read. */
export interface TokenKey {
  keyType: "rsa" | "ec";
  /** the signature of SHA-256(data): PKCS#1 v1.5 for RSA, DER ECDSA-Sig-Value for EC */
  sign(data: Buffer): Promise<Buffer>;
}

export interface SealKey {
  /** DER certificates: the seal's first, then its issuers */
  chain: Buffer[];
  /** a key held in this process (local, p12)… */
  key?: KeyObject;
  /** …or one on a token (pkcs11) */
  token?: TokenKey;
}

export interface Seal extends SealKey {
  driver: "local" | "p12" | "pkcs11";
}

/** A seal that cannot be used now: the document is stored unsealed and sealed later (muhur_basarisiz). */
export class SealError extends Error {
  override name = "SealError";
}
