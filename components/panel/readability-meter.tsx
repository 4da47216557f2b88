"use client";
// The Turkish text's Ateşman readability as the author types (issue #52), measured on the server by
// the same code that stores it with each published version, and the sentences that pull it below the
// level a patient reads easily (lib/templates/readability.ts).
import { useEffect, useState } from "react";
import { measureReadabilityAction } from "@/lib/actions/template-forms";
import type { Readability } from "@/lib/templates/readability";
import { EASY_SCORE } from "@/lib/templates/readability-scale";
import { formsMessages } from "@/components/panel/locales/forms";
import type { Lang } from "@/components/panel/messages";
import { ui } from "@/components/panel/styles";

export function ReadabilityMeter({ lang, body }: { lang: Lang; body: string }) {
  const t = formsMessages[lang].readability;
  const [result, setResult] = useState<Readability | null>(null);

  // Debounced like the preview: one measure after typing pauses.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      measureReadabilityAction(body)
        .then((r) => live && setResult(r))
        .catch(() => undefined);
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [body]);

  const low = result !== null && result.score < EASY_SCORE;
  return (
    <section className="rounded-lg border border-slate-200 p-3 text-sm" aria-labelledby="readability-title" data-testid="readability">
      <h3 id="readability-title" className="font-semibold">
        {t.title}
      </h3>
      {result ? (
        <>
          <p className="mt-1" aria-live="polite">
            {t.score}:{" "}
            <strong data-testid="readability-score" className={low ? "text-red-800" : "text-green-800"}>
              {result.score.toLocaleString(lang === "tr" ? "tr-TR" : "en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
            </strong>{" "}
            ({t.levels[result.level]}) · {t.detail(result.words, result.sentences)}
          </p>
          {low ? <p className="mt-1 text-red-800">{t.below}</p> : null}
          {result.hard.length ? (
            <>
              <p className="mt-2 font-medium">{t.hard}</p>
              <ol className="mt-1 list-decimal space-y-1 ps-5" data-testid="readability-hard">
                {result.hard.map((s, i) => (
                  <li key={i}>
                    {s.text} <span className="text-slate-600">({s.score.toLocaleString(lang === "tr" ? "tr-TR" : "en-GB")})</span>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </>
      ) : (
        <p className={`${ui.muted} mt-1`}>{t.empty}</p>
      )}
      <p className={`${ui.muted} mt-2`}>{t.scale}</p>
    </section>
  );
}
