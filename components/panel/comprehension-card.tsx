// decisions §22: how the person answered the teach-back questions — on the consent's page and, before
// the countersignature (§19), on the physician's page, with a clear flag and the questions missed.
// The questions are in the consent's language (lang/dir of their own), the labels in the panel's.
import type { ComprehensionDetail } from "@/lib/consents/comprehension";
import { directionOf, type Language } from "@/lib/i18n/languages";
import type { Messages } from "@/components/panel/locales/tr";
import { ui } from "@/components/panel/styles";

interface Props {
  detail: ComprehensionDetail | null;
  language: Language;
  t: Messages;
}

export function ComprehensionCard({ detail, language, t }: Props) {
  const m = t.comprehension;
  const dir = directionOf(language);
  return (
    <section className={ui.card} aria-labelledby="comprehension" data-testid="comprehension">
      <h2 id="comprehension" className={ui.h2}>
        {m.title}
      </h2>
      {!detail ? (
        <p className="mt-2 text-sm">{m.none}</p>
      ) : (
        <>
          <p className="mt-2 text-sm">{m.summary(detail.first_try_correct, detail.asked)}</p>
          {detail.flagged ? (
            <div role="note" className="mt-3 rounded-lg border-2 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950" data-testid="comprehension-flag">
              <p className="font-semibold">
                <span aria-hidden="true">⚠ </span>
                {m.flag}
              </p>
              <p className="mt-1">{m.flagHint}</p>
              <ol className="mt-2 list-decimal space-y-2 ps-5">
                {detail.items
                  .map((q, i) => ({ q, i }))
                  .filter(({ q }) => !q.firstTryCorrect)
                  .map(({ q, i }) => (
                    <li key={i} value={i + 1}>
                      <p lang={language} dir={dir} className="font-medium [overflow-wrap:anywhere]">
                        {q.question}
                      </p>
                      <p>
                        {m.firstAnswer}: <span lang={language} dir={dir}>{q.options[q.first] ?? "—"}</span>
                      </p>
                      <p>
                        {m.secondAnswer}: {q.second === null ? m.noSecond : <span lang={language} dir={dir}>{q.options[q.second] ?? "—"}</span>}
                      </p>
                      <p>
                        {m.rightAnswer}: <span lang={language} dir={dir}>{q.options[q.correct]}</span>
                      </p>
                    </li>
                  ))}
              </ol>
            </div>
          ) : (
            <p className={`${ui.success} mt-3`}>{m.allRight}</p>
          )}
        </>
      )}
    </section>
  );
}
