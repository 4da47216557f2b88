// The built-in authority's certificate revocation list: empty (it revokes nothing), signed by its
// root, so that the Document Security Store carries revocation data for the seal (level B-LT). Its
// thisUpdate is the second it is made in, never earlier: made after a signature, it speaks of it.
import { sign, type KeyObject } from "node:crypto";
import * as asn1js from "asn1js";
import { AlgorithmIdentifier, AuthorityKeyIdentifier, Certificate, CertificateRevocationList, Extensions } from "pkijs";
import { extension, keyIdentifier, utcTime } from "@/lib/timestamping/create-certificate";
import { derSource, OID, positiveInteger, toBuffer } from "@/lib/timestamping/tsa-asn1";

const CRL_NUMBER = "2.5.29.20";
const DAY_MS = 24 * 3_600_000;
/** How long a CRL is current: a week. */
const CRL_VALIDITY_MS = 7 * DAY_MS;

export function createAuthorityCrl(rootCertDer: Buffer, rootKey: KeyObject, at: Date): Buffer {
  const root = Certificate.fromBER(derSource(rootCertDer));
  const algorithm = () => new AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 });
  const crl = new CertificateRevocationList({
    version: 1,
    signature: algorithm(),
    issuer: root.subject,
    thisUpdate: utcTime(at),
    nextUpdate: utcTime(new Date(at.getTime() + CRL_VALIDITY_MS)),
    crlExtensions: new Extensions({
      extensions: [
        extension(OID.authorityKeyIdentifier, false, new AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: keyIdentifier(root.subjectPublicKeyInfo) }) })),
        // Increasing with time, so a newer list always has the larger number.
        extension(CRL_NUMBER, false, positiveInteger(Buffer.from(Math.floor(at.getTime() / 1000).toString(16).padStart(16, "0"), "hex"))),
      ],
    }),
    signatureAlgorithm: algorithm(),
  });
  const tbsSchema = (crl.toSchema(true) as asn1js.Sequence).valueBlock.value[0]!;
  const tbs = toBuffer(tbsSchema.toBER());
  crl.tbsView = new Uint8Array(tbs);
  crl.signatureValue = new asn1js.BitString({ valueHex: sign("sha256", tbs, rootKey) });
  return toBuffer(crl.toSchema().toBER());
}
