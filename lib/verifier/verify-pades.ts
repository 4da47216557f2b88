// The PAdES side of the offline verifier (decisions §14, §20): each signature's CMS over the bytes
// its /ByteRange covers (message digest, signature by the certificate it names, ESS
// signing-certificate-v2), its signature-time-stamp over the signature value, and each document
// time-stamp (ETSI.RFC3161) over the bytes it covers, one of which must follow the seal (B-LTA). The
// same checks as the service makes of a TSA's token (lib/timestamping/verify-token-signature.ts),
// with nothing but the file.
import { createHash } from "node:crypto";
import * as asn1js from "asn1js";
import { ContentInfo, SignedData, TSTInfo } from "pkijs";
import { validAt, type ParsedCertificate } from "@/lib/timestamping/parsed-certificate";
import { DIGEST_NAMES, OID, derSource, toBuffer } from "@/lib/timestamping/tsa-asn1";
import { tokenCertificates, verifyTokenSignature } from "@/lib/timestamping/verify-token-signature";
import { pdfSignatures, type PdfSignature } from "@/lib/verifier/pdf-signatures";
import { failed, ok, reason, type Verdict } from "@/lib/verifier/verdict";

const ID_DATA = "1.2.840.113549.1.7.1";
const SIGNATURE_TIME_STAMP = "1.2.840.113549.1.9.16.2.14";

const subject = (c: ParsedCertificate) => c.x509.subject.split("\n").reverse().join(", ");

function signedDataOf(der: Uint8Array): SignedData {
  const info = ContentInfo.fromBER(derSource(der));
  if (info.contentType !== OID.signedData) throw new Error("not a CMS SignedData");
  return new SignedData({ schema: info.content });
}

/** A time-stamp token over `data`: its time and authority, or an error saying what does not hold. */
function verifyToken(tokenDer: Uint8Array, data: Buffer): { genTime: Date; tsa: ParsedCertificate } {
  const signed = signedDataOf(tokenDer);
  const content = signed.encapContentInfo;
  if (content.eContentType !== OID.tstInfo || !content.eContent) throw new Error("the token holds no TSTInfo");
  const tstInfoDer = toBuffer(content.eContent.getValue());
  const tstInfo = TSTInfo.fromBER(derSource(tstInfoDer));
  const digest = DIGEST_NAMES[tstInfo.messageImprint.hashAlgorithm.algorithmId];
  if (!digest) throw new Error("the token's imprint uses an unsupported digest");
  if (!createHash(digest).update(data).digest().equals(toBuffer(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView))) {
    throw new Error("the token's imprint does not match what it should cover");
  }
  const certificates = tokenCertificates(signed);
  const tsa = verifyTokenSignature(signed, tstInfoDer, certificates);
  if (!validAt(tsa, tstInfo.genTime)) throw new Error("the TSA's certificate was not valid at the token's time");
  return { genTime: tstInfo.genTime, tsa };
}

function verifyCades(sig: PdfSignature, n: number): Verdict[] {
  const label = `PAdES signature ${n}`;
  let signed: SignedData;
  let signer: ParsedCertificate;
  try {
    signed = signedDataOf(sig.cms);
    signer = verifyTokenSignature(signed, sig.covered, tokenCertificates(signed), ID_DATA);
  } catch (err) {
    return [failed(label, reason(err))];
  }
  const out = [ok(label, `${sig.subFilter || "CMS"} by ${subject(signer)}, over bytes ${sig.range.join(" ")}`)];
  const attr = signed.signerInfos[0]!.unsignedAttrs?.attributes.find((a) => a.type === SIGNATURE_TIME_STAMP);
  if (!attr) return [...out, failed(`${label}: signature time-stamp`, "none (level B-B)")];
  try {
    const value = toBuffer(signed.signerInfos[0]!.signature.valueBlock.valueHexView);
    const { genTime, tsa } = verifyToken(new Uint8Array((attr.values[0] as asn1js.Sequence).toBER()), value);
    if (!validAt(signer, genTime)) throw new Error("the seal's certificate was not valid at the time-stamp's time");
    out.push(ok(`${label}: signature time-stamp`, `${genTime.toISOString()} by ${subject(tsa)}`));
  } catch (err) {
    out.push(failed(`${label}: signature time-stamp`, reason(err)));
  }
  return out;
}

function verifyDocTimestamp(sig: PdfSignature, n: number): Verdict {
  const label = `document time-stamp ${n}`;
  try {
    const { genTime, tsa } = verifyToken(sig.cms, sig.covered);
    return ok(label, `${genTime.toISOString()} by ${subject(tsa)}, over bytes ${sig.range.join(" ")}`);
  } catch (err) {
    return failed(label, reason(err));
  }
}

export function verifyPades(pdf: Buffer): Verdict[] {
  let sigs: PdfSignature[];
  try {
    sigs = pdfSignatures(pdf);
  } catch (err) {
    return [failed("PDF signatures", reason(err))];
  }
  if (sigs.length === 0) return [failed("PDF signatures", "the file carries no signature")];
  const out = sigs.flatMap((s, i) => (s.subFilter === "ETSI.RFC3161" ? [verifyDocTimestamp(s, i + 1)] : verifyCades(s, i + 1)));
  // decisions §20: the file as a whole, the DSS included, is time-stamped after the seal (B-LTA).
  const lastSeal = sigs.findLastIndex((s) => s.subFilter !== "ETSI.RFC3161");
  if (!sigs.some((s, i) => s.subFilter === "ETSI.RFC3161" && i > lastSeal)) {
    out.push(failed("document time-stamp", "none after the seal (level B-LT at most: the file was not time-stamped as a whole)"));
  }
  // What follows the last signature was added after it: nothing may.
  out.push(sigs.at(-1)!.coversWholeFile ? ok("whole file signed", `${pdf.length} bytes`) : failed("whole file signed", "bytes were added after the last signature"));
  return out;
}
