"use client";
// The template editor's Word import (issue #52): a .docx sent to the server, which converts it with
// mammoth and sanitizes it like any body; the result replaces the Turkish text, what was left out is
// named, and the document's `{placeholders}` that are neither built in nor declared are offered as
// variables, one by one or all at once.
import { useRef, useState, useTransition } from "react";
import type { DocxImport, DroppedPart } from "@/lib/templates/import-docx";
import { BUILTIN_PLACEHOLDERS } from "@/lib/templates/variables";
import { formsMessages, type FormsMessages } from "@/components/panel/locales/forms";
import type { Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { FieldError, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

const BUILTIN = new Set<string>(BUILTIN_PLACEHOLDERS);

function droppedText(t: FormsMessages["word"], d: DroppedPart): string {
  if (d.kind === "images") return t.kinds.images(d.count ?? 1);
  if (d.kind === "elements") return t.kinds.elements((d.names ?? []).join(", "));
  return t.kinds[d.kind];
}

interface WordImportProps {
  lang: Lang;
  unexpected: string;
  /** the variables the form declares now */
  declared: readonly string[];
  onImport: (html: string) => void;
  onAddVariables: (names: string[]) => void;
}

/**
 * Sends the file itself to the panel's route (POST /panel/word-import): the converted text, or the
 * refusal on the file's field (422, 413), or the reason to show as a message (the session gone; none
 * when the network is down).
 */
async function importWord(file: File): Promise<{ data: DocxImport } | { field?: string; message?: string }> {
  let res: Response;
  try {
    res = await fetch(`/panel/word-import?name=${encodeURIComponent(file.name)}`, { method: "POST", credentials: "same-origin", body: file, headers: { "Content-Type": file.type || "application/octet-stream" } });
  } catch {
    return {};
  }
  const body = (await res.json().catch(() => null)) as (DocxImport & { errors?: { dosya?: string[] }; detail?: string }) | null;
  if (res.ok && body) return { data: body };
  if (body?.errors?.dosya) return { field: body.errors.dosya.join(", ") };
  const detail = typeof body?.detail === "string" ? body.detail : undefined;
  // Past 5 MB the route stops reading at once (413): its reason belongs to the file's field.
  return res.status === 413 ? { field: detail } : { message: detail };
}

export function WordImport({ lang, unexpected, declared, onImport, onAddVariables }: WordImportProps) {
  const t = formsMessages[lang].word;
  const input = useRef<HTMLInputElement>(null);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<DocxImport | null>(null);
  const missing = (result?.placeholders ?? []).filter((p) => !BUILTIN.has(p) && !declared.includes(p));

  const submit = () => {
    setError(null);
    setMessage(null);
    const file = input.current?.files?.[0];
    if (!file) {
      setError(t.choose);
      input.current?.focus();
      return;
    }
    start(async () => {
      const r = await importWord(file);
      if ("data" in r) {
        setResult(r.data);
        onImport(r.data.html);
        return;
      }
      setResult(null);
      if (r.field) setError(r.field);
      else setMessage(r.message ?? unexpected);
    });
  };

  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="word-import">
      <legend className="px-1 font-semibold">{t.title}</legend>
      <p className={ui.muted} id="word-hint">
        {t.hint}
      </p>
      <FormMessage text={message} />
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="word-file" className={ui.label}>
            {t.file}
          </label>
          <input
            ref={input}
            id="word-file"
            type="file"
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            aria-describedby={error ? "word-hint word-file-err" : "word-hint"}
            aria-invalid={!!error}
            className="mt-1 block text-sm"
          />
        </div>
        {/* Not a submit button: the editor's own form must not be sent with it. */}
        <SubmitButton type="button" variant="secondary" pending={pending} label={t.submit} pendingLabel={t.submitting} onClick={submit} />
      </div>
      <FieldError id="word-file-err" text={error} />
      {result ? (
        <div role="status" className="space-y-2 text-sm" data-testid="word-import-result">
          <p className={ui.success}>{t.done}</p>
          <p data-testid="word-dropped">{result.dropped.length ? `${t.dropped} ${result.dropped.map((d) => droppedText(t, d)).join(", ")}.` : t.nothingDropped}</p>
          {result.placeholders.length ? (
            <div>
              <p className="font-medium">{t.placeholders}</p>
              <ul className="mt-1 flex flex-wrap gap-2" data-testid="word-placeholders">
                {result.placeholders.map((p) => (
                  <li key={p}>
                    {missing.includes(p) ? (
                      <button type="button" className={ui.secondary} onClick={() => onAddVariables([p])}>
                        {t.addVariable(p)}
                      </button>
                    ) : (
                      <span className="inline-flex min-h-11 items-center rounded-lg bg-slate-100 px-3 font-mono">
                        {`{${p}}`} · {BUILTIN.has(p) ? t.builtin : t.declared}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
              {missing.length > 1 ? (
                <button type="button" className={`${ui.secondary} mt-2`} onClick={() => onAddVariables(missing)}>
                  {t.addAll}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
