// The CMS half of token verification: which certificate signed, and whether its signature covers this TSTInfo.
import { constants, createHash, verify } from "node:crypto";
import * as asn1js from "asn1js";
import { Certificate, IssuerAndSerialNumber, RSASSAPSSParams, type SignedData, type SignerInfo } from "pkijs";
import { parseCertificate, type ParsedCertificate } from "@/lib/timestamping/parsed-certificate";
import { DIGEST_NAMES, OID, toBuffer } from "@/lib/timestamping/tsa-asn1";
import { TimestampError } from "@/lib/timestamping/tsa-types";

const RSA_PSS = "1.2.840.113549.1.1.10";
/** Signature algorithms that name their own hash; bare rsaEncryption / id-ecPublicKey use the digestAlgorithm. */
const SIGNATURE_HASHES: Readonly<Record<string, string>> = {
  "1.2.840.113549.1.1.11": "sha256",
  "1.2.840.113549.1.1.12": "sha384",
  "1.2.840.113549.1.1.13": "sha512",
  "1.2.840.10045.4.3.2": "sha256",
  "1.2.840.10045.4.3.3": "sha384",
  "1.2.840.10045.4.3.4": "sha512",
};
const BARE_KEY_ALGORITHMS = new Set(["1.2.840.113549.1.1.1", "1.2.840.10045.2.1"]);

const fail = (message: string, reason: "signature" | "certificate" | "malformed" = "signature") =>
  new TimestampError(message, reason);

/** The token's certificates (attribute certificates and other formats are not ours to use). */
export function tokenCertificates(signedData: SignedData): ParsedCertificate[] {
  try {
    return (signedData.certificates ?? []).filter((c) => c instanceof Certificate).map((c) => parseCertificate(c));
  } catch {
    throw fail("Zaman damgasındaki sertifikalar çözümlenemedi.", "malformed");
  }
}

function subjectKeyId(cert: Certificate): Buffer | undefined {
  const ext = cert.extensions?.find((e) => e.extnID === OID.subjectKeyIdentifier);
  const parsed = ext && asn1js.fromBER(ext.extnValue.getValue()).result;
  return parsed instanceof asn1js.OctetString ? toBuffer(parsed.valueBlock.valueHexView) : undefined;
}

function matchesSid(cert: Certificate, sid: SignerInfo["sid"]): boolean {
  if (sid instanceof IssuerAndSerialNumber) return cert.issuer.isEqual(sid.issuer) && cert.serialNumber.isEqual(sid.serialNumber);
  if (sid instanceof asn1js.Primitive) return subjectKeyId(cert)?.equals(toBuffer(sid.valueBlock.valueHexView)) ?? false;
  return false;
}

function singleValue(signerInfo: SignerInfo, type: string): unknown {
  const found = signerInfo.signedAttrs?.attributes.filter((a) => a.type === type) ?? [];
  return found.length === 1 && found[0]?.values.length === 1 ? found[0].values[0] : undefined;
}

/** RFC 3161 §2.4.1 / RFC 5816: the token must name its signing certificate by hash; OpenSSL insists too. */
function checkSigningCertificate(signerInfo: SignerInfo, signer: ParsedCertificate): void {
  const v2 = singleValue(signerInfo, OID.signingCertificateV2);
  const v1 = singleValue(signerInfo, OID.signingCertificate);
  const value = v2 ?? v1;
  if (!(value instanceof asn1js.Sequence)) throw fail("Zaman damgasında imzalayan sertifika özniteliği (ESS signingCertificate) yok.", "certificate");
  const certs = value.valueBlock.value[0];
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
  const fields = first instanceof asn1js.Sequence ? first.valueBlock.value : [];
  let hashName = v2 ? "sha256" : "sha1";
  let hashField = fields[0];
  if (v2 && hashField instanceof asn1js.Sequence) {
    const oid = hashField.valueBlock.value[0];
    hashName = (oid instanceof asn1js.ObjectIdentifier && DIGEST_NAMES[oid.valueBlock.toString()]) || "unsupported";
    hashField = fields[1];
  }
  const ok =
    hashName !== "unsupported" &&
    hashField instanceof asn1js.OctetString &&
    createHash(hashName).update(signer.der).digest().equals(toBuffer(hashField.valueBlock.valueHexView));
  if (!ok) throw fail("Zaman damgasının andığı imzalayan sertifika, yanıttaki sertifikayla eşleşmiyor.", "certificate");
}

function signatureValid(signerInfo: SignerInfo, digestName: string, signer: ParsedCertificate, data: Buffer): boolean {
  const algorithm = signerInfo.signatureAlgorithm;
  const signature = toBuffer(signerInfo.signature.valueBlock.valueHexView);
  try {
    if (algorithm.algorithmId === RSA_PSS) {
      const params = new RSASSAPSSParams({ schema: algorithm.algorithmParams });
      const hash = DIGEST_NAMES[params.hashAlgorithm.algorithmId];
      if (!hash) return false;
      const key = { key: signer.x509.publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength };
      return verify(hash, data, key, signature);
    }
    const hash = SIGNATURE_HASHES[algorithm.algorithmId] ?? (BARE_KEY_ALGORITHMS.has(algorithm.algorithmId) ? digestName : undefined);
    return hash !== undefined && verify(hash, data, signer.x509.publicKey, signature);
  } catch {
    return false;
  }
}

/**
 * Verifies the one SignerInfo over the TSTInfo and returns the certificate that made it. The offline
 * verifier (lib/verifier) checks a PDF's CAdES signature with it too: content type id-data, content
 * the bytes its /ByteRange covers.
 */
export function verifyTokenSignature(signedData: SignedData, tstInfoDer: Buffer, certificates: ParsedCertificate[], contentTypeOid: string = OID.tstInfo): ParsedCertificate {
  // RFC 3161 §2.4.2: the token carries the TSA's signature and no other.
  const signerInfo = signedData.signerInfos.length === 1 ? signedData.signerInfos[0] : undefined;
  if (!signerInfo) throw fail("Zaman damgasında tam olarak bir imza bulunmalı.", "malformed");
  const signer = certificates.find((c) => matchesSid(c.cert, signerInfo.sid));
  if (!signer) throw fail("Zaman damgasını imzalayan sertifika yanıtta yok.", "certificate");

  const attrs = signerInfo.signedAttrs;
  if (!attrs) throw fail("Zaman damgası imzasında imzalı öznitelikler yok.");
  const digestName = DIGEST_NAMES[signerInfo.digestAlgorithm.algorithmId];
  if (!digestName) throw fail("Zaman damgası imzası desteklenmeyen bir özet algoritması kullanıyor.");
  const contentType = singleValue(signerInfo, OID.contentType);
  if (!(contentType instanceof asn1js.ObjectIdentifier) || contentType.valueBlock.toString() !== contentTypeOid) {
    throw fail("Zaman damgası imzası TSTInfo içeriğine ait değil (contentType).");
  }
  const messageDigest = singleValue(signerInfo, OID.messageDigest);
  const expected = createHash(digestName).update(tstInfoDer).digest();
  if (!(messageDigest instanceof asn1js.OctetString) || !expected.equals(toBuffer(messageDigest.valueBlock.valueHexView))) {
    throw fail("Zaman damgası içeriği imzayla eşleşmiyor (değiştirilmiş olabilir).");
  }
  // pkijs keeps the attributes' bytes as received, retagged as SET OF: exactly what was signed.
  if (!signatureValid(signerInfo, digestName, signer, toBuffer(attrs.encodedValue))) {
    throw fail("Zaman damgasının imzası doğrulanamadı.");
  }
  checkSigningCertificate(signerInfo, signer);
  return signer;
}
