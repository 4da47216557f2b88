// Server-rendered parts of the signing page: what is being consented to, by whom, the legal text,
// and the outcome of a closed consent. No client JavaScript.
import type { SigningOutcomeView, SigningView } from "@/lib/signing/get-signing-view";
import type { WhatChanged } from "@/lib/consents/what-changed";
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import type { Lang, Messages } from "./messages";
import { DocumentLink } from "./ui";
import { directionOf, type Language } from "@/lib/i18n/languages";

// The consent text is the template's sanitized HTML with escaped values; it is the legal text and is
// shown in full, exactly as hashed. Tables scroll inside the box so the page never scrolls sideways.
const prose = [
  "text-[1.0625rem] leading-relaxed text-slate-900 [overflow-wrap:anywhere]",
  "[&>:first-child]:mt-0 [&>:last-child]:mb-0 [&_p]:my-3",
  "[&_h1]:mt-5 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold",
  "[&_h3]:mt-4 [&_h3]:mb-1 [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_h5]:mt-3 [&_h5]:font-semibold [&_h6]:mt-3 [&_h6]:font-semibold",
  // Markers sit outside the text, in the padding at the start of the line (the right in Arabic):
  // wide enough for "12." and logical (ps), so a two-digit number or an Arabic bullet is never cut.
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:ps-[1.75em] [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:ps-[2.5em] [&_li]:my-1 [&_li]:ps-1",
  "[&_a]:text-blue-800 [&_a]:underline [&_b]:font-semibold [&_strong]:font-semibold [&_hr]:my-5 [&_hr]:border-slate-300",
  "[&_table]:my-3 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse",
  "[&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_td]:align-top [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:p-2 [&_th]:text-left",
].join(" ");

/** The text exactly as signed, in its own language and direction (decisions §17: Arabic right-to-left); the physician reads the same in the panel. */
export function ConsentText({ html, language }: { html: string; language: Language }) {
  return <div lang={language} dir={directionOf(language)} className={prose} data-testid="consent-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function ConsentDetails({ view, t, lang }: { view: SigningView; t: Messages; lang: Lang }) {
  const rows: [string, string][] = [];
  if (view.procedure) rows.push([t.procedure, view.procedure]);
  if (view.physician) rows.push([t.physician, view.physician]);
  if (view.approver.type === "hasta") rows.push([t.patient, view.patientName]);
  if (view.status === "sent") rows.push([t.validUntil, formatWhen(view.expiresAt, lang, env().APP_TIMEZONE)]);
  return (
    <div className="mt-4 space-y-3">
      {view.approver.type !== "hasta" ? (
        <p className="rounded-xl border-l-4 border-amber-600 bg-amber-50 px-4 py-3 font-medium text-amber-950">
          {t.onBehalf({
            type: view.approver.type,
            patientName: view.patientName,
            approverName: view.approver.name,
            relation: view.approver.relation,
            animal: view.animal,
          })}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-xl bg-white px-4 py-3 text-[0.95rem] shadow-sm ring-1 ring-slate-200">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600">{k}</dt>
              <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** Before the code (decisions §15): the institution, that a form waits, and until when. Nothing personal. */
export function Waiting({ t, lang, institution, expiresAt }: { t: Messages; lang: Lang; institution: string; expiresAt: string }) {
  return (
    <section aria-labelledby="waiting-title" className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="waiting-title" className="text-lg font-semibold text-slate-900">
        {t.waitingTitle}
      </h2>
      <p className="mt-1 text-slate-700">{t.waitingText(institution)}</p>
      <p className="mt-2 text-[0.95rem] text-slate-700">
        {t.validUntil}: <span className="font-medium text-slate-900">{formatWhen(expiresAt, lang, env().APP_TIMEZONE)}</span>
      </p>
    </section>
  );
}

const OUTCOME_STYLE = {
  completed: { box: "border-green-700 bg-green-50 text-green-950", icon: "bg-green-700", mark: "✓" },
  rejected: { box: "border-slate-600 bg-slate-100 text-slate-900", icon: "bg-slate-600", mark: "✕" },
  expired: { box: "border-amber-600 bg-amber-50 text-amber-950", icon: "bg-amber-700", mark: "!" },
  cancelled: { box: "border-slate-600 bg-slate-100 text-slate-900", icon: "bg-slate-600", mark: "✕" },
  withdrawn: { box: "border-slate-600 bg-slate-100 text-slate-900", icon: "bg-slate-600", mark: "↩" },
  signed: { box: "border-green-700 bg-green-50 text-green-950", icon: "bg-green-700", mark: "✓" },
  superseded: { box: "border-slate-600 bg-slate-100 text-slate-900", icon: "bg-slate-600", mark: "↻" },
  sent: { box: "border-amber-600 bg-amber-50 text-amber-950", icon: "bg-amber-700", mark: "!" },
} as const;

/** decisions §26: a re-consent says, above its text, that the form was updated and what changed. */
export function WhatChangedNotice({ changed, t }: { changed: WhatChanged; t: Messages }) {
  return (
    <section aria-labelledby="what-changed-title" className="mt-6 rounded-2xl border-2 border-amber-600 bg-amber-50 p-4 text-amber-950" data-testid="what-changed">
      <h2 id="what-changed-title" className="text-lg font-semibold">
        {t.formUpdatedTitle}
      </h2>
      {changed.note ? <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{changed.note}</p> : null}
      {changed.added.length ? (
        <>
          <p className="mt-1">{t.formUpdatedAdded}</p>
          <ul className="mt-1 list-disc ps-6">
            {changed.added.map((line, i) => (
              <li key={i} className="[overflow-wrap:anywhere]">
                {line}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** `documentHref`: the person's copy of the signed PDF, for the browser session that verified the code. */
export function Outcome({
  view,
  t,
  lang,
  purged = false,
  documentHref = null,
  children,
}: {
  view: SigningOutcomeView;
  t: Messages;
  lang: Lang;
  purged?: boolean;
  documentHref?: string | null;
  /** issue #51: what goes beside the copy (a withdrawn consent's receipt) */
  children?: React.ReactNode;
}) {
  // decisions §26: an open consent whose text changed materially shows only that.
  if (view.status === "sent" && !view.textUpdated) return null;
  const o = t.outcome;
  const when = (s: string | null) => (s ? formatWhen(s, lang, env().APP_TIMEZONE) : null);
  const [title, text] = {
    completed: [o.completedTitle, when(view.signedAt) && o.completedText(when(view.signedAt)!)],
    rejected: [o.rejectedTitle, when(view.rejectedAt) && o.rejectedText(when(view.rejectedAt)!)],
    expired: [o.expiredTitle, o.expiredText(formatWhen(view.expiresAt, lang, env().APP_TIMEZONE))],
    cancelled: [o.cancelledTitle, when(view.cancelledAt) && o.cancelledText(when(view.cancelledAt)!)],
    withdrawn: [o.withdrawnTitle, when(view.withdrawnAt) && o.withdrawnText(when(view.withdrawnAt)!)],
    signed: [o.signedTitle, when(view.signedAt) && o.signedText(when(view.signedAt)!)],
    superseded: [o.supersededTitle, when(view.signedAt) && o.supersededText(when(view.signedAt)!)],
    sent: [o.textUpdatedTitle, o.textUpdatedText],
  }[view.status];
  const style = OUTCOME_STYLE[view.status];
  return (
    <section aria-labelledby="outcome-title" className={`mt-4 rounded-2xl border-2 p-4 ${style.box}`}>
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className={`flex size-9 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white ${style.icon}`}>
          {style.mark}
        </span>
        <div>
          <h2 id="outcome-title" className="text-lg font-semibold">
            {title}
          </h2>
          {/* issue #51: a withdrawn consent's copy carries the mark, prominently, with its date. */}
          {view.status === "withdrawn" && view.withdrawnAt ? (
            <p data-testid="withdrawn-mark" className="mt-2 inline-block rounded-lg border-2 border-red-800 bg-white px-3 py-1 text-lg font-bold text-red-800">
              {o.withdrawnMark(formatWhen(view.withdrawnAt, lang, env().APP_TIMEZONE))}
            </p>
          ) : null}
          {text ? <p className="mt-1">{text}</p> : null}
          {purged ? <p className="mt-2 text-[0.95rem]">{o.purged}</p> : null}
          {documentHref ? <DocumentLink href={documentHref} label={t.doneDownload} /> : null}
          {children}
          {/* decisions §19: no document until the physician signs; then this link hands out the copy. */}
          {view.status === "signed" && !purged ? <p className="mt-2 text-[0.95rem]">{o.signedCopyLater}</p> : null}
          <p className="mt-2 text-[0.95rem]">{(view.status === "completed" || view.status === "signed") && !purged ? o.contactSigned : o.contact}</p>
        </div>
      </div>
    </section>
  );
}
