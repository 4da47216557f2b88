// PKCS#11 returns an ECDSA signature as r ‖ s (two integers of the curve's size); CMS and the service
// want the DER ECDSA-Sig-Value (RFC 5480 §2.2 / X9.62): SEQUENCE { r INTEGER, s INTEGER }.
import * as asn1js from "asn1js";

export function ecdsaSigValue(raw: Buffer): Buffer {
  if (raw.length === 0 || raw.length % 2 !== 0) throw new Error("ECDSA imzası r ‖ s biçiminde değil");
  const half = raw.length / 2;
  const integer = (b: Buffer) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.subarray(i);
    return new asn1js.Integer({ valueHex: v[0]! & 0x80 ? Buffer.concat([Buffer.of(0), v]) : v });
  };
  return Buffer.from(new asn1js.Sequence({ value: [integer(raw.subarray(0, half)), integer(raw.subarray(half))] }).toBER());
}
