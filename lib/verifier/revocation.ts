// Decisions §24 rule 4: the revocation data the file carries (its DSS: OCSP responses, RFC 6960, and
// CRLs, RFC 5280 §5), checked at the time a time-stamp proves. A certificate revoked before that time
// makes the signature worthless; revoked after, the signature stands (it was made while the key was
// good). Data counts when its issuer signed it and it speaks for that time: issued after it, or
// current at it (thisUpdate ≤ time ≤ nextUpdate). None that counts: "missing", which lowers the level.
import { createHash } from "node:crypto";
import * as asn1js from "asn1js";
import { BasicOCSPResponse, CertificateRevocationList, OCSPResponse } from "pkijs";
import { OID, derSource, integerMagnitude, toBuffer } from "@/lib/timestamping/tsa-asn1";
import { bitStringBytes, certInfo, EKU, issuedBy, signedBy, validAt, type CertInfo } from "@/lib/verifier/certificates";

type RevocationStatus =
  | { status: "good"; source: "OCSP" | "CRL" }
  | { status: "revoked"; at: Date; source: "OCSP" | "CRL" }
  | { status: "missing" };

interface ParsedCrl {
  crl: CertificateRevocationList;
  issuerDer: Buffer;
}

interface ParsedOcsp {
  basic: BasicOCSPResponse;
  certs: CertInfo[];
}

export interface RevocationData {
  crls: ParsedCrl[];
  ocsps: ParsedOcsp[];
}

const BASIC_OCSP = "1.3.6.1.5.5.7.48.1.1";
const HASHES: Readonly<Record<string, string>> = { [OID.sha1]: "sha1", [OID.sha256]: "sha256", [OID.sha384]: "sha384", [OID.sha512]: "sha512" };

/** Parses what it can; data it cannot read is no data (it never made a file valid). */
export function revocationData(crls: Buffer[], ocsps: Buffer[]): RevocationData {
  const out: RevocationData = { crls: [], ocsps: [] };
  for (const der of crls) {
    try {
      const crl = CertificateRevocationList.fromBER(derSource(der));
      out.crls.push({ crl, issuerDer: toBuffer(crl.issuer.toSchema().toBER()) });
    } catch {
      /* unreadable */
    }
  }
  for (const der of ocsps) {
    try {
      // The DSS holds OCSPResponse (RFC 6960 §4.2.1); some writers store the BasicOCSPResponse alone.
      let basicDer: Uint8Array = der;
      const parsed = asn1js.fromBER(derSource(der)).result;
      if (parsed instanceof asn1js.Sequence && parsed.valueBlock.value[0] instanceof asn1js.Enumerated) {
        const resp = new OCSPResponse({ schema: parsed });
        if (resp.responseStatus.valueBlock.valueDec !== 0 || resp.responseBytes?.responseType !== BASIC_OCSP) continue;
        basicDer = resp.responseBytes.response.valueBlock.valueHexView;
      }
      const basic = BasicOCSPResponse.fromBER(derSource(basicDer));
      out.ocsps.push({ basic, certs: (basic.certs ?? []).map((c) => certInfo(toBuffer(c.toSchema().toBER()))) });
    } catch {
      /* unreadable */
    }
  }
  return out;
}

/** Whether data dated thisUpdate–nextUpdate speaks for `at`. */
function speaksFor(thisUpdate: Date, nextUpdate: Date | undefined, at: Date): boolean {
  if (thisUpdate.getTime() >= at.getTime()) return true;
  return nextUpdate !== undefined && at.getTime() <= nextUpdate.getTime();
}

function fromCrl(cert: CertInfo, issuer: CertInfo, at: Date, data: RevocationData): RevocationStatus | null {
  const issuerName = toBuffer(issuer.cert.subject.toSchema().toBER());
  let best: RevocationStatus | null = null;
  for (const { crl, issuerDer } of data.crls) {
    if (!issuerDer.equals(issuerName)) continue;
    if (!signedBy(crl.signatureAlgorithm, crl.tbsView, bitStringBytes(crl.signatureValue), issuer.x509.publicKey)) continue;
    if (!speaksFor(crl.thisUpdate.value, crl.nextUpdate?.value, at)) continue;
    const serial = integerMagnitude(cert.cert.serialNumber);
    const entry = crl.revokedCertificates?.find((r) => integerMagnitude(r.userCertificate).equals(serial));
    if (entry) return { status: "revoked", at: entry.revocationDate.value, source: "CRL" };
    best = { status: "good", source: "CRL" };
  }
  return best;
}

function certIdMatches(id: BasicOCSPResponse["tbsResponseData"]["responses"][number]["certID"], cert: CertInfo, issuer: CertInfo): boolean {
  const hash = HASHES[id.hashAlgorithm.algorithmId];
  if (!hash) return false;
  const nameHash = createHash(hash).update(toBuffer(issuer.cert.subject.toSchema().toBER())).digest();
  const keyHash = createHash(hash).update(bitStringBytes(issuer.cert.subjectPublicKeyInfo.subjectPublicKey)).digest();
  return (
    nameHash.equals(toBuffer(id.issuerNameHash.valueBlock.valueHexView)) &&
    keyHash.equals(toBuffer(id.issuerKeyHash.valueBlock.valueHexView)) &&
    integerMagnitude(id.serialNumber).equals(integerMagnitude(cert.cert.serialNumber))
  );
}

/** RFC 6960 §4.2.2.2: signed by the issuer itself, or by a responder it authorized (id-kp-OCSPSigning). */
function responderKeyOk(basic: BasicOCSPResponse, certs: CertInfo[], issuer: CertInfo, producedAt: Date): boolean {
  const tbs = basic.tbsResponseData.tbsView;
  const sig = bitStringBytes(basic.signature);
  if (signedBy(basic.signatureAlgorithm, tbs, sig, issuer.x509.publicKey)) return true;
  return certs.some(
    (r) => r.extKeyUsage.includes(EKU.ocspSigning) && issuedBy(r, issuer) && validAt(r, producedAt) && signedBy(basic.signatureAlgorithm, tbs, sig, r.x509.publicKey),
  );
}

function fromOcsp(cert: CertInfo, issuer: CertInfo, at: Date, data: RevocationData): RevocationStatus | null {
  let best: RevocationStatus | null = null;
  for (const { basic, certs } of data.ocsps) {
    for (const single of basic.tbsResponseData.responses) {
      if (!certIdMatches(single.certID, cert, issuer)) continue;
      if (!speaksFor(single.thisUpdate, single.nextUpdate, at)) continue;
      if (!responderKeyOk(basic, certs, issuer, basic.tbsResponseData.producedAt)) continue;
      const status = single.certStatus as asn1js.BaseBlock;
      const tag = status.idBlock.tagNumber;
      if (tag === 1) {
        const info = (status as asn1js.Constructed).valueBlock.value[0];
        const time = info instanceof asn1js.GeneralizedTime ? info.toDate() : new Date(0);
        return { status: "revoked", at: time, source: "OCSP" };
      }
      if (tag === 0) best = { status: "good", source: "OCSP" };
    }
  }
  return best;
}

/** The certificate's status at `at`, from what the file carries; a revocation wins over any "good". */
export function revocationStatus(cert: CertInfo, issuer: CertInfo, at: Date, data: RevocationData): RevocationStatus {
  const ocsp = fromOcsp(cert, issuer, at, data);
  const crl = fromCrl(cert, issuer, at, data);
  if (ocsp?.status === "revoked") return ocsp;
  if (crl?.status === "revoked") return crl;
  return ocsp ?? crl ?? { status: "missing" };
}
