// What sealing needs of a seal, whichever driver provides it (decisions §14).
import type { KeyObject } from "node:crypto";

export interface SealKey {
  key: KeyObject;
  /** DER certificates: the seal's first, then its issuers */
  chain: Buffer[];
}

export interface Seal extends SealKey {
  driver: "local" | "p12";
  /** revocation lists for the Document Security Store (the built-in authority's; none for a p12) */
  crls(): Buffer[];
}

/** A seal that cannot be used now: the document is stored unsealed and sealed later (muhur_basarisiz). */
export class SealError extends Error {
  override name = "SealError";
}
