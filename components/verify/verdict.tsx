// The verdict of a check: match, mismatch (which reveals nothing about the recorded digest), a consent
// with no signed document (its status says why), not found. A match shows what the one verifier says
// of the document on record — the same bytes as the file checked (decisions §24): every signature
// with its role, the level, VALID or INVALID; or that the file is the consent's withdrawal receipt.
import type { ReactNode, RefObject } from "react";
import { formatWhen } from "@/lib/i18n/format";
import type { Lang, Messages } from "./messages";
import { Signatures, type SignatureVerdict } from "./signatures";
import { cls } from "./ui";

export interface ConfiguredTsa {
  provider: string;
  provider_name: string;
  legally_valid: boolean;
}

export interface VerifyAnswer {
  match: boolean;
  /** which record of the consent matched (issue #51): its document, or its withdrawal receipt */
  kind?: "document" | "withdrawal_receipt" | null;
  id: string;
  status: string;
  signed_at: string | null;
  institution: { name: string };
  timestamp: { status: "ok" | "queued" | "failed" | "none"; time: string | null; serial: string | null; provider: string | null };
  seal: { valid: boolean; signer: string | null; level: string | null };
  /** decisions §24: every signature of the document on record, as the verifier judged it */
  signatures?: SignatureVerdict[];
  /** decisions §20: where the consent's last record stands in the transparency log (the public page only) */
  log?: { leaf_index: number; tree_size: number; signed_at: string } | null;
}

export type Result =
  | null
  | { kind: "answer"; answer: VerifyAnswer; digest: string }
  | { kind: "notFound"; byDigest: boolean }
  | { kind: "error"; text: string };

export function Verdict({
  result,
  t,
  lang,
  timeZone,
  tsa,
  headingRef,
}: {
  result: NonNullable<Result>;
  t: Messages;
  lang: Lang;
  /** APP_TIMEZONE: the zone the answer's times are written in, said beside each (decisions §25) */
  timeZone: string;
  tsa: ConfiguredTsa;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  if (result.kind === "error") {
    return (
      <div className={cls.alert}>
        <h2 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
          {result.text}
        </h2>
      </div>
    );
  }
  if (result.kind === "notFound") {
    return (
      <Box result="not-found" tone="amber" icon="?" title={result.byDigest ? t.digestNotFoundTitle : t.notFoundTitle} headingRef={headingRef}>
        <p className="mt-2 text-[0.95rem]">{result.byDigest ? t.digestNotFoundText : t.notFoundText}</p>
      </Box>
    );
  }

  const { answer: a, digest } = result;
  // Only a signed consent has a document (completed, or withdrawn later): any other matches nothing, and is no alteration.
  if (!a.match && !a.signed_at) {
    return (
      <Box result="unsigned" tone="amber" icon="?" title={t.unsignedTitle} headingRef={headingRef}>
        <p className="mt-2 text-[0.95rem]">{t.unsignedText}</p>
        <dl className="mt-3 text-[0.95rem]">
          <Row label={t.institution} value={a.institution.name} />
          <Row label={t.documentId} value={a.id} mono />
          <Row label={t.statusLabel} value={t.status(a.status)} />
        </dl>
      </Box>
    );
  }
  if (!a.match) {
    return (
      <Box result="mismatch" tone="red" icon="✗" title={t.mismatchTitle} headingRef={headingRef}>
        <p className="mt-2 text-[0.95rem]">{t.mismatchText}</p>
        <dl className="mt-3 text-[0.95rem]">
          <Row label={t.documentId} value={a.id} mono />
          <Row label={t.computedHash} value={digest} mono />
        </dl>
      </Box>
    );
  }

  const ts = a.timestamp;
  const tsText =
    ts.status === "ok"
      ? ts.provider === tsa.provider
        ? `${tsa.provider_name} — ${tsa.legally_valid ? t.tsLegal : t.tsTest}`
        : (ts.provider ?? "—")
      : ts.status === "queued"
        ? t.tsQueued
        : ts.status === "failed"
          ? t.tsFailed
          : t.tsNone;

  // A refused consent's only document is its refusal record (decisions §19): recorded, never signed.
  // A withdrawn one's receipt (§18) is said to be the receipt of that consent, not its document.
  const receipt = a.kind === "withdrawal_receipt";
  return (
    <Box result="match" tone="green" icon="✓" title={receipt ? t.matchReceiptTitle : a.status === "rejected" ? t.matchRecordTitle : t.matchTitle} headingRef={headingRef}>
      {receipt && (
        <p className="mt-2 text-[0.95rem]" data-testid="receipt-of">
          {t.receiptOf(a.id)}
        </p>
      )}
      <dl className="mt-3 text-[0.95rem]">
        <Row label={t.institution} value={a.institution.name} />
        <Row label={t.documentId} value={a.id} mono />
        <Row label={t.statusLabel} value={t.status(a.status)} />
        <Row label={t.signedAt} value={a.signed_at ? formatWhen(a.signed_at, lang, timeZone, true) : t.notSigned} />
        <Row label={t.seal} value={a.seal.valid && a.seal.signer && a.seal.level ? t.sealValid(a.seal.signer, a.seal.level) : t.sealNone} />
        <Row label={t.timestamp} value={tsText} />
        {ts.status === "ok" && ts.time && <Row label={t.tsTime} value={formatWhen(ts.time, lang, timeZone, true)} />}
        {ts.status === "ok" && ts.serial && <Row label={t.tsSerial} value={ts.serial} mono />}
        {a.log && <Row label={t.log} value={t.logEntry(a.log.leaf_index, formatWhen(a.log.signed_at, lang, timeZone, true))} />}
        <Row label={t.computedHash} value={digest} mono />
      </dl>
      <Signatures signatures={a.signatures ?? []} t={t} lang={lang} timeZone={timeZone} />
      {a.signatures && a.signatures.length > 0 && <p className="mt-3 font-bold">{a.seal.valid ? t.verdictValid : t.verdictInvalid}</p>}
    </Box>
  );
}

const TONES = {
  amber: "border-amber-600 bg-amber-50 text-amber-950",
  red: "border-red-700 bg-red-50 text-red-950",
  green: "border-green-700 bg-green-50 text-green-950",
};

function Box(props: {
  result: string;
  tone: keyof typeof TONES;
  icon: string;
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section data-result={props.result} className={`rounded-2xl border-2 p-4 sm:p-6 ${TONES[props.tone]}`}>
      <h2 ref={props.headingRef} tabIndex={-1} className="flex items-start gap-2 text-lg leading-snug font-bold outline-none">
        <span aria-hidden="true">{props.icon}</span>
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

function Row({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="border-t border-current/15 py-1.5 first:border-t-0">
      <dt className="text-[0.85rem] font-semibold opacity-80">{label}</dt>
      <dd className={`[overflow-wrap:anywhere] ${mono ? "font-mono text-[0.85rem]" : ""}`}>{value}</dd>
    </div>
  );
}
