// decisions §24: whether a physician's certificate may countersign with a qualified signature — the
// chain from it to an anchor of QUALIFIED_TRUST_ANCHORS (built from the certificates sent with it, by
// name and signature), each certificate valid now and each issuer a CA, `nonRepudiation` in its key
// usage, and `good` from the OCSP responder its AIA names, asked now (once the chain is trusted: the
// address is the certificate provider's, never one an untrusted certificate chose). Each refusal is
// a sentence for the 422 that names `sertifika`.
import { X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import { certificateOf } from "@/lib/timestamping/tsa-asn1";
import { certificateUrls } from "@/lib/sealing/certificate-urls";
import { checkOcspResponse } from "@/lib/sealing/check-revocation-data";
import { postOcspRequest } from "@/lib/sealing/fetch-revocation-data";
import { ocspRequest } from "@/lib/sealing/ocsp-request";
import { subjectOf } from "@/lib/sealing/certificate-names";

export class QualifiedCertificateError extends Error {
  override name = "QualifiedCertificateError";
}

const KEY_USAGE = "2.5.29.15";
/** KeyUsage bit 1 (RFC 5280 §4.2.1.3): nonRepudiation, "contentCommitment" */
const NON_REPUDIATION = 0x40;
const MAX_CHAIN = 8;
/** A physician may send a chain; more certificates than this are not one. */
export const MAX_CHAIN_CERTIFICATES = 8;

export interface CheckedQualified {
  /** leaf first, through the anchor */
  path: Buffer[];
  /** the responder's answer, `good` */
  ocsp: Buffer;
}

function hasNonRepudiation(der: Buffer): boolean {
  const ext = certificateOf(der).extensions?.find((e) => e.extnID === KEY_USAGE);
  if (!ext) return false;
  const bits = asn1js.fromBER(ext.extnValue.getValue()).result;
  if (!(bits instanceof asn1js.BitString)) return false;
  return ((bits.valueBlock.valueHexView[0] ?? 0) & NON_REPUDIATION) !== 0;
}

function validNow(c: X509Certificate, at: Date): boolean {
  return new Date(c.validFrom).getTime() <= at.getTime() && at.getTime() <= new Date(c.validTo).getTime();
}

/** A certificate as DER, or the refusal. */
export function parseCertificate(der: Buffer): X509Certificate {
  try {
    const c = new X509Certificate(der);
    certificateOf(der);
    return c;
  } catch {
    throw new QualifiedCertificateError("bir X.509 sertifikası (DER) değil");
  }
}

function trustedPath(leaf: X509Certificate, chain: X509Certificate[], anchors: X509Certificate[], at: Date): X509Certificate[] {
  const path = [leaf];
  for (let current = leaf; path.length <= MAX_CHAIN; ) {
    if (anchors.some((a) => a.raw.equals(current.raw))) return path;
    const issuer = [...anchors, ...chain].find((c) => !path.some((p) => p.raw.equals(c.raw)) && current.checkIssued(c) && current.verify(c.publicKey));
    if (!issuer) break;
    if (!issuer.ca) throw new QualifiedCertificateError(`zincirdeki "${subjectOf(issuer.raw)}" bir sertifika hizmet sağlayıcısı (CA) değil`);
    if (!validNow(issuer, at)) throw new QualifiedCertificateError(`zincirdeki "${subjectOf(issuer.raw)}" şu an geçerli değil`);
    path.push(issuer);
    current = issuer;
  }
  throw new QualifiedCertificateError("güvenilen bir kök sertifikaya (QUALIFIED_TRUST_ANCHORS) zincirlenmiyor");
}

async function ocspGood(leaf: Buffer, issuer: Buffer, at: Date): Promise<Buffer> {
  const urls = certificateUrls(leaf).ocsp;
  if (urls.length === 0) throw new QualifiedCertificateError("AIA uzantısında OCSP adresi yok; iptal durumu sorulamıyor");
  let lastError = "";
  for (const url of urls.slice(0, 3)) {
    let der: Buffer;
    let status: string;
    try {
      der = await postOcspRequest(url, ocspRequest(leaf, issuer));
      status = checkOcspResponse(der, leaf, issuer, at).status;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      continue;
    }
    if (status === "revoked") throw new QualifiedCertificateError("sertifika iptal edilmiş (OCSP: revoked)");
    if (status !== "good") throw new QualifiedCertificateError("OCSP yanıtlayıcısı sertifikayı tanımıyor (unknown)");
    return der;
  }
  throw new QualifiedCertificateError(`OCSP yanıtlayıcısından geçerli yanıt alınamadı${lastError ? ` (${lastError})` : ""}`);
}

/** The certificate checked at `at` against `anchors` (DER); throws QualifiedCertificateError. */
export async function checkQualifiedCertificate(certificate: Buffer, chain: Buffer[], anchors: Buffer[], at: Date): Promise<CheckedQualified> {
  const leaf = parseCertificate(certificate);
  if (anchors.length === 0) throw new QualifiedCertificateError("kurum güvenilen nitelikli sertifika kökü tanımlamamış (QUALIFIED_TRUST_ANCHORS)");
  if (leaf.ca) throw new QualifiedCertificateError("bir CA sertifikası; kişinin imza sertifikası olmalı");
  if (!hasNonRepudiation(certificate)) throw new QualifiedCertificateError("anahtar kullanımında nonRepudiation (inkâr edilemezlik) yok");
  if (!validNow(leaf, at)) throw new QualifiedCertificateError(`şu an geçerli değil (${new Date(leaf.validFrom).toISOString()} – ${new Date(leaf.validTo).toISOString()})`);
  const path = trustedPath(
    leaf,
    chain.slice(0, MAX_CHAIN_CERTIFICATES).map((d) => parseCertificate(d)),
    anchors.map((d) => new X509Certificate(d)),
    at,
  );
  const issuer = path[1];
  if (!issuer) throw new QualifiedCertificateError("güven kökünün kendisi; kişinin imza sertifikası olmalı");
  const ocsp = await ocspGood(certificate, issuer.raw, at);
  return { path: path.map((c) => c.raw), ocsp };
}
