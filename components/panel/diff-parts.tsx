// A diff drawn as text (issue #42): insertions in <ins>, deletions in <del>, never as markup, so a
// body's HTML is shown as the characters it is made of. Colour is never the only sign: an insertion
// is underlined, a deletion struck through, each opened by words for screen readers, and a line diff
// has a + or − in its margin.
import type { ReactNode } from "react";
import type { DiffPart } from "@/lib/templates/diff-text";
import type { TemplatesMessages } from "@/components/panel/locales/templates-tr";

// green-900 on green-100 and red-900 on red-100: contrast above 7:1.
const INS = "bg-green-100 text-green-900 underline decoration-green-800 decoration-2 underline-offset-4";
const DEL = "bg-red-100 text-red-900 line-through decoration-red-800 decoration-2";
// Whole lines carry their sign in the margin instead: struck-through code is hard to read.
const LINE_INS = "flex bg-green-100 text-green-900 no-underline";
const LINE_DEL = "flex bg-red-100 text-red-900 no-underline";

/** An inserted piece of text, marked for eyes and screen readers alike. */
export function Ins({ t, children, diff }: { t: TemplatesMessages; children: ReactNode; diff?: boolean }) {
  return (
    <ins className={INS} {...(diff ? { "data-diff": "added" } : {})}>
      <span className="sr-only">{t.addedStart}</span>
      {children}
    </ins>
  );
}

/** A deleted piece of text, marked for eyes and screen readers alike. */
export function Del({ t, children, diff }: { t: TemplatesMessages; children: ReactNode; diff?: boolean }) {
  return (
    <del className={DEL} {...(diff ? { "data-diff": "removed" } : {})}>
      <span className="sr-only">{t.removedStart}</span>
      {children}
    </del>
  );
}

/** Words in their running text: whitespace and line breaks as written. */
export function InlineDiff({ parts, t, className = "" }: { parts: readonly DiffPart[]; t: TemplatesMessages; className?: string }) {
  return (
    <div className={`whitespace-pre-wrap break-words ${className}`} data-inline-diff="">
      {parts.map((p, i) =>
        p.kind === "same" ? (
          <span key={i}>{p.value}</span>
        ) : p.kind === "added" ? (
          <Ins key={i} t={t} diff>
            {p.value}
          </Ins>
        ) : (
          <Del key={i} t={t} diff>
            {p.value}
          </Del>
        ),
      )}
    </div>
  );
}

/** Line by line, each changed line with its + or − in the margin: HTML source (`code`, left to right) or text. */
export function LineDiff({ parts, t, className = "", code = true, dir = "ltr" }: { parts: readonly DiffPart[]; t: TemplatesMessages; className?: string; code?: boolean; dir?: "ltr" | "rtl" }) {
  const rows = parts.flatMap((p) => p.value.replace(/\n$/, "").split("\n").map((line) => ({ kind: p.kind, line })));
  return (
    <div className={`${code ? "font-mono text-xs" : "text-sm"} ${className}`} dir={dir}>
      {rows.map((r, i) => {
        const mark = r.kind === "added" ? "+" : r.kind === "removed" ? "−" : " ";
        const text = (
          <>
            <span aria-hidden="true" className="w-5 shrink-0 select-none text-center font-bold">
              {mark}
            </span>
            <span className={`min-w-0 whitespace-pre-wrap ${code ? "break-all" : "break-words"}`}>{r.line || " "}</span>
          </>
        );
        if (r.kind === "added")
          return (
            <ins key={i} className={LINE_INS} data-diff="added">
              <span className="sr-only">{t.addedStart}</span>
              {text}
            </ins>
          );
        if (r.kind === "removed")
          return (
            <del key={i} className={LINE_DEL} data-diff="removed">
              <span className="sr-only">{t.removedStart}</span>
              {text}
            </del>
          );
        return (
          <div key={i} className="flex text-slate-700">
            {text}
          </div>
        );
      })}
    </div>
  );
}
