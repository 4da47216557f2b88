// The document digest a driver is asked to timestamp: 64 hex characters, nothing else.

export function parseDigestHex(sha256Hex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(sha256Hex)) throw new Error("Expected a SHA-256 digest as 64 hex characters");
  return Buffer.from(sha256Hex, "hex");
}
