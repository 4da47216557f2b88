"use client";
// decisions §22: the teach-back questions, after the text and before the signature, one at a time.
// A wrong first answer shows the explanation and asks the same question again; the person may answer
// again or go on: nothing here ever stops the signature. The answers go to the server, which grades
// them itself (the right option is sent to this page only to show the explanation at once).
// The questions are in the consent's language (like the text); the buttons in the page's wording.
import { useEffect, useRef, useState } from "react";
import { directionOf, type Language } from "@/lib/i18n/languages";
import type { TeachBackQuestion } from "@/lib/templates/questions";
import type { Messages } from "./messages";
import { submitComprehension, type Answer } from "./signing-api";
import { cls, Spinner } from "./ui";

interface Props {
  t: Messages;
  id: string;
  token: string;
  questions: readonly TeachBackQuestion[];
  /** the language of the questions (the consent's) */
  language: Language;
  /** called once every question was answered (or passed after its explanation) and the answers were sent */
  onDone(): void;
}

/** Where the person is on one question: asked, answered wrong (explanation shown), or finished. */
type Phase = { kind: "ask" } | { kind: "retry" } | { kind: "answered"; right: boolean };

export function TeachBack({ t, id, token, questions, language, onDone }: Props) {
  const [index, setIndex] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: "ask" });
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const feedback = useRef<HTMLDivElement>(null);
  const first = useRef(true);

  // Each new question moves the focus to its heading (not on first render: the page just opened).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [index]);
  // After an answer, the focus goes to what it said (the explanation, or "right").
  useEffect(() => {
    if (phase.kind !== "ask") feedback.current?.focus();
  }, [phase]);

  const q = questions[index]!;
  const last = index === questions.length - 1;
  const dir = directionOf(language);

  function choose(option: number) {
    if (phase.kind === "ask") {
      setAnswers((a) => [...a.slice(0, index), { first: option, second: null }]);
      setPhase(option === q.correct ? { kind: "answered", right: true } : { kind: "retry" });
    } else if (phase.kind === "retry") {
      setAnswers((a) => a.map((x, i) => (i === index ? { ...x, second: option } : x)));
      setPhase({ kind: "answered", right: option === q.correct });
    }
  }

  async function next() {
    if (!last) {
      setIndex(index + 1);
      setPhase({ kind: "ask" });
      return;
    }
    setSending(true);
    // Whatever the server answers, the person goes on to sign (answers never block signing).
    await submitComprehension(token, answers);
    setSending(false);
    onDone();
  }

  const showOptions = phase.kind === "ask" || phase.kind === "retry";
  return (
    <section aria-labelledby={`${id}-tbh`} className={`${cls.card} mt-6`} data-testid="teach-back">
      <h2 id={`${id}-tbh`} className={cls.h2}>
        {t.teachBack.heading}
      </h2>
      <p className="mt-1 text-slate-700">{t.teachBack.intro}</p>
      <p className="mt-3 text-sm font-medium text-slate-600">{t.teachBack.progress(index + 1, questions.length)}</p>
      <h3 id={`${id}-tb`} ref={heading} tabIndex={-1} lang={language} dir={dir} className="mt-1 text-lg font-semibold text-slate-900 outline-none [overflow-wrap:anywhere]">
        {q.question}
      </h3>

      <div ref={feedback} tabIndex={-1} role="status" className="outline-none">
        {phase.kind === "retry" ? (
          <div className={`${cls.info} mt-3`}>
            <p className="font-semibold">{t.teachBack.wrong}</p>
            <p lang={language} dir={dir} className="mt-1 [overflow-wrap:anywhere]">
              {q.explanation ?? t.teachBack.explanationFallback}
            </p>
            <p className="mt-1">{t.teachBack.tryAgain}</p>
          </div>
        ) : null}
        {phase.kind === "answered" ? (
          phase.right ? (
            <p className={`${cls.ok} mt-3`}>{t.teachBack.correct}</p>
          ) : (
            <div className={`${cls.info} mt-3`}>
              <p className="font-semibold">{t.teachBack.stillWrong}</p>
              <p className="mt-1">
                {t.teachBack.rightAnswer}{" "}
                <span lang={language} dir={dir} className="font-semibold">
                  {q.options[q.correct]}
                </span>
              </p>
            </div>
          )
        ) : null}
      </div>

      {showOptions ? (
        <div role="group" aria-labelledby={`${id}-tb`} className="mt-4 space-y-3">
          {q.options.map((option, i) => (
            <button
              key={`${index}-${i}`}
              type="button"
              onClick={() => choose(i)}
              lang={language}
              dir={dir}
              data-testid="teach-back-option"
              className={`flex min-h-12 w-full items-center gap-3 rounded-xl border-2 border-slate-400 bg-white px-4 py-2.5 text-start text-base text-slate-900 hover:border-blue-700 hover:bg-blue-50 ${cls.focus}`}
            >
              <span aria-hidden="true" className="inline-block size-5 shrink-0 rounded-full border-2 border-slate-500" />
              <span className="[overflow-wrap:anywhere]">{option}</span>
            </button>
          ))}
        </div>
      ) : null}

      {phase.kind !== "ask" ? (
        <button type="button" onClick={next} disabled={sending} className={`${phase.kind === "retry" ? cls.secondary : cls.primary} mt-4`}>
          {sending ? <Spinner /> : null}
          {phase.kind === "retry" ? t.teachBack.skip : last ? t.teachBack.finish : t.teachBack.next}
        </button>
      ) : null}
    </section>
  );
}
