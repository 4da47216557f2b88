// The built-in TSA's answer to one TimeStampReq (RFC 3161 §2.4.2): a granted token or a rejection, never a throw.
import { randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import { Accuracy, GeneralName, PKIStatusInfo, TimeStampReq, TimeStampResp, TSTInfo } from "pkijs";
import type { AuthorityMaterial } from "@/lib/timestamping/authority-material";
import { signTimestampToken } from "@/lib/timestamping/sign-timestamp-token";
import { certificateOf, derSource, integerHex, namedBits, OID, positiveInteger, toBuffer } from "@/lib/timestamping/tsa-asn1";

/**
 * The policy under which the built-in TSA issues tokens: a test policy with no legal meaning. It sits
 * under 1.3.6.1.4.1.32473, the enterprise number RFC 5612 reserves for documentation and examples, so
 * it claims no real organisation's arc (a UUID-based 2.25 OID was tried: its 128-bit arc breaks asn1js).
 */
export const LOCAL_TSA_POLICY = "1.3.6.1.4.1.32473.3161.1";

/** PKIFailureInfo bit numbers (RFC 3161 §2.4.2). */
const FAILURE_BITS = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15, unacceptedExtension: 16 };

export interface IssuedTimestamp {
  /** the DER TimeStampResp */
  der: Buffer;
  /** what was granted; null for a rejection */
  token: { serial: string; genTime: Date } | null;
}

function respond(status: PKIStatusInfo, token?: TimeStampResp["timeStampToken"]): Buffer {
  return toBuffer(new TimeStampResp({ status, ...(token ? { timeStampToken: token } : {}) }).toSchema().toBER());
}

function rejection(failure: keyof typeof FAILURE_BITS, text: string): IssuedTimestamp {
  const der = respond(
    new PKIStatusInfo({
      status: 2,
      statusStrings: [new asn1js.Utf8String({ value: text })],
      failInfo: namedBits([FAILURE_BITS[failure]]),
    }),
  );
  return { der, token: null };
}

function parseRequest(der: Buffer): TimeStampReq | null {
  try {
    return TimeStampReq.fromBER(derSource(der));
  } catch {
    return null;
  }
}

export function issueTimestamp(requestDer: Buffer, material: AuthorityMaterial, at: Date): IssuedTimestamp {
  const request = parseRequest(requestDer);
  if (!request || request.version !== 1) return rejection("badDataFormat", "not a version 1 TimeStampReq");
  const imprint = request.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== OID.sha256) return rejection("badAlg", "only SHA-256 imprints are accepted");
  if (imprint.hashedMessage.valueBlock.valueHexView.byteLength !== 32) {
    return rejection("badDataFormat", "a SHA-256 imprint is 32 bytes");
  }
  if (request.reqPolicy !== undefined && request.reqPolicy !== LOCAL_TSA_POLICY) {
    return rejection("unacceptedPolicy", `this TSA issues tokens only under policy ${LOCAL_TSA_POLICY}`);
  }
  if (request.extensions?.length) return rejection("unacceptedExtension", "request extensions are not supported");

  // Whole seconds: the accuracy is one second, and DER forbids the trailing zeros of a fraction.
  const genTime = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const signer = certificateOf(material.signerCertDer);
  // 126 random bits with the top bits fixed: positive, always 16 bytes, unique without a counter.
  const serialNumber = positiveInteger(Uint8Array.from(randomBytes(16), (b, i) => (i === 0 ? (b & 0x3f) | 0x40 : b)));
  const tstInfo = new TSTInfo({
    version: 1,
    policy: LOCAL_TSA_POLICY,
    messageImprint: imprint,
    serialNumber,
    genTime,
    accuracy: new Accuracy({ seconds: 1 }),
    ...(request.nonce ? { nonce: request.nonce } : {}),
    // Must match the signer's subject: OpenSSL's `ts -verify` checks it.
    tsa: new GeneralName({ type: 4, value: signer.subject }),
  });
  const token = signTimestampToken(toBuffer(tstInfo.toSchema().toBER()), material, {
    signingTime: genTime,
    includeCertificates: request.certReq === true,
  });
  return { der: respond(new PKIStatusInfo({ status: 0 }), token), token: { serial: integerHex(serialNumber), genTime } };
}
