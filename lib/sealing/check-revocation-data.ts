// What an OCSP response (RFC 6960 §4.2) or a CRL (RFC 5280 §5) says of a certificate, checked before
// it is believed or put into a document: signed by the certificate's issuer (or, for OCSP, by a
// responder the issuer delegated with id-kp-OCSPSigning), about this very certificate, and current.
import { X509Certificate, verify, type KeyObject } from "node:crypto";
import { BasicOCSPResponse, CertificateRevocationList, OCSPResponse, type SingleResponse } from "pkijs";
import { certificateOf, derSource, integerHex } from "@/lib/timestamping/tsa-asn1";
import { certId } from "@/lib/sealing/ocsp-request";

const BASIC = "1.3.6.1.5.5.7.48.1.1";
const KP_OCSP_SIGNING = "1.3.6.1.5.5.7.3.9";
/** Signature algorithms of responses and CRLs, by the digest Node verifies them with. */
const DIGESTS: Readonly<Record<string, string>> = {
  "1.2.840.113549.1.1.5": "sha1",
  "1.2.840.113549.1.1.11": "sha256",
  "1.2.840.113549.1.1.12": "sha384",
  "1.2.840.113549.1.1.13": "sha512",
  "1.2.840.10045.4.1": "sha1",
  "1.2.840.10045.4.3.2": "sha256",
  "1.2.840.10045.4.3.3": "sha384",
  "1.2.840.10045.4.3.4": "sha512",
};
/** A clock a little ahead of ours is not a forgery. */
const SKEW_MS = 5 * 60_000;

type CertStatus = "good" | "revoked" | "unknown";

interface CheckedResponse {
  status: CertStatus;
  thisUpdate: Date;
  /** when the responder signed this answer (a pre-produced one may be older than the signature it is kept for) */
  producedAt: Date;
  /** null: the responder promises nothing; the answer is not kept */
  nextUpdate: Date | null;
  /** the delegated responder's certificate, which a verifier needs besides the chain */
  certificates: Buffer[];
}

class RevocationDataError extends Error {}

function signedBy(algorithm: string, tbs: Uint8Array, signature: Uint8Array, key: KeyObject): boolean {
  const digest = DIGESTS[algorithm];
  if (!digest) return false;
  try {
    return verify(digest, tbs, key, signature);
  } catch {
    return false;
  }
}

function current(thisUpdate: Date, nextUpdate: Date | null, at: Date): void {
  if (thisUpdate.getTime() > at.getTime() + SKEW_MS) throw new RevocationDataError(`issued in the future (${thisUpdate.toISOString()})`);
  if (nextUpdate && nextUpdate.getTime() <= at.getTime()) throw new RevocationDataError(`out of date since ${nextUpdate.toISOString()}`);
}

const sameCertId = (a: SingleResponse["certID"], b: SingleResponse["certID"]) =>
  Buffer.from(a.toSchema().toBER()).equals(Buffer.from(b.toSchema().toBER()));

/** An OCSP response about `certDer`, issued by `issuerDer`'s authority, current at `at`. */
export function checkOcspResponse(der: Buffer, certDer: Buffer, issuerDer: Buffer, at: Date): CheckedResponse {
  let basic: BasicOCSPResponse;
  try {
    const response = OCSPResponse.fromBER(derSource(der));
    const status = response.responseStatus.valueBlock.valueDec;
    if (status !== 0) throw new RevocationDataError(`the responder answered status ${status}`);
    if (response.responseBytes?.responseType !== BASIC) throw new RevocationDataError("not a basic OCSP response");
    basic = BasicOCSPResponse.fromBER(derSource(response.responseBytes.response.valueBlock.valueHexView));
  } catch (err) {
    if (err instanceof RevocationDataError) throw err;
    throw new RevocationDataError("not an OCSP response");
  }
  const issuer = new X509Certificate(issuerDer);
  const tbs = basic.tbsResponseData.tbsView;
  const algorithm = basic.signatureAlgorithm.algorithmId;
  const signature = basic.signature.valueBlock.valueHexView;
  const certificates: Buffer[] = [];
  if (!signedBy(algorithm, tbs, signature, issuer.publicKey)) {
    // RFC 6960 §4.2.2.2: a responder the issuer named for this, with a certificate it issued.
    const delegate = (basic.certs ?? [])
      .map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER())))
      .find((c) => signedBy(algorithm, tbs, signature, c.publicKey));
    if (!delegate) throw new RevocationDataError("the response is not signed by the issuer or a responder it names");
    if (!delegate.verify(issuer.publicKey) || !delegate.checkIssued(issuer)) throw new RevocationDataError("the responder's certificate is not the issuer's");
    if (!(delegate.keyUsage ?? []).includes(KP_OCSP_SIGNING)) throw new RevocationDataError("the responder's certificate lacks id-kp-OCSPSigning");
    certificates.push(delegate.raw);
  }
  const wanted = certId(certDer, issuerDer);
  const single = basic.tbsResponseData.responses.find((r) => sameCertId(r.certID, wanted));
  if (!single) throw new RevocationDataError("the response is about another certificate");
  const tag = (single.certStatus as { idBlock: { tagNumber: number } }).idBlock.tagNumber;
  const status: CertStatus = tag === 0 ? "good" : tag === 1 ? "revoked" : "unknown";
  const nextUpdate = single.nextUpdate ?? null;
  current(single.thisUpdate, nextUpdate, at);
  return { status, thisUpdate: single.thisUpdate, producedAt: basic.tbsResponseData.producedAt, nextUpdate, certificates };
}

export interface CheckedCrl {
  thisUpdate: Date;
  nextUpdate: Date | null;
  /** serial numbers (lowercase hex) the list revokes */
  revoked: Set<string>;
}

/** A CRL signed by `issuerDer`'s key under its name, current at `at`. */
export function checkCrl(der: Buffer, issuerDer: Buffer, at: Date): CheckedCrl {
  let crl: CertificateRevocationList;
  try {
    crl = CertificateRevocationList.fromBER(derSource(der));
  } catch {
    throw new RevocationDataError("not a CRL");
  }
  const issuer = certificateOf(issuerDer);
  if (!Buffer.from(crl.issuer.toSchema().toBER()).equals(Buffer.from(issuer.subject.toSchema().toBER()))) {
    throw new RevocationDataError("the CRL is another authority's");
  }
  if (!signedBy(crl.signature.algorithmId, crl.tbsView, crl.signatureValue.valueBlock.valueHexView, new X509Certificate(issuerDer).publicKey)) {
    throw new RevocationDataError("the CRL's signature does not verify with the issuer's key");
  }
  const thisUpdate = crl.thisUpdate.value;
  const nextUpdate = crl.nextUpdate?.value ?? null;
  current(thisUpdate, nextUpdate, at);
  return { thisUpdate, nextUpdate, revoked: new Set((crl.revokedCertificates ?? []).map((r) => integerHex(r.userCertificate))) };
}

export const serialOf = (certDer: Buffer): string => integerHex(certificateOf(certDer).serialNumber);
