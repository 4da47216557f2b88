"use client";
// decisions §22: the template editor's preview of a language's teach-back questions (moved out of
// template-form.tsx for its size).
import { directionOf, type Language } from "@/lib/i18n/languages";
import type { panelMessages } from "@/components/panel/messages";
import type { QuestionFormValue } from "@/components/panel/question-editor";

/** decisions §22: the preview of the tab's questions as the person will see them, the right option marked. */
export function QuestionsPreview({ f, language, questions }: { f: (typeof panelMessages)["tr"]["templateForm"]; language: Language; questions: QuestionFormValue[] | undefined }) {
  if (!questions?.length) return null;
  return (
    <div className="mt-3 rounded-lg border border-slate-300 bg-white p-3 text-sm" data-testid="questions-preview" lang={language} dir={directionOf(language)}>
      <p className="font-semibold">{f.previewQuestions}</p>
      <ol className="mt-1 list-decimal space-y-2 ps-5">
        {questions.map((q, i) => (
          <li key={i}>
            <p>{q.soru}</p>
            <ul className="mt-1 space-y-0.5">
              {q.secenekler.map((o, j) => (
                <li key={j} className={String(j) === q.dogru ? "font-semibold text-green-800" : undefined}>
                  {String(j) === q.dogru ? "✓ " : "○ "}
                  {o.metin}
                </li>
              ))}
            </ul>
            {q.aciklama.trim() ? <p className="mt-1 text-slate-600">{q.aciklama}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
