// Object identifiers and small DER helpers shared by the timestamp request, token and verifier code.
import * as asn1js from "asn1js";
import { Certificate } from "pkijs";

export const OID = {
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificate: "1.2.840.113549.1.9.16.2.12",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  country: "2.5.4.6",
  subjectKeyIdentifier: "2.5.29.14",
  keyUsage: "2.5.29.15",
  basicConstraints: "2.5.29.19",
  authorityKeyIdentifier: "2.5.29.35",
  extKeyUsage: "2.5.29.37",
  kpTimeStamping: "1.3.6.1.5.5.7.3.8",
  kpClientAuth: "1.3.6.1.5.5.7.3.2",
} as const;

/** Node's digest names for the CMS digest algorithms a TSA may use; anything else (SHA-1 included) is refused. */
export const DIGEST_NAMES: Readonly<Record<string, string>> = {
  [OID.sha256]: "sha256",
  [OID.sha384]: "sha384",
  [OID.sha512]: "sha512",
};

/** An unsigned big-endian number as a minimal, positive DER INTEGER. */
export function positiveInteger(bytes: Uint8Array): asn1js.Integer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const body = bytes.subarray(start);
  const needsSignByte = (body[0] ?? 0) & 0x80;
  const value = needsSignByte ? Buffer.concat([Buffer.of(0), body]) : Buffer.from(body);
  return new asn1js.Integer({ valueHex: value.length ? value : Buffer.of(0) });
}

/** The magnitude of an INTEGER without leading zero bytes, for comparing nonces and printing serials. */
export function integerMagnitude(value: asn1js.Integer | Uint8Array): Buffer {
  const bytes = value instanceof Uint8Array ? value : value.valueBlock.valueHexView;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return Buffer.from(bytes.subarray(start));
}

export function integerHex(value: asn1js.Integer): string {
  return integerMagnitude(value).toString("hex");
}

/** A DER BIT STRING of named bits (bit 0 is the most significant), trailing zero bits dropped. */
export function namedBits(bits: number[]): asn1js.BitString {
  const last = Math.max(...bits);
  const bytes = new Uint8Array(Math.floor(last / 8) + 1);
  for (const bit of bits) bytes[Math.floor(bit / 8)]! |= 0x80 >> bit % 8;
  return new asn1js.BitString({ valueHex: bytes, unusedBits: 7 - (last % 8) });
}

export function toBuffer(data: ArrayBuffer | Uint8Array): Buffer {
  return data instanceof Uint8Array ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
}

/** A copy typed as BufferSource: pkijs's fromBER refuses Node's Buffer type (ArrayBufferLike) though not its bytes. */
export function derSource(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

/**
 * DER bytes placed as they are inside a structure that pkijs encodes. Handing pkijs a parsed
 * certificate or token instead makes it parse and re-encode the whole thing (a Certificate re-parses
 * its TBS on every toSchema): measured at ~10 ms a sealed document before this.
 */
export function preEncoded<T>(der: Uint8Array): T {
  const block = {
    toSchema: () => block,
    toBER(_sizeOnly?: boolean, writer?: { write(buf: ArrayBuffer): void }): ArrayBuffer {
      const copy = new Uint8Array(der).buffer;
      if (!writer) return copy;
      writer.write(copy);
      return new ArrayBuffer(0);
    },
  };
  return block as unknown as T;
}

/** Length of the DER element's header and of its content at `offset`; throws when they do not fit. */
function derElement(der: Uint8Array, offset: number): { header: number; length: number } {
  const first = der[offset + 1];
  if (first === undefined) throw new Error("truncated DER");
  let header = 2;
  let length = first;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n === 0 || n > 4) throw new Error("unsupported DER length");
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + (der[offset + 2 + i] ?? 0);
    header += n;
  }
  if (offset + header + length > der.length) throw new Error("truncated DER");
  return { header, length };
}

/**
 * The TimeStampToken inside a DER TimeStampResp (RFC 3161 §2.4.2: SEQUENCE { status, token OPTIONAL }),
 * as bytes, without parsing either: null when the answer carries no token (a rejection).
 */
export function tokenBytes(response: Uint8Array): Uint8Array | null {
  const outer = derElement(response, 0);
  const statusAt = outer.header;
  const status = derElement(response, statusAt);
  const tokenAt = statusAt + status.header + status.length;
  const end = outer.header + outer.length;
  if (tokenAt >= end) return null;
  const token = derElement(response, tokenAt);
  return response.subarray(tokenAt, tokenAt + token.header + token.length);
}

const parsed = new Map<string, Certificate>();

/** A DER certificate parsed once per process (the seal's, the TSA's): pkijs parsing costs ~1 ms each time. */
export function certificateOf(der: Buffer): Certificate {
  const key = der.toString("base64");
  let cert = parsed.get(key);
  if (!cert) {
    if (parsed.size >= 64) parsed.clear();
    cert = Certificate.fromBER(derSource(der));
    parsed.set(key, cert);
  }
  return cert;
}

/**
 * The certificates a CMS SignedData (a TimeStampToken) carries, as the DER they are in it, found by
 * walking the element headers only (parsing the whole token costs ~1.5 ms): ContentInfo { contentType,
 * [0] SignedData { version, digestAlgorithms, encapContentInfo, [0] IMPLICIT certificates OPTIONAL, … } }.
 */
export function embeddedCertificates(cms: Uint8Array): Buffer[] {
  const inside = (at: number) => at + derElement(cms, at).header;
  const after = (at: number) => {
    const e = derElement(cms, at);
    return at + e.header + e.length;
  };
  const contentType = inside(0);
  const explicit = after(contentType);
  if (cms[0] !== 0x30 || cms[explicit] !== 0xa0) throw new Error("not a CMS ContentInfo");
  const signedData = inside(explicit);
  if (cms[signedData] !== 0x30) throw new Error("not a CMS SignedData");
  const encapContentInfo = after(after(inside(signedData)));
  const certificates = after(encapContentInfo);
  if (certificates >= after(signedData) || cms[certificates] !== 0xa0) return [];
  const out: Buffer[] = [];
  for (let at = inside(certificates), end = after(certificates); at < end; at = after(at)) {
    // CertificateChoices: only X.509 certificates (a SEQUENCE); attribute certificates are tagged.
    if (cms[at] === 0x30) out.push(Buffer.from(cms.subarray(at, after(at))));
  }
  return out;
}
