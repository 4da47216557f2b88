// The Document Security Store of the newest revision (ETSI EN 319 142-1 §5.4.2): the certificates,
// CRLs and OCSP responses validators need, document-wide and per signature under /VRI. Read only as
// candidates: a certificate from here is never trusted for being here, and revocation data counts
// only when its issuer's signature on it verifies.
import type { PdfFile } from "@/lib/verifier/pdf/pdf-file";
import { decodeStream } from "@/lib/verifier/pdf/stream-data";
import { PdfDict, PdfStream, type PdfValue } from "@/lib/verifier/pdf/pdf-values";

export interface ValidationData {
  certificates: Buffer[];
  crls: Buffer[];
  ocsps: Buffer[];
}

const MAX_ITEMS = 10_000;

export function dssOf(file: PdfFile): ValidationData {
  const last = file.revisions.length - 1;
  const catalog = file.dict(last, file.revisions[last]!.trailer.get("Root"));
  const dss = file.dict(last, catalog?.get("DSS"));
  const out: ValidationData = { certificates: [], crls: [], ocsps: [] };
  if (!dss) return out;
  const add = (into: Buffer[], array: PdfValue | undefined) => {
    for (const item of file.array(last, array) ?? []) {
      if (into.length >= MAX_ITEMS) return;
      const stream = file.value(last, item);
      if (!(stream instanceof PdfStream)) continue;
      try {
        const der = decodeStream(stream);
        if (!into.some((d) => d.equals(der))) into.push(der);
      } catch {
        /* a stream that cannot be decoded holds nothing a verifier may use */
      }
    }
  };
  add(out.certificates, dss.get("Certs"));
  add(out.crls, dss.get("CRLs"));
  add(out.ocsps, dss.get("OCSPs"));
  const vri = file.dict(last, dss.get("VRI"));
  for (const entry of vri?.entries.values() ?? []) {
    const d = file.dict(last, entry);
    if (!(d instanceof PdfDict)) continue;
    add(out.certificates, d.get("Cert"));
    add(out.crls, d.get("CRL"));
    add(out.ocsps, d.get("OCSP"));
  }
  return out;
}
