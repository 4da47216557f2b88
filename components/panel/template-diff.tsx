// Two versions of a template compared (issue #42), drawn from lib/templates/diff-template-versions.ts:
// each language's title and text word by word, its HTML line by line (folded away), then the
// variables, the teach-back questions and the other fields that changed. Everything is text.
import type { TemplateVersionDiff, TextChange, VariableChange } from "@/lib/templates/diff-template-versions";
import { directionOf, NATIVE_NAMES, type Language } from "@/lib/i18n/languages";
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import type { TemplatesMessages } from "@/components/panel/locales/templates-tr";
import type { Messages } from "@/components/panel/messages";
import { Del, Ins, InlineDiff, LineDiff } from "@/components/panel/diff-parts";
import { ui } from "@/components/panel/styles";

function TextSection({ x, t }: { x: TextChange; t: TemplatesMessages }) {
  const id = `diff-text-${x.language}`;
  return (
    <section className={`${ui.card} mt-4`} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={ui.h2}>
        {t.diffText} · {NATIVE_NAMES[x.language]}
      </h2>
      {x.presence !== "both" ? <p className={`${ui.muted} mt-1`}>{x.presence === "added" ? t.languageAdded : t.languageRemoved}</p> : null}
      {!x.changed ? <p className="mt-1 text-sm">{t.unchanged}</p> : null}
      <div lang={x.language} dir={directionOf(x.language)}>
        <h3 className="mt-3 text-sm font-semibold text-slate-800">{t.diffTextTitle}</h3>
        <InlineDiff parts={x.title} t={t} className="mt-1 text-base" />
        <h3 className="mt-3 text-sm font-semibold text-slate-800">{t.diffText}</h3>
        <InlineDiff parts={x.text} t={t} className="mt-1 rounded-lg border border-slate-200 bg-white p-3 text-sm leading-relaxed" />
      </div>
      <details className="mt-3">
        <summary className={`cursor-pointer text-sm font-medium text-blue-800 ${ui.focus}`}>{t.diffHtml}</summary>
        <LineDiff parts={x.html} t={t} className="mt-2 rounded-lg border border-slate-200 p-2" />
      </details>
    </section>
  );
}

function variableText(v: NonNullable<VariableChange["to"]>, f: Messages["templateForm"], t: TemplatesMessages): string {
  return [v.label || v.name, f.varTypes[v.type], v.required ? t.required : t.optional, ...(v.default !== undefined ? [`${t.defaultValue}: ${v.default}`] : [])].join(" · ");
}

function Variables({ changes, m }: { changes: readonly VariableChange[]; m: Messages }) {
  const t = m.templates;
  return (
    <section className={`${ui.card} mt-4`} aria-labelledby="diff-variables" data-testid="diff-variables">
      <h2 id="diff-variables" className={ui.h2}>
        {t.diffVariables}
      </h2>
      {changes.length === 0 ? (
        <p className="mt-1 text-sm">{t.unchanged}</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {changes.map((c) => (
            <li key={c.name} className="rounded-lg border border-slate-200 p-2" data-change={c.kind}>
              <p>
                <span aria-hidden="true" className="font-bold">
                  {c.kind === "added" ? "+ " : c.kind === "removed" ? "− " : "± "}
                </span>
                <strong>{c.kind === "added" ? t.variableAdded : c.kind === "removed" ? t.variableRemoved : t.variableChanged}:</strong>{" "}
                <span className="font-mono break-all">{`{${c.name}}`}</span>
              </p>
              {c.from ? (
                <p className={c.kind === "changed" ? "mt-1" : ""}>
                  <Del t={t}>{variableText(c.from, m.templateForm, t)}</Del>
                </p>
              ) : null}
              {c.to ? (
                <p className="mt-1">
                  <Ins t={t}>{variableText(c.to, m.templateForm, t)}</Ins>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function TemplateDiff({ diff, m, lang }: { diff: TemplateVersionDiff; m: Messages; lang: Language }) {
  const t = m.templates;
  const value = (v: string | boolean, field: string) => (typeof v === "boolean" ? (v ? t.yes : t.no) : field === "type" ? (m.templateForm.types[v] ?? v) : v);
  return (
    <div data-testid="template-diff">
      <section className={`${ui.card} mt-4`} aria-labelledby="diff-heading">
        <h2 id="diff-heading" className={ui.h2}>
          {t.diffHeading(diff.a.version, diff.b.version)}
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          {[diff.a, diff.b].map((v) => (
            <div key={v.version}>
              <dt className="font-semibold">
                {t.version} {v.version}
              </dt>
              <dd>
                {v.title} · {t.publishedAt}: {formatWhen(v.publishedAt, lang, env().APP_TIMEZONE)}
              </dd>
              <dd className={`${ui.mono} text-slate-600`}>{v.contentHash}</dd>
            </div>
          ))}
        </dl>
        <p className={`${ui.muted} mt-2`}>{t.diffLegend}</p>
      </section>
      {diff.texts.map((x) => (
        <TextSection key={x.language} x={x} t={t} />
      ))}
      <Variables changes={diff.variables} m={m} />
      <section className={`${ui.card} mt-4`} aria-labelledby="diff-questions" data-testid="diff-questions">
        <h2 id="diff-questions" className={ui.h2}>
          {t.diffQuestions}
        </h2>
        {diff.questions.length === 0 ? <p className="mt-1 text-sm">{t.unchanged}</p> : null}
        {diff.questions.map((q) => (
          <div key={q.language} className="mt-2" lang={q.language}>
            <h3 className="text-sm font-semibold text-slate-800">{NATIVE_NAMES[q.language]}</h3>
            <LineDiff parts={q.diff} t={t} code={false} dir={directionOf(q.language)} className="mt-1 rounded-lg border border-slate-200 p-2" />
          </div>
        ))}
      </section>
      {diff.fields.length ? (
        <section className={`${ui.card} mt-4`} aria-labelledby="diff-fields">
          <h2 id="diff-fields" className={ui.h2}>
            {t.diffFields}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {diff.fields.map((f) => (
              <li key={f.field}>
                <strong>{t.fieldNames[f.field] ?? f.field}:</strong>{" "}
                <Del t={t}>{value(f.from, f.field)}</Del> → <Ins t={t}>{value(f.to, f.field)}</Ins>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
