// A certificate of the test PKI, with everything a test hands to openssl, node:crypto or lib/sealing.
import type { KeyObject } from "node:crypto";

export interface PkiCertificate {
  label: string;
  /** openssl's -subj form, e.g. /C=TR/O=…/CN=… */
  subject: string;
  certFile: string;
  keyFile: string;
  pem: string;
  der: Buffer;
  key: KeyObject;
  /** the serial number as `openssl ca` wrote it in its index (upper-case hex) */
  serial: string;
  /** DER certificates: this one first, then its issuers, the root last */
  chain: Buffer[];
  /** the same chain as PEM, in one file (chainFile) */
  chainPem: string;
  chainFile: string;
}
