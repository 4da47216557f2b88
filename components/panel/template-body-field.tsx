"use client";
// A template body (Turkish or a translation) in two tabs that edit the same text (issue #42): "HTML",
// the textarea the form registers and saves, and "Düzenleyici", the WYSIWYG editor, which writes its
// HTML into that textarea as the author types. The editor tab is the one open first (issue #51),
// unless the body holds what the editor cannot show; the editor (tiptap, ProseMirror) is loaded
// through next/dynamic without server rendering, so no other page downloads it. The HTML box is always left to right; the editor takes
// the text's own direction (Arabic right to left).
import { createContext, useContext, useRef, useState, type KeyboardEvent } from "react";
import dynamic from "next/dynamic";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { TemplateEditorMessages } from "@/components/panel/locales/templates-tr";
import { Spinner } from "@/components/ui/spinner";
import { ui } from "@/components/panel/styles";
import { FieldError } from "@/components/panel/field";
import { editorUnsupported } from "@/components/panel/editor-support";

const LoadingText = createContext("");

function EditorLoading() {
  return (
    <p role="status" className="flex min-h-60 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-slate-50 text-sm text-slate-700" data-testid="editor-loading">
      <Spinner />
      {useContext(LoadingText)}
    </p>
  );
}

const RichTextEditor = dynamic(() => import("@/components/panel/rich-text-editor").then((m) => m.RichTextEditor), { ssr: false, loading: EditorLoading });

type Mode = "visual" | "html";
const MODES: Mode[] = ["visual", "html"];

interface TemplateBodyFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  language: string;
  dir: "ltr" | "rtl";
  rows: number;
  registration: UseFormRegisterReturn;
  /** the body as the form holds it now, and a way to replace it */
  read: () => string;
  write: (html: string) => void;
  variables: readonly { name: string; label: string }[];
  t: TemplateEditorMessages;
  /** changes when the body is replaced from outside (a Word import): the editor opens it afresh */
  resetKey?: number;
  /** whether the body's language tab is the one shown: an editor is made only for the pane in view */
  active?: boolean;
}

export function TemplateBodyField(props: TemplateBodyFieldProps) {
  const { id, t } = props;
  // issue #51: the editor first (authors are not asked to write HTML), unless the body holds what
  // the editor cannot show (a table, a style): then the HTML, as the editor would warn anyway.
  const [mode, setMode] = useState<Mode>(() => (editorUnsupported(props.read()).length > 0 ? "html" : "visual"));
  const tabs = useRef<Record<Mode, HTMLButtonElement | null>>({ visual: null, html: null });
  const describedBy = [props.hint ? `${id}-hint` : null, props.error ? `${id}-err` : null].filter(Boolean).join(" ") || undefined;
  const choose = (m: Mode) => {
    setMode(m);
    tabs.current[m]?.focus();
  };
  // Arrow keys move between the two tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight" || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      choose(mode === "visual" ? "html" : "visual");
    }
  };
  const { ref, ...registered } = props.registration;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className={ui.label}>
          {props.label}
        </label>
        <div role="tablist" aria-label={t.modes} className="flex gap-1" onKeyDown={onKeyDown}>
          {MODES.map((m) => (
            <button
              key={m}
              ref={(el) => {
                tabs.current[m] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${m}`}
              aria-selected={mode === m}
              aria-controls={`${id}-panel`}
              tabIndex={mode === m ? 0 : -1}
              onClick={() => setMode(m)}
              className={`min-h-11 rounded-t-lg px-3 text-sm ${ui.focus} ${mode === m ? "border-b-2 border-blue-700 font-semibold text-blue-800" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {m === "visual" ? t.visual : t.html}
            </button>
          ))}
        </div>
      </div>
      {props.hint ? (
        <p id={`${id}-hint`} className={`${ui.muted} mt-1`} dir="auto">
          {props.hint}
        </p>
      ) : null}
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${mode}`}>
        {mode === "visual" && props.active !== false ? (
          <LoadingText.Provider value={t.loading}>
            <RichTextEditor
              key={props.resetKey ?? 0}
              id={`${id}-visual`}
              initial={props.read()}
              onChange={props.write}
              language={props.language}
              dir={props.dir}
              label={props.label}
              variables={props.variables}
              t={t}
              describedBy={describedBy}
            />
          </LoadingText.Provider>
        ) : null}
        {/* Always mounted: the form's registered field, and the text that is saved. */}
        <textarea
          id={id}
          rows={props.rows}
          dir="ltr"
          spellCheck={false}
          hidden={mode !== "html"}
          aria-invalid={!!props.error}
          aria-describedby={describedBy}
          className={`${ui.input} font-mono text-sm`}
          ref={ref}
          {...registered}
        />
      </div>
      <FieldError id={`${id}-err`} text={props.error} dir="auto" />
      {/* The panel's words in the panel's direction, inside an Arabic translation too. */}
      <p className={`${ui.muted} mt-1`} dir="auto">
        {t.modesHint}
      </p>
    </div>
  );
}
