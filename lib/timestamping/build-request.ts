// The RFC 3161 TimeStampReq we send: SHA-256 imprint, a fresh nonce, and a request for the TSA's certificate.
import { randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import { AlgorithmIdentifier, MessageImprint, TimeStampReq } from "pkijs";
import { OID, positiveInteger, toBuffer } from "@/lib/timestamping/tsa-asn1";

/** 64 random bits, as OpenSSL's `ts -query` uses: some TSAs refuse longer nonces. */
export function randomNonce(): Buffer {
  return randomBytes(8);
}

export function buildTimeStampReq(digest: Buffer, nonce: Buffer): Buffer {
  if (digest.length !== 32) throw new Error("A SHA-256 digest is 32 bytes");
  if (nonce.length < 8) throw new Error("A nonce needs at least 64 random bits");
  const request = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({
      // Parameters absent, as RFC 5754 asks of SHA-2 identifiers.
      hashAlgorithm: new AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: digest }),
    }),
    nonce: positiveInteger(nonce),
    // Without the certificate in the token we could not check who signed it.
    certReq: true,
  });
  return toBuffer(request.toSchema().toBER());
}
