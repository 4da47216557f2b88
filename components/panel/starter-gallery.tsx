"use client";
// The starter gallery on the templates page (issue #52): the team's ready forms, each with its
// summary, languages and questions, its text to read, and "Kopyala", which makes a draft of it in the
// clinic's templates and opens it in the editor.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { copyStarterTemplateAction } from "@/lib/actions/template-forms";
import { formsMessages } from "@/components/panel/locales/forms";
import type { Lang } from "@/components/panel/messages";
import { FormMessage } from "@/components/panel/field";
import { Spinner } from "@/components/ui/spinner";
import { ui } from "@/components/panel/styles";

export interface StarterCard {
  kod: string;
  title: string;
  summary: string;
  category: string;
  languages: string[];
  questions: number;
  body: string;
}

export function StarterGallery({ forms, lang, unexpected }: { forms: StarterCard[]; lang: Lang; unexpected: string }) {
  const t = formsMessages[lang].gallery;
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [, start] = useTransition();

  const copy = (kod: string) => {
    setMessage(null);
    setBusy(kod);
    start(async () => {
      try {
        const r = await copyStarterTemplateAction(kod);
        if (r.ok) return router.push(`/panel/templates/${encodeURIComponent(r.data.code)}`);
        setMessage(r.message);
      } catch {
        setMessage(unexpected);
      }
      setBusy(null);
    });
  };

  return (
    <section className={`${ui.card} mt-6`} aria-labelledby="starter-title" data-testid="starter-gallery">
      <h2 id="starter-title" className={ui.h2}>
        {t.title}
      </h2>
      <p className={`${ui.muted} mt-1`}>{t.intro}</p>
      <FormMessage text={message} />
      <ul className="mt-3 grid gap-3 md:grid-cols-2">
        {forms.map((f) => (
          <li key={f.kod} className="rounded-lg border border-slate-200 p-3" data-starter={f.kod}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="font-semibold">{f.title}</h3>
              <button type="button" className={ui.secondary} aria-label={t.copyLabel(f.title)} disabled={busy !== null} aria-busy={busy === f.kod} onClick={() => copy(f.kod)}>
                {busy === f.kod ? <Spinner /> : null}
                {busy === f.kod ? t.copying : t.copy}
              </button>
            </div>
            <p className="mt-1 text-sm">{f.summary}</p>
            <p className={`${ui.muted} mt-1`}>
              {f.category} · {t.languages}: {f.languages.join(", ").toUpperCase()} · {t.questions(f.questions)}
            </p>
            <details className="mt-2 text-sm">
              <summary className={`${ui.link} cursor-pointer`}>{t.show}</summary>
              {/* The team's own text, checked by the template sanitizer in its tests (starter-forms.test.ts). */}
              <div className="mt-2 max-h-80 overflow-auto rounded border border-slate-200 p-2 [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-[2.5em] [&_ul]:list-disc [&_ul]:ps-[1.75em]" dangerouslySetInnerHTML={{ __html: f.body }} />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
