// X.509 v3 certificates for the built-in test authority, signed with ECDSA P-256 / SHA-256.
import { createHash, randomBytes, sign, type KeyObject } from "node:crypto";
import * as asn1js from "asn1js";
import {
  AlgorithmIdentifier,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  Extension,
  ExtKeyUsage,
  PublicKeyInfo,
  RelativeDistinguishedNames,
  Time,
} from "pkijs";
import { derSource, namedBits, OID, positiveInteger, toBuffer } from "@/lib/timestamping/tsa-asn1";

interface CertificateSpec {
  commonName: string;
  publicKey: KeyObject;
  /** the issuing CA; absent for a self-signed certificate, which `signingKey` must then match */
  issuerCertDer?: Buffer;
  signingKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  ca: boolean;
  /** keyUsage bits of an end-entity certificate (default digitalSignature); a CA gets keyCertSign + cRLSign */
  keyUsage?: number[];
  /** the extendedKeyUsage extension; tests make deliberately wrong variants of it */
  extKeyUsage?: { purposes: string[]; critical: boolean };
}

/** C=TR, O=e-Onam, CN=…: one attribute per RDN (pkijs would put them all in a single multi-valued RDN). */
function distinguishedName(commonName: string): RelativeDistinguishedNames {
  const rdn = (type: string, value: asn1js.AsnType) =>
    new asn1js.Set({ value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: type }), value] })] });
  const name = new asn1js.Sequence({
    value: [
      rdn(OID.country, new asn1js.PrintableString({ value: "TR" })),
      rdn(OID.organization, new asn1js.Utf8String({ value: "e-Onam" })),
      rdn(OID.commonName, new asn1js.Utf8String({ value: commonName })),
    ],
  });
  return RelativeDistinguishedNames.fromBER(name.toBER());
}

export function keyIdentifier(spki: PublicKeyInfo): Buffer {
  return createHash("sha1").update(spki.subjectPublicKey.valueBlock.valueHexView).digest();
}

export function extension(extnID: string, critical: boolean, value: asn1js.AsnType | { toSchema(): asn1js.AsnType }): Extension {
  const schema = "toSchema" in value ? value.toSchema() : value;
  return new Extension({ extnID, critical, extnValue: schema.toBER() });
}

export function utcTime(date: Date): Time {
  return new Time({ type: 0, value: new Date(Math.floor(date.getTime() / 1000) * 1000) });
}

export function createCertificate(spec: CertificateSpec): Buffer {
  const spki = PublicKeyInfo.fromBER(derSource(spec.publicKey.export({ type: "spki", format: "der" })));
  const subject = distinguishedName(spec.commonName);
  const issuer = spec.issuerCertDer ? Certificate.fromBER(derSource(spec.issuerCertDer)) : undefined;
  const algorithm = () => new AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 });

  const extensions = [
    extension(OID.basicConstraints, true, new BasicConstraints({ cA: spec.ca })),
    // CA: keyCertSign + cRLSign (bits 5, 6); end entity: digitalSignature (bit 0).
    extension(OID.keyUsage, true, namedBits(spec.ca ? [5, 6] : (spec.keyUsage ?? [0]))),
    extension(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: keyIdentifier(spki) })),
    extension(
      OID.authorityKeyIdentifier,
      false,
      new AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: keyIdentifier(issuer?.subjectPublicKeyInfo ?? spki) }),
      }),
    ),
  ];
  if (spec.extKeyUsage) {
    const { purposes, critical } = spec.extKeyUsage;
    extensions.push(extension(OID.extKeyUsage, critical, new ExtKeyUsage({ keyPurposes: purposes })));
  }

  const certificate = new Certificate({
    version: 2,
    serialNumber: positiveInteger(randomBytes(16)),
    signature: algorithm(),
    issuer: issuer?.subject ?? subject,
    notBefore: utcTime(spec.notBefore),
    notAfter: utcTime(spec.notAfter),
    subject,
    subjectPublicKeyInfo: spki,
    extensions,
    signatureAlgorithm: algorithm(),
  });
  const tbs = toBuffer(certificate.encodeTBS().toBER());
  certificate.tbsView = new Uint8Array(tbs);
  certificate.signatureValue = new asn1js.BitString({ valueHex: sign("sha256", tbs, spec.signingKey) });
  return toBuffer(certificate.toSchema().toBER());
}
