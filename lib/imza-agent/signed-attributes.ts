// What the card is about to sign, read from the bytes themselves: the CMS SignedAttributes (RFC 5652
// §5.4, the DER of a SET OF Attribute) the service answered at countersign/prepare. The agent signs
// nothing else — not a bare digest, not a document — and shows the physician the messageDigest those
// attributes bind (the digest of the consent PDF's signed byte ranges), beside what the panel says.
import * as asn1js from "asn1js";

const MESSAGE_DIGEST = "1.2.840.113549.1.9.4";
const CONTENT_TYPE = "1.2.840.113549.1.9.3";

export interface SignedAttributesSummary {
  /** hex of the messageDigest attribute */
  messageDigest: string;
  attributes: string[];
}

/** The summary, or a reason the bytes are not one DER SET OF Attribute with contentType and messageDigest. */
export function readSignedAttributes(der: Buffer): SignedAttributesSummary | string {
  const parsed = asn1js.fromBER(new Uint8Array(der));
  if (parsed.offset === -1 || parsed.offset !== der.length) return "DER olarak okunamadı";
  const set = parsed.result;
  if (!(set instanceof asn1js.Set)) return "bir SET değil";
  const attributes: string[] = [];
  let messageDigest: string | null = null;
  for (const attr of set.valueBlock.value) {
    if (!(attr instanceof asn1js.Sequence)) return "öznitelik bir SEQUENCE değil";
    const [type, values] = attr.valueBlock.value;
    if (!(type instanceof asn1js.ObjectIdentifier) || !(values instanceof asn1js.Set)) return "öznitelik (OID, SET) değil";
    const oid = type.valueBlock.toString();
    attributes.push(oid);
    if (oid === MESSAGE_DIGEST) {
      const [value] = values.valueBlock.value;
      if (!(value instanceof asn1js.OctetString)) return "messageDigest bir OCTET STRING değil";
      messageDigest = Buffer.from(value.valueBlock.valueHexView).toString("hex");
    }
  }
  if (!attributes.includes(CONTENT_TYPE)) return "contentType özniteliği yok";
  if (messageDigest === null) return "messageDigest özniteliği yok";
  return { messageDigest, attributes };
}
