"use client";
// The public check: the PDF is hashed here in the browser and only { id, sha256 } — or the digest
// alone, when no number is typed (decisions §23) — is sent, so the document (health data) never
// leaves the person's device.
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent, type RefObject } from "react";
import { formatSize } from "@/lib/i18n/format";
import { FileCheck, type CheckFile } from "./file-check";
import { messages, type Lang, type Messages } from "./messages";
import { cls, Spinner } from "./ui";
import { Verdict, type ConfiguredTsa, type Result, type VerifyAnswer } from "./verdict";

type Phase = "idle" | "hashing" | "checking";
type FieldError = null | { field: "id" | "file" | "hash"; text: string };

// The shape of lib/consents ids (ons_YYMMDD_random); they are lower case, so typed upper case is forgiven.
const ID_RE = /^ons_\d{6}_[a-z0-9]{8,32}$/;
const HEX_RE = /^[0-9a-f]{64}$/;

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A PDF starts with "%PDF-" within its first 1024 bytes (ISO 32000); anything else is said so at once. */
async function looksLikePdf(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  return String.fromCharCode(...head).includes("%PDF-");
}

async function check(id: string, sha256: string, t: Messages): Promise<Result> {
  const byDigest = id === "";
  let res: Response;
  try {
    res = await fetch("/api/public/verify", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(byDigest ? { sha256 } : { id, sha256 }),
      credentials: "omit",
      cache: "no-store",
      referrerPolicy: "no-referrer",
    });
  } catch {
    return { kind: "error", text: t.networkError };
  }
  if (res.status === 200) {
    try {
      return { kind: "answer", answer: (await res.json()) as VerifyAnswer, digest: sha256 };
    } catch {
      return { kind: "error", text: t.genericError };
    }
  }
  if (res.status === 404) return { kind: "notFound", byDigest };
  if (res.status === 422) return { kind: "error", text: t.badId };
  if (res.status === 429) {
    const s = Number(res.headers.get("retry-after"));
    return { kind: "error", text: t.rateLimited(Number.isFinite(s) && s > 0 ? Math.ceil(s) : 60) };
  }
  return { kind: "error", text: t.genericError };
}

/** A check that found no document with this file's digest: a changed copy, or one not made here. */
function unmatched(r: Result): boolean {
  return r?.kind === "notFound" || (r?.kind === "answer" && !r.answer.match && r.answer.signed_at !== null);
}

export function VerifyForm({ lang, timeZone, initialId, tsa, checkFile }: { lang: Lang; timeZone: string; initialId: string; tsa: ConfiguredTsa; checkFile: CheckFile }) {
  const t = messages[lang];
  const uid = useId();
  const [id, setId] = useState(initialId);
  const [method, setMethod] = useState<"file" | "hash">("file");
  const [file, setFile] = useState<File | null>(null);
  const [hash, setHash] = useState("");
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>("idle");
  const [fieldError, setFieldError] = useState<FieldError>(null);
  const [result, setResult] = useState<Result>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const idRef = useRef<HTMLInputElement>(null);
  const hashRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const run = useRef(0);

  // Move focus to the verdict so screen-reader and keyboard users land on it.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  async function verify(chosen: File | null) {
    const docId = id.trim().toLowerCase();
    setResult(null);
    setFieldError(null);
    if (docId && !ID_RE.test(docId)) return fail({ field: "id", text: t.badId }, idRef);

    const n = ++run.current;
    let digest: string;
    if (method === "file") {
      if (!chosen) return fail({ field: "file", text: t.missingFile }, fileRef);
      // crypto.subtle exists only on HTTPS (and localhost); the digest can still be typed in.
      if (!globalThis.crypto?.subtle) return fail({ field: "file", text: t.noSubtle }, fileRef);
      setPhase("hashing");
      try {
        // A dropped file is not filtered by the input's `accept`: a photo or a Word file gets its own
        // message rather than "no document matches" (issue #51).
        if (!(await looksLikePdf(chosen))) {
          setPhase("idle");
          return fail({ field: "file", text: t.fileNotPdf }, fileRef);
        }
        digest = await sha256Hex(chosen);
      } catch {
        setPhase("idle");
        return fail({ field: "file", text: t.readFailed }, fileRef);
      }
    } else {
      // A pasted `sha256sum` line ("<digest>  onam.pdf") or a digest with spaces around it is fine.
      digest = (hash.trim().split(/\s+/)[0] ?? "").toLowerCase();
      if (!HEX_RE.test(digest)) return fail({ field: "hash", text: t.badHash }, hashRef);
    }
    if (n !== run.current) return;
    setPhase("checking");
    const r = await check(docId, digest, t);
    if (n !== run.current) return;
    setPhase("idle");
    setResult(r);
  }

  function fail(e: NonNullable<FieldError>, ref: RefObject<HTMLInputElement | null>) {
    setFieldError(e);
    ref.current?.focus();
  }

  function choose(f: File | null) {
    setFile(f);
    setResult(null);
    setFieldError(null);
    // Choosing (or dropping) the file is enough to start the check: by the number when one is
    // typed or came with the QR link, by the file's digest alone otherwise.
    const typed = id.trim().toLowerCase();
    if (f && (typed === "" || ID_RE.test(typed))) void verify(f);
  }

  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files.item(0);
    // Dropped text or a link instead of a file: said, not ignored.
    if (!dropped) {
      setResult(null);
      setFieldError({ field: "file", text: t.fileNotPdf });
      return;
    }
    choose(dropped);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void verify(file);
  }

  const busy = phase !== "idle";
  const err = (f: "id" | "file" | "hash") => (fieldError?.field === f ? fieldError.text : null);

  return (
    <div>
      <form onSubmit={onSubmit} noValidate className={`${cls.card} mt-6 space-y-5`}>
        <div>
          <label htmlFor={`${uid}-id`} className="block font-semibold text-slate-900">
            {t.idLabel}
          </label>
          <input
            ref={idRef}
            id={`${uid}-id`}
            name="id"
            value={id}
            onChange={(e) => setId(e.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="text"
            aria-invalid={err("id") ? true : undefined}
            aria-describedby={`${uid}-id-help${err("id") ? ` ${uid}-id-err` : ""}`}
            className={cls.input}
          />
          <p id={`${uid}-id-help`} className={cls.help}>
            {t.idHelp}
          </p>
          {err("id") && (
            <p id={`${uid}-id-err`} className={`${cls.alert} mt-2`}>
              {err("id")}
            </p>
          )}
        </div>

        <fieldset>
          <legend className="font-semibold text-slate-900">{t.methodLegend}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {(["file", "hash"] as const).map((m) => (
              <label
                key={m}
                className="flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border-2 border-slate-300 px-3 has-checked:border-blue-700 has-checked:bg-blue-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-700"
              >
                <input
                  type="radio"
                  name="method"
                  value={m}
                  checked={method === m}
                  onChange={() => {
                    setMethod(m);
                    setResult(null);
                    setFieldError(null);
                  }}
                  className="size-5 accent-blue-700"
                />
                <span>{m === "file" ? t.methodFile : t.methodHash}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {method === "file" ? (
          <div>
            <label
              htmlFor={`${uid}-file`}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={
                "flex min-h-32 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed px-4 py-5 text-center " +
                "has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-700 " +
                (dragging ? "border-blue-700 bg-blue-50" : err("file") ? "border-red-700 bg-red-50" : "border-slate-400 bg-slate-50 hover:bg-slate-100")
              }
            >
              <span aria-hidden="true" className="text-3xl leading-none text-slate-500">
                ⇪
              </span>
              <span className="font-semibold text-slate-900">{t.fileLabel}</span>
              <span className="text-[0.9rem] text-slate-600">
                {t.fileDrop} {t.fileChoose}
              </span>
              <input
                ref={fileRef}
                id={`${uid}-file`}
                type="file"
                name="file"
                accept="application/pdf,.pdf"
                aria-describedby={`${uid}-file-help${err("file") ? ` ${uid}-file-err` : ""}`}
                aria-invalid={err("file") ? true : undefined}
                onChange={(e) => {
                  choose(e.target.files?.item(0) ?? null);
                  // Picking the same file again (e.g. after a fix) must fire change again.
                  e.target.value = "";
                }}
                className="sr-only"
              />
            </label>
            <p id={`${uid}-file-help`} className={cls.help}>
              {t.fileHelp}
            </p>
            {file && (
              <p className="mt-1 text-[0.95rem] text-slate-800 [overflow-wrap:anywhere]">{t.fileChosen(file.name, formatSize(file.size, lang))}</p>
            )}
            {err("file") && (
              <p id={`${uid}-file-err`} className={`${cls.alert} mt-2`}>
                {err("file")}
              </p>
            )}
          </div>
        ) : (
          <div>
            <label htmlFor={`${uid}-hash`} className="block font-semibold text-slate-900">
              {t.hashLabel}
            </label>
            <input
              ref={hashRef}
              id={`${uid}-hash`}
              name="sha256"
              value={hash}
              onChange={(e) => setHash(e.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={err("hash") ? true : undefined}
              aria-describedby={`${uid}-hash-help${err("hash") ? ` ${uid}-hash-err` : ""}`}
              className={cls.input}
            />
            <p id={`${uid}-hash-help`} className={cls.help}>
              {t.hashHelp}
            </p>
            {err("hash") && (
              <p id={`${uid}-hash-err`} className={`${cls.alert} mt-2`}>
                {err("hash")}
              </p>
            )}
          </div>
        )}

        <button type="submit" disabled={busy} className={cls.primary}>
          {busy && <Spinner />}
          {phase === "hashing" ? t.hashing : phase === "checking" ? t.checking : t.submit}
        </button>
      </form>

      {/* Always in the DOM so the announcement of a new verdict is not lost. */}
      <div aria-live="polite" aria-atomic="true" className="mt-6">
        {busy && (
          <p role="status" className="flex items-center gap-2 text-[0.95rem] text-slate-700">
            <Spinner />
            {phase === "hashing" ? t.hashing : t.checking}
          </p>
        )}
        {result && <Verdict result={result} t={t} lang={lang} timeZone={timeZone} tsa={tsa} headingRef={resultRef} />}
      </div>
      {/* A file whose digest matched nothing may be sent to learn why — only when the person asks. */}
      {method === "file" && file && !busy && unmatched(result) && <FileCheck key={`${file.name}:${file.size}:${file.lastModified}`} file={file} t={t} lang={lang} timeZone={timeZone} checkFile={checkFile} />}
    </div>
  );
}
