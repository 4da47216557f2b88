// Decisions §24 rule 3: the service records every certificate it seals or time-stamps with, the
// first time it uses it, for its trust statement. Before sealing, what it is about to use (the seal,
// the built-in TSA), so that the statement kanit.json embeds already lists them; after sealing, what
// the file shows it used (a remote TSA's certificate is known only from its tokens).
import { createHash, X509Certificate } from "node:crypto";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { recordTrustedCertificates as recordRows, type TrustedCertificateRow } from "@/lib/db/trusted-certificates";
import { getSeal } from "@/lib/sealing/get-seal";
import { getLocalAuthority } from "@/lib/timestamping/local-authority";
import { pemCertificates } from "@/lib/timestamping/pem";
import { checkCades, checkToken } from "@/lib/verifier/cms-checks";
import { PdfFile } from "@/lib/verifier/pdf/pdf-file";
import { signatureFields } from "@/lib/verifier/pdf/signature-fields";

type Kind = TrustedCertificateRow["kind"];

/** Recorded by this process already: each is written once per process at most. */
const known = new Set<string>();

/** What a sealing reports it used (produce-sealed-pdf.ts `certificates`), recorded once each. */
export async function recordCertificates(items: readonly { kind: Kind; der: Buffer }[]): Promise<void> {
  const rows: TrustedCertificateRow[] = [];
  for (const { kind, der } of items) {
    const sha256 = createHash("sha256").update(der).digest("hex");
    if (known.has(`${kind}:${sha256}`) || rows.some((r) => r.sha256 === sha256 && r.kind === kind)) continue;
    const x = new X509Certificate(der);
    rows.push({ kind, sha256, der, notBefore: new Date(x.validFrom), notAfter: new Date(x.validTo) });
  }
  await recordRows(rows, now());
  for (const r of rows) known.add(`${r.kind}:${r.sha256}`);
}

/** The seal and the built-in TSA the next document will be sealed with; nothing when the seal cannot be had. */
export async function recordCurrentCertificates(): Promise<void> {
  const items: { kind: Kind; der: Buffer }[] = [];
  const seal = await getSeal().catch(() => null);
  if (seal?.chain[0]) items.push({ kind: "seal", der: seal.chain[0] });
  if (env().TSA_DRIVER === "local") {
    const [signer] = pemCertificates((await getLocalAuthority()).certificateChainPem());
    if (signer) items.push({ kind: "tsa", der: signer });
  }
  await recordCertificates(items);
}

/** The certificates a file the service just time-stamped again (an archive renewal) shows it used. */
export async function recordCertificatesOf(pdf: Buffer): Promise<void> {
  const items: { kind: Kind; der: Buffer }[] = [];
  const fields = signatureFields(new PdfFile(pdf));
  // The last CAdES signature is the service's seal; one before it is a physician's (decisions §24), never the service's.
  const seal = fields.findLast((s) => s.subFilter !== "ETSI.RFC3161");
  for (const s of fields) {
    if (s.subFilter === "ETSI.RFC3161") {
      items.push({ kind: "tsa", der: checkToken(s.cms, s.covered).tsa.der });
      continue;
    }
    if (s !== seal) continue;
    const cades = checkCades(s.cms, s.covered);
    items.push({ kind: "seal", der: cades.signer.der });
    if (cades.timestampToken) items.push({ kind: "tsa", der: checkToken(cades.timestampToken, cades.signatureValue).tsa.der });
  }
  await recordCertificates(items);
}
