// An OCSP request for one certificate (RFC 6960 §4.1), without a nonce: RFC 5019's profile, which lets
// a responder hand out a response it made earlier and a client keep it until its nextUpdate. The
// CertID hashes with SHA-1, the one algorithm every responder matches (RFC 5019 §2.1.1).
import { createHash } from "node:crypto";
import * as asn1js from "asn1js";
import { AlgorithmIdentifier, CertID, OCSPRequest, Request, TBSRequest, type Certificate } from "pkijs";
import { certificateOf, OID, toBuffer } from "@/lib/timestamping/tsa-asn1";

/** The CertID naming `certDer` as issued by `issuerDer`. */
export function certId(certDer: Buffer, issuerDer: Buffer): CertID {
  const cert = certificateOf(certDer);
  const issuer: Certificate = certificateOf(issuerDer);
  const sha1 = (bytes: ArrayBuffer | Uint8Array) => createHash("sha1").update(new Uint8Array(bytes)).digest();
  return new CertID({
    hashAlgorithm: new AlgorithmIdentifier({ algorithmId: OID.sha1, algorithmParams: new asn1js.Null() }),
    issuerNameHash: new asn1js.OctetString({ valueHex: sha1(issuer.subject.toSchema().toBER()) }),
    issuerKeyHash: new asn1js.OctetString({ valueHex: sha1(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView) }),
    serialNumber: cert.serialNumber,
  });
}

export function ocspRequest(certDer: Buffer, issuerDer: Buffer): Buffer {
  const request = new OCSPRequest({ tbsRequest: new TBSRequest({ requestList: [new Request({ reqCert: certId(certDer, issuerDer) })] }) });
  return toBuffer(request.toSchema(true).toBER());
}
