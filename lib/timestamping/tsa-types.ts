// The contract every timestamping driver meets (decisions §9), and the one error they throw.

interface TimestampResult {
  /** the whole DER TimeStampResp as received, kept as evidence and served at `tsr_url` */
  der: Buffer;
  /** the token's serial number, lowercase hex */
  serial: string;
  genTime: Date;
  /** DER of the TSA certificate that signed the token (verified, or the built-in authority's own) */
  signerCertificate: Buffer;
}

export type TimestampFailure =
  | "transport"
  | "status"
  | "imprint"
  | "nonce"
  | "signature"
  | "certificate"
  | "chain"
  | "malformed";

/** A timestamp that could not be obtained or must not be trusted. The message is Turkish and PII-free. */
export class TimestampError extends Error {
  constructor(
    message: string,
    readonly reason: TimestampFailure,
  ) {
    super(message);
    this.name = "TimestampError";
  }
}

export interface TsaDriver {
  readonly driver: "local" | "rfc3161";
  readonly provider: string;
  readonly providerName: string;
  readonly legallyValid: boolean;
  /** a verified token over the document's SHA-256 (64 hex characters) */
  timestamp(sha256Hex: string): Promise<TimestampResult>;
}
