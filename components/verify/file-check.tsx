"use client";
// After a digest matched nothing: the person may send the file itself to be judged by the one verifier
// (decisions §24) and read why it is refused — or that it holds. Only on this explicit request does
// the PDF leave the device; the server keeps nothing of it.
import { useEffect, useRef, useState, type RefObject } from "react";
import type { UploadedVerdict } from "@/lib/verifier/check-uploaded-pdf";
import { MAX_UPLOAD_BYTES } from "@/lib/verifier/upload-limit";
import type { Lang, Messages } from "./messages";
import { Signatures } from "./signatures";
import { cls, Spinner } from "./ui";

export type CheckFile = (form: FormData) => Promise<UploadedVerdict>;

type State = { phase: "idle" } | { phase: "checking" } | { phase: "done"; verdict: UploadedVerdict } | { phase: "failed" };

export function FileCheck({ file, t, lang, timeZone, checkFile }: { file: File; t: Messages; lang: Lang; timeZone: string; checkFile: CheckFile }) {
  const [state, setState] = useState<State>({ phase: "idle" });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (state.phase === "done" || state.phase === "failed") headingRef.current?.focus();
  }, [state.phase]);

  async function send() {
    if (file.size > MAX_UPLOAD_BYTES) return setState({ phase: "done", verdict: { kind: "tooLarge" } });
    setState({ phase: "checking" });
    const form = new FormData();
    form.append("file", file);
    try {
      setState({ phase: "done", verdict: await checkFile(form) });
    } catch {
      setState({ phase: "failed" });
    }
  }

  return (
    <section className="mt-4 rounded-2xl border-2 border-slate-300 bg-white p-4 sm:p-6" aria-labelledby="file-check-title">
      <h2 id="file-check-title" className={cls.h2}>
        {t.fileCheckTitle}
      </h2>
      <p className="mt-2 text-[0.95rem] text-slate-700">{t.fileCheckText}</p>
      <button type="button" onClick={() => void send()} disabled={state.phase === "checking"} className={`${cls.primary} mt-3`}>
        {state.phase === "checking" && <Spinner />}
        {state.phase === "checking" ? t.fileChecking : t.fileCheckButton}
      </button>
      <div aria-live="polite" aria-atomic="true">
        {state.phase === "failed" && <Message headingRef={headingRef} text={t.genericError} />}
        {state.phase === "done" && <Outcome verdict={state.verdict} t={t} lang={lang} timeZone={timeZone} headingRef={headingRef} />}
      </div>
    </section>
  );
}

function Message({ text, headingRef }: { text: string; headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className={`${cls.alert} mt-3`}>
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        {text}
      </h3>
    </div>
  );
}

function Outcome({ verdict: v, t, lang, timeZone, headingRef }: { verdict: UploadedVerdict; t: Messages; lang: Lang; timeZone: string; headingRef: RefObject<HTMLHeadingElement | null> }) {
  if (v.kind === "tooLarge") return <Message headingRef={headingRef} text={t.fileTooLarge} />;
  if (v.kind === "notPdf") return <Message headingRef={headingRef} text={t.fileNotPdf} />;
  if (v.kind === "rateLimited") return <Message headingRef={headingRef} text={t.rateLimited(v.retryAfter)} />;
  const tone = v.valid ? "border-green-700 bg-green-50 text-green-950" : "border-red-700 bg-red-50 text-red-950";
  return (
    <div data-file-result={v.valid ? "valid" : "invalid"} className={`mt-3 rounded-2xl border-2 p-4 ${tone}`}>
      <h3 ref={headingRef} tabIndex={-1} className="flex items-start gap-2 text-lg leading-snug font-bold outline-none">
        <span aria-hidden="true">{v.valid ? "✓" : "✗"}</span>
        {v.valid ? t.fileCheckValidTitle : t.fileCheckInvalidTitle}
      </h3>
      {!v.valid && v.reasonKind && <p className="mt-2 font-semibold">{t.reasonKinds[v.reasonKind]}</p>}
      {!v.valid && v.reason && (
        <p className="mt-1 text-[0.9rem]">
          {t.reasonDetail}:{" "}
          <span dir="ltr" lang="en" className="font-mono text-[0.85rem] [overflow-wrap:anywhere]">
            {v.reason}
          </span>
        </p>
      )}
      <dl className="mt-2 text-[0.95rem]">
        {v.consentId && (
          <div className="py-1">
            <dt className="text-[0.85rem] font-semibold opacity-80">{t.fileCheckDocument}</dt>
            <dd className="font-mono text-[0.85rem] [overflow-wrap:anywhere]">{v.consentId}</dd>
          </div>
        )}
        <div className="py-1">
          <dt className="text-[0.85rem] font-semibold opacity-80">{t.level}</dt>
          <dd>{v.level ?? "—"}</dd>
        </div>
      </dl>
      <Signatures signatures={v.signatures} t={t} lang={lang} timeZone={timeZone} />
      <p className="mt-3 font-bold">{v.valid ? t.verdictValid : `${t.verdictInvalid}`}</p>
    </div>
  );
}
