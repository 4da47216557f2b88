// The cryptographic core of each signature (decisions §14, §20, §24): a CAdES signature's CMS over
// the bytes its /ByteRange covers (content type, message digest, the signature by the certificate it
// names, ESS signing-certificate), and an RFC 3161 token over what it time-stamps (its imprint and
// its TSA's signature). Which certificates are to be believed is trust-path.ts's question, not this one's.
import { createHash } from "node:crypto";
import * as asn1js from "asn1js";
import { ContentInfo, SignedData, TSTInfo } from "pkijs";
import { DIGEST_NAMES, OID, derSource, toBuffer } from "@/lib/timestamping/tsa-asn1";
import { TimestampError } from "@/lib/timestamping/tsa-types";
import { verifyTokenSignature } from "@/lib/timestamping/verify-token-signature";
import { certInfo, type CertInfo } from "@/lib/verifier/certificates";

const ID_DATA = "1.2.840.113549.1.7.1";
const SIGNATURE_TIME_STAMP = "1.2.840.113549.1.9.16.2.14";
/** ETSI EN 319 422 §9.1: esi4-qtstStatement-1, a qualified electronic time-stamp. */
const QTST_STATEMENT = "0.4.0.19422.1.1";
const QC_STATEMENTS = "1.3.6.1.5.5.7.1.3";

const REASONS: Record<string, string> = {
  signature: "the signature does not verify over what it covers",
  certificate: "the signer's certificate is missing or does not match the signing-certificate attribute",
  malformed: "the CMS is malformed",
};

function english(err: unknown): Error {
  if (err instanceof TimestampError) return new Error(REASONS[err.reason] ?? "the signature does not verify");
  return err instanceof Error ? err : new Error(String(err));
}

/** The SignedData, and its certificates as their own DER bytes (not re-encoded: a verifier hashes them). */
function signedDataOf(der: Uint8Array): { signed: SignedData; certificates: CertInfo[] } {
  let info: ContentInfo;
  try {
    info = ContentInfo.fromBER(derSource(der));
  } catch {
    throw new Error("not a CMS structure");
  }
  if (info.contentType !== OID.signedData) throw new Error("not a CMS SignedData");
  const signed = new SignedData({ schema: info.content });
  const body = info.content as asn1js.Sequence;
  const set = body.valueBlock.value.find((b) => b.idBlock.tagClass === 3 && b.idBlock.tagNumber === 0) as asn1js.Constructed | undefined;
  const certificates: CertInfo[] = [];
  for (const block of set?.valueBlock.value ?? []) {
    // Certificates only (attribute certificates and other formats are not ours to use).
    if (block.idBlock.tagClass !== 1 || block.idBlock.tagNumber !== 16) continue;
    try {
      certificates.push(certInfo(toBuffer(block.valueBeforeDecodeView)));
    } catch {
      throw new Error("a certificate in the CMS cannot be read");
    }
  }
  return { signed, certificates };
}

export interface CadesCheck {
  signer: CertInfo;
  certificates: CertInfo[];
  signatureValue: Buffer;
  /** the signature-time-stamp token (DER), when the signature carries one */
  timestampToken: Buffer | null;
}

/** Throws, with the reason, when the signature does not hold over `covered`. */
export function checkCades(cms: Buffer, covered: Buffer): CadesCheck {
  const { signed, certificates } = signedDataOf(cms);
  let signer;
  try {
    signer = verifyTokenSignature(signed, covered, certificates, ID_DATA);
  } catch (err) {
    throw english(err);
  }
  const info = signed.signerInfos[0]!;
  const attr = info.unsignedAttrs?.attributes.filter((a) => a.type === SIGNATURE_TIME_STAMP) ?? [];
  if (attr.length > 1 || (attr[0] && attr[0].values.length !== 1)) throw new Error("the signature carries more than one signature-time-stamp");
  return {
    signer: certInfo(signer.der),
    certificates,
    signatureValue: toBuffer(info.signature.valueBlock.valueHexView),
    timestampToken: attr[0] ? toBuffer((attr[0].values[0] as asn1js.Sequence).toBER()) : null,
  };
}

export interface TokenCheck {
  genTime: Date;
  tsa: CertInfo;
  certificates: CertInfo[];
  /** the token says it is a qualified electronic time-stamp (EN 319 422) */
  qualified: boolean;
}

function qualifiedToken(tst: TSTInfo): boolean {
  const ext = tst.extensions?.find((e) => e.extnID === QC_STATEMENTS);
  if (!ext) return false;
  const seq = asn1js.fromBER(ext.extnValue.getValue()).result;
  return seq instanceof asn1js.Sequence && seq.valueBlock.value.some((s) => s instanceof asn1js.Sequence && s.valueBlock.value[0] instanceof asn1js.ObjectIdentifier && s.valueBlock.value[0].valueBlock.toString() === QTST_STATEMENT);
}

/** Throws, with the reason, when the token does not time-stamp `data`. */
export function checkToken(tokenDer: Uint8Array, data: Buffer): TokenCheck {
  const { signed, certificates } = signedDataOf(tokenDer);
  const content = signed.encapContentInfo;
  if (content.eContentType !== OID.tstInfo || !content.eContent) throw new Error("the token holds no TSTInfo");
  const tstInfoDer = toBuffer(content.eContent.getValue());
  const tst = TSTInfo.fromBER(derSource(tstInfoDer));
  const digest = DIGEST_NAMES[tst.messageImprint.hashAlgorithm.algorithmId];
  if (!digest) throw new Error("the token's imprint uses an unsupported digest");
  if (!createHash(digest).update(data).digest().equals(toBuffer(tst.messageImprint.hashedMessage.valueBlock.valueHexView))) {
    throw new Error("the token's imprint does not match what it should cover");
  }
  let tsa;
  try {
    tsa = verifyTokenSignature(signed, tstInfoDer, certificates);
  } catch (err) {
    throw english(err);
  }
  return { genTime: tst.genTime, tsa: certInfo(tsa.der), certificates, qualified: qualifiedToken(tst) };
}
