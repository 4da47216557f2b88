// Certificates as the verifier judges them: who they name, when they are valid, what they may be used
// for, whether they are qualified (ETSI EN 319 412-5 QcCompliance), and the signatures that bind them
// (RFC 5280 §4.1.1.2 / §6.1). Node's X509Certificate checks a certificate's signature; pkijs reads
// the extensions; signedBy() checks any other signed structure (a CRL, an OCSP response).
import { constants, createHash, verify, X509Certificate, type KeyObject } from "node:crypto";
import * as asn1js from "asn1js";
import { AlgorithmIdentifier, BasicConstraints, Certificate, RSASSAPSSParams } from "pkijs";
import { DIGEST_NAMES, derSource, toBuffer } from "@/lib/timestamping/tsa-asn1";

const EXT = {
  keyUsage: "2.5.29.15",
  basicConstraints: "2.5.29.19",
  qcStatements: "1.3.6.1.5.5.7.1.3",
  ocspNoCheck: "1.3.6.1.5.5.7.48.1.5",
} as const;
const QC_COMPLIANCE = "0.4.0.1862.1.1";
export const EKU = { timeStamping: "1.3.6.1.5.5.7.3.8", ocspSigning: "1.3.6.1.5.5.7.3.9" } as const;

/** RFC 5280 §4.2.1.3 bit numbers. */
export const KEY_USAGE = { digitalSignature: 0, nonRepudiation: 1, keyCertSign: 5, cRLSign: 6 } as const;

export interface CertInfo {
  der: Buffer;
  sha256: string;
  x509: X509Certificate;
  cert: Certificate;
  /** "CN=…, O=…, C=TR", most specific first */
  subject: string;
  /** the common name, or the subject when it has none */
  name: string;
  notBefore: Date;
  notAfter: Date;
  isCa: boolean;
  /** key usage bits, or null when the extension is absent (any usage) */
  keyUsage: Set<number> | null;
  extKeyUsage: string[];
  qualified: boolean;
  ocspNoCheck: boolean;
  selfSigned: boolean;
}

function extension(cert: Certificate, oid: string) {
  return cert.extensions?.find((e) => e.extnID === oid);
}

function keyUsageBits(cert: Certificate): Set<number> | null {
  const ext = extension(cert, EXT.keyUsage);
  if (!ext) return null;
  const bits = asn1js.fromBER(ext.extnValue.getValue()).result;
  if (!(bits instanceof asn1js.BitString)) return new Set();
  const bytes = bits.valueBlock.valueHexView;
  const out = new Set<number>();
  for (let i = 0; i < bytes.length * 8; i++) if (bytes[i >> 3]! & (0x80 >> (i & 7))) out.add(i);
  return out;
}

function qcCompliance(cert: Certificate): boolean {
  const ext = extension(cert, EXT.qcStatements);
  if (!ext) return false;
  const seq = asn1js.fromBER(ext.extnValue.getValue()).result;
  if (!(seq instanceof asn1js.Sequence)) return false;
  return seq.valueBlock.value.some((s) => s instanceof asn1js.Sequence && s.valueBlock.value[0] instanceof asn1js.ObjectIdentifier && s.valueBlock.value[0].valueBlock.toString() === QC_COMPLIANCE);
}

const cache = new Map<string, CertInfo>();

export function certInfo(der: Buffer): CertInfo {
  const sha256 = createHash("sha256").update(der).digest("hex");
  const hit = cache.get(sha256);
  if (hit) return hit;
  const x509 = new X509Certificate(der);
  const cert = Certificate.fromBER(derSource(der));
  const subject = x509.subject.split("\n").reverse().join(", ");
  const cn = x509.subject.split("\n").find((l) => l.startsWith("CN="));
  const bc = extension(cert, EXT.basicConstraints);
  const isCa = bc ? new BasicConstraints({ schema: asn1js.fromBER(bc.extnValue.getValue()).result }).cA === true : false;
  const info: CertInfo = {
    der,
    sha256,
    x509,
    cert,
    subject,
    name: cn ? cn.slice(3) : subject,
    notBefore: cert.notBefore.value,
    notAfter: cert.notAfter.value,
    isCa,
    keyUsage: keyUsageBits(cert),
    extKeyUsage: x509.keyUsage ?? [],
    qualified: qcCompliance(cert),
    ocspNoCheck: extension(cert, EXT.ocspNoCheck) !== undefined,
    selfSigned: x509.checkIssued(x509) && safeVerify(x509, x509.publicKey),
  };
  if (cache.size > 1000) cache.clear();
  cache.set(sha256, info);
  return info;
}

function safeVerify(cert: X509Certificate, key: KeyObject): boolean {
  try {
    return cert.verify(key);
  } catch {
    return false;
  }
}

/** Whether `issuer` issued `cert`: names chain and its key verifies the signature. */
export function issuedBy(cert: CertInfo, issuer: CertInfo): boolean {
  return cert.x509.issuer === issuer.x509.subject && safeVerify(cert.x509, issuer.x509.publicKey);
}

export const validAt = (c: CertInfo, at: Date) => c.notBefore.getTime() <= at.getTime() && at.getTime() <= c.notAfter.getTime();

export const hasUsage = (c: CertInfo, bit: number) => c.keyUsage === null || c.keyUsage.has(bit);

const SIGNATURE_HASHES: Readonly<Record<string, string>> = {
  "1.2.840.113549.1.1.5": "sha1",
  "1.2.840.113549.1.1.11": "sha256",
  "1.2.840.113549.1.1.12": "sha384",
  "1.2.840.113549.1.1.13": "sha512",
  "1.2.840.10045.4.3.2": "sha256",
  "1.2.840.10045.4.3.3": "sha384",
  "1.2.840.10045.4.3.4": "sha512",
};
const RSA_PSS = "1.2.840.113549.1.1.10";
const ED25519 = "1.3.101.112";

/** A signature over `data` by `key` under an X.509 AlgorithmIdentifier (a CRL's, an OCSP response's). */
export function signedBy(algorithm: AlgorithmIdentifier, data: Uint8Array, signature: Uint8Array, key: KeyObject): boolean {
  try {
    if (algorithm.algorithmId === ED25519) return verify(null, data, key, signature);
    if (algorithm.algorithmId === RSA_PSS) {
      const params = new RSASSAPSSParams({ schema: algorithm.algorithmParams });
      const hash = DIGEST_NAMES[params.hashAlgorithm.algorithmId];
      return hash !== undefined && verify(hash, data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength }, signature);
    }
    const hash = SIGNATURE_HASHES[algorithm.algorithmId];
    return hash !== undefined && verify(hash, data, key, signature);
  } catch {
    return false;
  }
}

export const bitStringBytes = (b: asn1js.BitString) => toBuffer(b.valueBlock.valueHexView);
