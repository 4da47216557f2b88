"use client";
// The WYSIWYG editor of a template body (issue #42): tiptap's StarterKit, limited to what the
// sanitizer keeps (no code, code blocks or strike-through, links without target), with a toolbar and
// a way to insert a `{placeholder}`. It only reports HTML to the form: the HTML tab's text is what is
// saved and sanitized (lib/templates/sanitize-template-html.ts). Loaded by template-body-field.tsx
// through next/dynamic, so that only the template editor page downloads tiptap and ProseMirror.
import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { EditorContent, Extension, InputRule, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { TemplateEditorMessages } from "@/components/panel/locales/templates-tr";
import { editorUnsupported } from "@/components/panel/editor-support";
import { BUILTIN_PLACEHOLDERS } from "@/lib/templates/variables";
import { ui } from "@/components/panel/styles";

interface RichTextEditorProps {
  id: string;
  /** the body as it stands in the HTML tab when the editor opens */
  initial: string;
  onChange: (html: string) => void;
  language: string;
  dir: "ltr" | "rtl";
  label: string;
  /** the template's declared variables, for the placeholder list */
  variables: readonly { name: string; label: string }[];
  t: TemplateEditorMessages;
  describedBy?: string;
}

const AREA =
  "min-h-60 max-w-none rounded-b-lg border border-t-0 border-slate-300 bg-white p-3 text-base text-slate-900 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-[2.5em] [&_p]:my-2 [&_ul]:list-disc [&_ul]:ps-6 [&_a]:text-blue-800 [&_a]:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const TOOL = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm text-slate-900 hover:bg-slate-200 aria-pressed:bg-blue-100 aria-pressed:text-blue-900 aria-pressed:ring-1 aria-pressed:ring-blue-700 disabled:text-slate-400 ${ui.focus}`;

/**
 * A list's marker typed at the start of an item that is already in a list of that kind ("2. " in a
 * numbered item, "- " in a bulleted one) is the author numbering by hand: the list numbers it, so
 * the typed marker goes. Kept, it printed "2. 2." in the PDF (issue #51). Elsewhere StarterKit's own
 * rules still turn "1. " and "- " into a list.
 */
const TypedListMarker = Extension.create({
  name: "typedListMarker",
  priority: 1000,
  addInputRules() {
    return [
      new InputRule({
        find: /^\s*(\d+[.)]|[-*+•])\s$/,
        handler: ({ state, range, match }) => {
          const $from = state.doc.resolve(range.from);
          if ($from.depth < 3 || $from.parent.type.name !== "paragraph" || $from.node(-1).type.name !== "listItem") return null;
          // Only the item's first paragraph carries the marker.
          if ($from.index(-1) !== 0) return null;
          const list = $from.node(-2).type.name;
          const numbered = /\d/.test(match[1] ?? "");
          if (list !== (numbered ? "orderedList" : "bulletList")) return null;
          state.tr.delete(range.from, range.to);
        },
      }),
    ];
  },
});

/** Left and right arrows move between the toolbar's buttons (WAI-ARIA toolbar pattern); Tab still reaches each. */
function arrowKeys(e: KeyboardEvent<HTMLDivElement>) {
  if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
  const step = (e.key === "ArrowRight") !== rtl ? 1 : -1;
  buttons[(at + step + buttons.length) % buttons.length]?.focus();
  e.preventDefault();
}

/** A list's icon: three lines with dots, or with the strokes of 1, 2, 3 (drawn, not text: the button's name is its label). */
function ListIcon({ numbered }: { numbered: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
      <path d="M8 5h10M8 10h10M8 15h10" />
      {numbered ? <path d="M3 3.5l1-.5v4M2.5 8.5h2l-2 3h2M2.5 13.5h2l-1 1.2 1 1.3h-2" strokeWidth="1.1" /> : <path d="M3 5h.01M3 10h.01M3 15h.01" strokeWidth="2.6" />}
    </svg>
  );
}

function Toolbar({ editor, t, variables, id }: { editor: Editor; t: TemplateEditorMessages; variables: RichTextEditorProps["variables"]; id: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      undo: e.can().undo(),
      redo: e.can().redo(),
      editable: e.isEditable,
    }),
  });
  const [placeholder, setPlaceholder] = useState("");
  const chain = () => editor.chain().focus();
  const toggles = [
    { key: "bold", label: t.bold, glyph: <strong>B</strong>, on: state.bold, run: () => chain().toggleBold().run() },
    { key: "italic", label: t.italic, glyph: <em className="font-serif">I</em>, on: state.italic, run: () => chain().toggleItalic().run() },
    { key: "h2", label: t.heading2, glyph: "H2", on: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: "h3", label: t.heading3, glyph: "H3", on: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: "bullet", label: t.bulletList, glyph: <ListIcon numbered={false} />, on: state.bullet, run: () => chain().toggleBulletList().run() },
    { key: "ordered", label: t.orderedList, glyph: <ListIcon numbered />, on: state.ordered, run: () => chain().toggleOrderedList().run() },
  ];
  const declared = variables.filter((v) => !(BUILTIN_PLACEHOLDERS as readonly string[]).includes(v.name));
  return (
    <div className="rounded-t-lg border border-slate-300 bg-slate-50 p-1">
      <div role="toolbar" aria-label={t.toolbar} aria-controls={id} className="flex flex-wrap gap-1" onKeyDown={arrowKeys}>
        {toggles.map((b) => (
          <button key={b.key} type="button" className={TOOL} onMouseDown={keepEditorFocus} aria-label={b.label} title={b.label} aria-pressed={b.on} disabled={!state.editable} onClick={b.run}>
            <span aria-hidden="true">{b.glyph}</span>
          </button>
        ))}
        <button type="button" className={TOOL} onMouseDown={keepEditorFocus} aria-label={t.undo} title={t.undo} disabled={!state.undo} onClick={() => chain().undo().run()}>
          <span aria-hidden="true">↶</span>
        </button>
        <button type="button" className={TOOL} onMouseDown={keepEditorFocus} aria-label={t.redo} title={t.redo} disabled={!state.redo} onClick={() => chain().redo().run()}>
          <span aria-hidden="true">↷</span>
        </button>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <label htmlFor={`${id}-ph`} className="px-1 text-sm text-slate-800">
          {t.placeholder}
        </label>
        <select id={`${id}-ph`} className={`min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 ${ui.focus}`} value={placeholder} onChange={(e) => setPlaceholder(e.target.value)} title={t.placeholderHint}>
          <option value="">…</option>
          {declared.length ? (
            <optgroup label={t.declared}>
              {declared.map((v) => (
                <option key={v.name} value={v.name}>{`{${v.name}}${v.label ? ` — ${v.label}` : ""}`}</option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label={t.builtins}>
            {BUILTIN_PLACEHOLDERS.map((n) => (
              <option key={n} value={n}>{`{${n}}`}</option>
            ))}
          </optgroup>
        </select>
        <button type="button" className={TOOL} onMouseDown={keepEditorFocus} disabled={!placeholder || !state.editable} onClick={() => chain().insertContent(`{${placeholder}}`).run()}>
          {t.insertPlaceholder}
        </button>
      </div>
    </div>
  );
}

/**
 * A toolbar button pressed with the mouse leaves the focus (and the selection) in the text: tiptap's
 * focus() returns it only on the next frame, and keys typed before that went to the button (Enter
 * pressed it again). Keyboard users reach the buttons by Tab and are not affected.
 */
function keepEditorFocus(e: MouseEvent): void {
  e.preventDefault();
}

export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = props;
  // What the editor would drop: shown first, and the editor stays read-only until the author chooses.
  const [unsupported] = useState(() => editorUnsupported(props.initial));
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The sanitizer drops code, pre and s: offering them would show formatting that saving removes.
        code: false,
        codeBlock: false,
        strike: false,
        // A link without target or nofollow: the sanitizer keeps href and its own rel only.
        link: { openOnClick: false, autolink: false, HTMLAttributes: { target: null, rel: null } },
      }),
      TypedListMarker,
    ],
    content: props.initial,
    editable: unsupported.length === 0,
    editorProps: {
      attributes: {
        id: props.id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": t.area(props.label),
        ...(props.describedBy ? { "aria-describedby": props.describedBy } : {}),
        lang: props.language,
        dir: props.dir,
        class: AREA,
        "data-testid": "rich-text-editor",
      },
    },
    // An empty editor is an empty body (the form says "boş olamaz"), not "<p></p>"; the empty
    // paragraph the editor keeps after a list (so the cursor can leave it) is not part of the text.
    onUpdate: ({ editor: e }) => props.onChange(e.isEmpty ? "" : e.getHTML().replace(/(?:<p><\/p>)+$/, "")),
  });
  const [editable, setEditable] = useState(unsupported.length === 0);
  if (!editor) return null;
  return (
    <div data-testid="rich-text">
      {!editable ? (
        <div role="note" className="mb-2 space-y-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
          <p>{t.unsupported(unsupported.join(", "))}</p>
          <button
            type="button"
            className={ui.secondary}
            onClick={() => {
              // Without an update: what the editor cannot hold goes only when the author changes something.
              editor.setEditable(true, false);
              setEditable(true);
            }}
          >
            {t.editAnyway}
          </button>
        </div>
      ) : null}
      <Toolbar editor={editor} t={t} variables={props.variables} id={props.id} />
      <EditorContent editor={editor} />
    </div>
  );
}
