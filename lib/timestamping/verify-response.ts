// Decides whether a TimeStampResp is a genuine token over our digest and nonce (RFC 3161 §2.4.2) — for every driver.
import { SignedData, TimeStampResp, TSTInfo, type PKIStatusInfo } from "pkijs";
import { derSource, integerHex, integerMagnitude, OID, toBuffer } from "@/lib/timestamping/tsa-asn1";
import { TimestampError } from "@/lib/timestamping/tsa-types";
import { tokenCertificates, verifyTokenSignature } from "@/lib/timestamping/verify-token-signature";
import { verifyTsaCertificate } from "@/lib/timestamping/verify-tsa-certificate";

interface TimestampExpectation {
  /** the SHA-256 the token must cover */
  digest: Buffer;
  /** the nonce sent in the request */
  nonce: Buffer;
  /**
   * PEM bundle of the roots the TSA's certificate must chain to; null (rfc3161 without TSA_CA_FILE)
   * checks the token's signature, signer certificate and usage, but not its chain.
   */
  trustedRoots: string | null;
}

interface VerifiedTimestamp {
  serial: string;
  genTime: Date;
  /** the signer's certificate (DER) */
  signerDer: Buffer;
}

const STATUS_NAMES = ["granted", "grantedWithMods", "rejection", "waiting", "revocationWarning", "revocationNotification"];
const FAILURE_NAMES: Readonly<Record<number, string>> = {
  0: "badAlg",
  2: "badRequest",
  5: "badDataFormat",
  14: "timeNotAvailable",
  15: "unacceptedPolicy",
  16: "unacceptedExtension",
  17: "addInfoNotAvailable",
  25: "systemFailure",
};

function malformed(what: string): TimestampError {
  return new TimestampError(`Zaman damgası yanıtı çözümlenemedi (${what}).`, "malformed");
}

function parse<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch {
    throw malformed(what);
  }
}

/** The status and failure codes, never the TSA's free text (which we cannot vouch for). */
function describeStatus(info: PKIStatusInfo): string {
  const bits = info.failInfo?.valueBlock.valueHexView ?? new Uint8Array();
  const failures = Object.entries(FAILURE_NAMES)
    .filter(([bit]) => ((bits[Math.floor(Number(bit) / 8)] ?? 0) & (0x80 >> Number(bit) % 8)) !== 0)
    .map(([, name]) => name);
  const status = STATUS_NAMES[info.status] ?? String(info.status);
  return failures.length ? `${status}: ${failures.join(", ")}` : status;
}

export async function verifyTimeStampResp(der: Buffer, expect: TimestampExpectation): Promise<VerifiedTimestamp> {
  const response = parse("TimeStampResp", () => TimeStampResp.fromBER(derSource(der)));
  if (response.status.status !== 0 && response.status.status !== 1) {
    throw new TimestampError(`Zaman damgası sunucusu isteği reddetti (${describeStatus(response.status)}).`, "status");
  }
  const token = response.timeStampToken;
  if (!token) throw malformed("yanıtta zaman damgası yok");
  if (token.contentType !== OID.signedData) throw malformed("zaman damgası CMS SignedData değil");
  const signedData = parse("SignedData", () => new SignedData({ schema: token.content }));
  const content = signedData.encapContentInfo;
  if (content.eContentType !== OID.tstInfo || !content.eContent) throw malformed("içerik TSTInfo değil");
  const tstInfoDer = toBuffer(content.eContent.getValue());
  const tstInfo = parse("TSTInfo", () => TSTInfo.fromBER(derSource(tstInfoDer)));
  if (tstInfo.version !== 1) throw malformed("TSTInfo sürümü 1 değil");

  const imprint = tstInfo.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== OID.sha256) {
    throw new TimestampError("Zaman damgası SHA-256 dışında bir özet algoritması kullanıyor.", "imprint");
  }
  if (!toBuffer(imprint.hashedMessage.valueBlock.valueHexView).equals(expect.digest)) {
    throw new TimestampError("Zaman damgası başka bir belgeye ait (özet eşleşmiyor).", "imprint");
  }
  // The nonce ties the answer to this request: without it an old token could be replayed to us.
  if (!tstInfo.nonce) throw new TimestampError("Zaman damgası yanıtında isteğin nonce değeri yok.", "nonce");
  if (!integerMagnitude(tstInfo.nonce).equals(integerMagnitude(expect.nonce))) {
    throw new TimestampError("Zaman damgası yanıtı bu isteğe ait değil (nonce eşleşmiyor).", "nonce");
  }

  const certificates = tokenCertificates(signedData);
  const signer = verifyTokenSignature(signedData, tstInfoDer, certificates);
  verifyTsaCertificate(signer, certificates, expect.trustedRoots, tstInfo.genTime);
  return { serial: integerHex(tstInfo.serialNumber), genTime: tstInfo.genTime, signerDer: signer.der };
}
