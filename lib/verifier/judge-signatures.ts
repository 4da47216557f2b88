// Each signature of the file judged in full (decisions §24 rules 3–5): its cryptography (cms-checks),
// the time it is proved to have existed at (its own signature-time-stamp, or the earliest time-stamp
// over it), its chain to a trust anchor at that time (trust-path) and its certificates' revocation
// status then (revocation). The last CAdES signature is the institution's seal; those before it are
// the physicians'; each signature-time-stamp and document time-stamp is listed on its own line.
import type { CertInfo } from "@/lib/verifier/certificates";
import { checkCades, checkToken, type CadesCheck, type TokenCheck } from "@/lib/verifier/cms-checks";
import type { PdfSignatureField } from "@/lib/verifier/pdf/signature-fields";
import { reason, type SignatureReport } from "@/lib/verifier/report";
import { revocationStatus, type RevocationData } from "@/lib/verifier/revocation";
import { isGivenAnchor, trustPath, type Role, type TrustAnchors } from "@/lib/verifier/trust-path";

interface JudgeContext {
  anchors: TrustAnchors;
  /** every certificate the file carries (CMS, tokens, DSS): candidates for chains, never anchors */
  pool: CertInfo[];
  revocation: RevocationData;
  now: Date;
}

export interface Judged {
  report: SignatureReport;
  /** the signature field, for signatures and document time-stamps; null for a signature-time-stamp */
  field: PdfSignatureField | null;
  /** certificates of its chain without revocation data that speaks for its time */
  missingRevocation: string[];
  /** certificates revoked after its time (the signature stands; worth saying) */
  revokedAfter: string[];
  /** for a document time-stamp: when its TSA's certificate expires (the archive must be renewed before) */
  expires: Date | null;
  /** the signer's (or TSA's) certificate, when the signature could be read */
  certificate: CertInfo | null;
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

export const isDocTimestamp = (s: PdfSignatureField) => s.subFilter === "ETSI.RFC3161";

interface ChainVerdict {
  trusted: boolean;
  problem: string | null;
  missing: string[];
  revokedAfter: string[];
}

function judgeChain(leaf: CertInfo, role: Role, at: Date, ctx: JudgeContext): ChainVerdict {
  const path = trustPath(leaf, ctx.pool, ctx.anchors, role, at);
  if (path.problem) return { trusted: false, problem: path.problem, missing: [], revokedAfter: [] };
  const missing: string[] = [];
  const revokedAfter: string[] = [];
  for (let i = 0; i <= path.anchorAt; i++) {
    const c = path.chain[i]!;
    // A --trust anchor is taken as given; a pinned end-entity certificate is still checked.
    if (c.selfSigned || c.ocspNoCheck || isGivenAnchor(c, ctx.anchors, role)) continue;
    const issuer = path.chain[i + 1];
    const status = issuer ? revocationStatus(c, issuer, at, ctx.revocation) : { status: "missing" as const };
    if (status.status === "revoked") {
      if (status.at.getTime() <= at.getTime()) {
        return { trusted: false, problem: `"${c.name}" was revoked at ${iso(status.at)} (${status.source}), before ${iso(at)}`, missing, revokedAfter };
      }
      revokedAfter.push(`"${c.name}" was revoked at ${iso(status.at)}, after ${iso(at)}`);
    } else if (status.status === "missing") missing.push(c.name);
  }
  return { trusted: true, problem: null, missing, revokedAfter };
}

function tokenReport(role: Role, tok: TokenCheck | Error, field: PdfSignatureField | null, ctx: JudgeContext): Judged {
  if (tok instanceof Error) {
    const report = { role, signer: "?", subject: "?", qualified: false, valid: false, trusted: false, time: null, field: field?.name ?? null, problem: tok.message };
    return { report, field, missingRevocation: [], revokedAfter: [], expires: null, certificate: null };
  }
  const chain = judgeChain(tok.tsa, role, tok.genTime, { ...ctx, pool: [...tok.certificates, ...ctx.pool] });
  return {
    report: {
      role,
      signer: tok.tsa.name,
      subject: tok.tsa.subject,
      qualified: chain.trusted && (tok.qualified || tok.tsa.qualified),
      valid: true,
      trusted: chain.trusted,
      time: iso(tok.genTime),
      field: field?.name ?? null,
      problem: chain.problem,
    },
    field,
    missingRevocation: chain.missing,
    revokedAfter: chain.revokedAfter,
    expires: tok.tsa.notAfter,
    certificate: tok.tsa,
  };
}

const attempt = <T>(f: () => T): T | Error => {
  try {
    return f();
  } catch (err) {
    return new Error(reason(err));
  }
};

/** Every signature and time-stamp of the file, in the order they were made. */
export function judgeSignatures(sigs: PdfSignatureField[], ctx: JudgeContext): Judged[] {
  const cades = new Map<PdfSignatureField, CadesCheck | Error>();
  const tokens = new Map<PdfSignatureField, TokenCheck | Error>();
  // Proofs of existence: each valid token's time, and the revision it covers up to.
  const proofs: { revision: number; time: Date }[] = [];
  for (const s of sigs) {
    if (isDocTimestamp(s)) {
      const tok = attempt(() => checkToken(s.cms, s.covered));
      tokens.set(s, tok);
      if (!(tok instanceof Error)) proofs.push({ revision: s.revision.index, time: tok.genTime });
      continue;
    }
    const c = attempt(() => checkCades(s.cms, s.covered));
    cades.set(s, c);
    if (!(c instanceof Error) && c.timestampToken) {
      const tok = attempt(() => checkToken(c.timestampToken!, c.signatureValue));
      tokens.set(s, tok);
      if (!(tok instanceof Error)) proofs.push({ revision: s.revision.index, time: tok.genTime });
    }
  }
  const provenAt = (revision: number) =>
    proofs.filter((p) => p.revision >= revision).reduce<Date | null>((min, p) => (min === null || p.time < min ? p.time : min), null);
  const lastCades = sigs.findLast((s) => !isDocTimestamp(s));

  const out: Judged[] = [];
  for (const s of sigs) {
    if (isDocTimestamp(s)) {
      const judged = tokenReport("document-timestamp", tokens.get(s)!, s, ctx);
      if (s.type !== "DocTimeStamp" && judged.report.valid) {
        judged.report.valid = false;
        judged.report.problem = "an ETSI.RFC3161 signature whose dictionary is not a /DocTimeStamp";
      }
      out.push(judged);
      continue;
    }
    const role: Role = s === lastCades ? "seal" : "physician";
    const c = cades.get(s)!;
    const claimed = s.claimedTime;
    if (c instanceof Error) {
      out.push({ report: { role, signer: "?", subject: "?", qualified: false, valid: false, trusted: false, time: null, field: s.name, problem: c.message }, field: s, missingRevocation: [], revokedAfter: [], expires: null, certificate: null });
      continue;
    }
    const proven = provenAt(s.revision.index);
    const at = proven ?? ctx.now;
    const chain = judgeChain(c.signer, role, at, { ...ctx, pool: [...c.certificates, ...ctx.pool] });
    const subFilterOk = s.subFilter === "ETSI.CAdES.detached" || s.subFilter === "adbe.pkcs7.detached";
    out.push({
      report: {
        role,
        signer: c.signer.name,
        subject: c.signer.subject,
        qualified: chain.trusted && c.signer.qualified,
        valid: subFilterOk,
        trusted: chain.trusted,
        time: proven ? iso(proven) : pdfDate(claimed),
        field: s.name,
        problem: subFilterOk ? chain.problem : `the signature's /SubFilter /${s.subFilter} is not a PAdES one`,
      },
      field: s,
      missingRevocation: chain.missing,
      revokedAfter: chain.revokedAfter,
      expires: null,
      certificate: c.signer,
    });
    const tok = tokens.get(s);
    if (tok) out.push(tokenReport("timestamp", tok, null, ctx));
  }
  return out;
}

/** A PDF date string (D:YYYYMMDDHHmmSS+HH'mm') as ISO 8601, or null. */
function pdfDate(text: string | null): string | null {
  const m = text && /^D:(\d{4})(\d\d)?(\d\d)?(\d\d)?(\d\d)?(\d\d)?(Z|[+-]\d\d'?\d\d'?)?/.exec(text);
  if (!m) return null;
  const [, y, mo = "01", d = "01", h = "00", mi = "00", s = "00", tz] = m;
  const offset = !tz || tz === "Z" ? "Z" : `${tz.slice(0, 3)}:${tz.replace(/'/g, "").slice(3, 5)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : iso(date);
}
