// The one verifier of a sealed consent PDF (decisions §24, §20, §14), used by `npx e-onam-verify`,
// POST /v1/verify, POST /api/public/verify and /dogrula. No network, no database: the file, the
// anchors it is given (--trust, and the trust statement the log's key signs) and nothing else.
//   1. the sealed revision is the file up to the end of the seal's /ByteRange; kanit.json is read there;
//   2. revisions after it may only add a DSS and document time-stamps (changes-after, appended-bytes);
//   3. every chain ends at a given anchor; 4. revocation is checked at the time-stamp's time;
//   5. every signature is listed, and the verdict is VALID or INVALID with the first reason.
import { appendedChecks } from "@/lib/verifier/appended-checks";
import { certInfo, type CertInfo } from "@/lib/verifier/certificates";
import { isDocTimestamp, judgeSignatures, type Judged } from "@/lib/verifier/judge-signatures";
import { dssOf } from "@/lib/verifier/pdf/dss";
import { PdfFile } from "@/lib/verifier/pdf/pdf-file";
import { signatureFields, type PdfSignatureField } from "@/lib/verifier/pdf/signature-fields";
import { embeddedFile } from "@/lib/verifier/read-kanit";
import { failed, ok, reason, refused, type Check, type Level, type Report } from "@/lib/verifier/report";
import { revocationData } from "@/lib/verifier/revocation";
import { pinStatements } from "@/lib/verifier/pin-statements";
import type { TrustEntry } from "@/lib/verifier/trust-statement";
import { parseKanit, verifyKanit, type Kanit } from "@/lib/verifier/verify-kanit";
import type { ParsedVerifierKey } from "@/lib/transparency/note";

export interface VerifyOptions {
  /** the log's note verifier key (--key): checks the checkpoint and the trust statements */
  key?: ParsedVerifierKey | null;
  /** DER certificates given with --trust, anchors for any role */
  trust?: Buffer[];
  /** decisions §24: DER anchors for physicians' qualified signatures only (the service's QUALIFIED_TRUST_ANCHORS) */
  qualified?: Buffer[];
  /** trust statements given apart from kanit.json's (a later /log/trust), checked against the key */
  statements?: string[];
  /** the service judging its own documents: its certificates, pinned without a statement */
  pinned?: readonly TrustEntry[];
  now?: Date;
}

/** Months before a document time-stamp's certificate expires when renewal is due (decisions §24: 180 days). */
const RENEW_BEFORE_MS = 180 * 24 * 3_600_000;

function readKanit(file: PdfFile, revision: number): { kanit: Kanit | null; problem: string | null } {
  try {
    const bytes = embeddedFile(file, revision, "kanit.json");
    if (!bytes) return { kanit: null, problem: "the sealed revision embeds no kanit.json" };
    const kanit = parseKanit(bytes);
    return kanit ? { kanit, problem: null } : { kanit: null, problem: "kanit.json is not a JSON object" };
  } catch (err) {
    return { kanit: null, problem: `kanit.json cannot be read from the sealed revision: ${reason(err)}` };
  }
}

function certificatesOf(ders: Buffer[]): CertInfo[] {
  return ders.flatMap((d) => {
    try {
      return [certInfo(d)];
    } catch {
      return [];
    }
  });
}

function levelOf(judged: Judged[]): Level | null {
  const at = judged.findIndex((j) => j.report.role === "seal");
  const seal = judged[at];
  if (!seal || !seal.report.valid || !seal.report.trusted) return null;
  const ts = judged[at + 1]?.report.role === "timestamp" ? judged[at + 1]! : null;
  if (!ts || !ts.report.valid || !ts.report.trusted) return "B-B";
  if (seal.missingRevocation.length > 0 || ts.missingRevocation.length > 0) return "B-T";
  const archived = judged.slice(at + 1).some((j) => j.report.role === "document-timestamp" && j.report.valid && j.report.trusted);
  return archived ? "B-LTA" : "B-LT";
}

function signatureChecks(judged: Judged[], pinned: Map<string, "seal" | "tsa">, statementVerified: boolean): Check[] {
  const out: Check[] = [];
  for (const { report: r } of judged) {
    const label = `${r.role}${r.field ? ` "${r.field}"` : ""}`;
    if (!r.valid) out.push(failed(label, `does not hold: ${r.problem ?? "invalid"}`));
    else if (!r.trusted) out.push(failed(label, `${r.signer} is not trusted: ${r.problem ?? "no trust anchor"}`));
  }
  const isPinnedSeal = (j: Judged) => j.certificate !== null && pinned.get(j.certificate.sha256) === "seal";
  // Given the service's statement, its seal is one it lists, whatever else vouches for the certificate.
  const seal = judged.find((j) => j.report.role === "seal");
  if (statementVerified && seal?.report.valid && seal.report.trusted && !isPinnedSeal(seal)) {
    out.push(failed("seal", `${seal.report.signer} is not a seal the service has used (its trust statement does not list the certificate)`));
  }
  for (const j of judged) {
    if (j.report.role === "physician" && isPinnedSeal(j)) out.push(failed(`seal "${j.report.field}"`, "another signature follows the service's seal"));
  }
  return out;
}

export function verifyPdf(pdf: Buffer, options: VerifyOptions = {}): Report {
  const now = options.now ?? new Date();
  let file: PdfFile;
  let sigs: PdfSignatureField[];
  try {
    file = new PdfFile(pdf);
    sigs = signatureFields(file);
  } catch (err) {
    return refused("PDF structure", `the file cannot be read as a signed PDF: ${reason(err)}`);
  }
  const sealField = sigs.findLast((s) => !isDocTimestamp(s));
  if (!sealField) return refused("seal", sigs.length === 0 ? "the file carries no signature" : "the file carries no seal, only document time-stamps");
  const sealed = sealField.revision;
  const checks: Check[] = [ok("sealed revision", `bytes 0–${sealed.end} of ${pdf.length}, the end of the seal's byte range`)];

  const { kanit, problem: kanitProblem } = readKanit(file, sealed.index);
  const key = options.key ?? null;
  const statements = [...(typeof kanit?.trust === "string" ? [kanit.trust] : []), ...(options.statements ?? [])];
  const trust = pinStatements(statements, key, options.pinned ?? []);
  checks.push(...trust.checks);

  const dss = dssOf(file);
  const judged = judgeSignatures(sigs, {
    anchors: { certificates: certificatesOf(options.trust ?? []), pinned: trust.pinned, physicians: certificatesOf(options.qualified ?? []) },
    pool: certificatesOf(dss.certificates),
    revocation: revocationData(dss.crls, dss.ocsps),
    now,
  });
  checks.push(...signatureChecks(judged, trust.pinned, trust.verified));
  checks.push(...appendedChecks(file, sealed, judged));

  if (kanitProblem) checks.push(failed("kanit.json", kanitProblem));
  else checks.push(...verifyKanit(kanit, key));

  const warnings: string[] = [];
  for (const j of judged) {
    if (j.missingRevocation.length) warnings.push(`no revocation data in the file for ${j.missingRevocation.map((n) => `"${n}"`).join(", ")} (${j.report.role}): checked only as far as the file allows`);
    warnings.push(...j.revokedAfter);
  }
  const lastArchive = judged.findLast((j) => j.report.role === "document-timestamp" && j.report.valid);
  if (!lastArchive) warnings.push("no document time-stamp after the seal: the file is not archived (level below B-LTA)");
  else if (lastArchive.expires && lastArchive.expires.getTime() - now.getTime() < RENEW_BEFORE_MS) {
    warnings.push(`the last document time-stamp's certificate ${lastArchive.expires < now ? "expired" : "expires"} on ${lastArchive.expires.toISOString().slice(0, 10)}: the archive is to be renewed (decisions §24)`);
  }
  for (const c of checks) if (c.outcome === "warning") warnings.push(`${c.check}: ${c.detail}`);

  const failure = checks.find((c) => c.outcome === "failed");
  return {
    valid: failure === undefined,
    reason: failure ? `${failure.check}: ${failure.detail}` : null,
    level: levelOf(judged),
    consentId: typeof kanit?.consent_id === "string" ? kanit.consent_id : null,
    statusUrl: typeof kanit?.status_url === "string" && /^https?:\/\/\S+$/.test(kanit.status_url) ? kanit.status_url : null,
    signatures: judged.map((j) => j.report),
    checks,
    warnings,
  };
}
