// The public page's "check the file itself" (decisions §24: /dogrula uses the one verifier). A file
// that matches no document on record is judged as `e-onam-verify --key <the log key>` would judge it,
// with the service's own certificates pinned, so that a person sees why it is refused. Only on the
// person's explicit request: the page otherwise sends the digest alone. The bytes are judged in
// memory, never stored and never logged; the check is limited per address, and a file larger than
// the page may send is refused before it is read.
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { hit } from "@/lib/limits/rate-limit";
import { formatDateTime } from "@/lib/time";
import { loadLogKey } from "@/lib/transparency/log-key";
import { parseVerifierKey } from "@/lib/transparency/note";
import { serviceTrustEntries } from "@/lib/verifier/sign-trust-statement";
import type { Level } from "@/lib/verifier/report";
import type { Role } from "@/lib/verifier/trust-path";
import { MAX_UPLOAD_BYTES } from "@/lib/verifier/upload-limit";
import { qualifiedTrustAnchors } from "@/lib/sealing/qualified-trust-anchors";
import { verifyPdf } from "@/lib/verifier/verify-pdf";

/** Checks a minute per address: each costs up to a few hundred ms of CPU. */
const PER_MINUTE = 10;

/** What the first failed check was about, for a sentence a person can read in the page's language. */
type ReasonKind = "structure" | "changed" | "signature" | "evidence";

interface UploadedSignature {
  role: Role;
  signer: string;
  qualified: boolean;
  valid: boolean;
  trusted: boolean;
  /** `YYYY-MM-DD HH:MM:SS` in APP_TIMEZONE, as the verify answers give times */
  time: string | null;
}

export type UploadedVerdict =
  | { kind: "report"; valid: boolean; reasonKind: ReasonKind | null; reason: string | null; level: Level | null; consentId: string | null; signatures: UploadedSignature[] }
  | { kind: "tooLarge" }
  | { kind: "notPdf" }
  | { kind: "rateLimited"; retryAfter: number };

function kindOf(check: string): ReasonKind {
  if (check === "PDF structure") return "structure";
  if (check === "changes after the seal") return "changed";
  if (/^(seal|physician|timestamp|document-timestamp)\b/.test(check)) return "signature";
  return "evidence";
}

/** `file` as a server action receives it from a form: anything but a File is not a PDF. */
export async function checkUploadedPdf(file: unknown, clientIp: string): Promise<UploadedVerdict> {
  if (!(file instanceof Blob)) return { kind: "notPdf" };
  if (file.size > MAX_UPLOAD_BYTES) return { kind: "tooLarge" };
  const limit = await hit(`public-verify-file:${clientIp}`, PER_MINUTE);
  if (!limit.allowed) return { kind: "rateLimited", retryAfter: Math.max(1, limit.reset) };
  const pdf = Buffer.from(await file.arrayBuffer());
  if (pdf.subarray(0, 1024).indexOf("%PDF-") === -1) return { kind: "notPdf" };

  const [logKey, pinned, qualified] = await Promise.all([loadLogKey(), serviceTrustEntries(), qualifiedTrustAnchors()]);
  const report = verifyPdf(pdf, { key: parseVerifierKey(logKey.verifierKey), pinned, qualified, now: now() });
  const failure = report.checks.find((c) => c.outcome === "failed");
  const tz = env().APP_TIMEZONE;
  return {
    kind: "report",
    valid: report.valid,
    reasonKind: failure ? kindOf(failure.check) : null,
    reason: report.reason,
    level: report.level,
    consentId: report.consentId,
    signatures: report.signatures.map((s) => ({ role: s.role, signer: s.signer, qualified: s.qualified, valid: s.valid, trusted: s.trusted, time: s.time ? formatDateTime(new Date(s.time), tz) : null })),
  };
}
