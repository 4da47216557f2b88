// /panel/countersign/[id] — the physician's countersignature of one consent (decisions §19): the text
// as the person signed it, who signed for whom and when, their drawn signatures, then the time of
// informing, a signature pad and the password again — or, on a consent that takes the physician's
// qualified signature (§24), the card agent or the remote signing service. Issue #51: a consent in
// another language shows the Turkish text of the same version under it; the physician may type their
// name or use their saved signature; a consent they countersigned says so (the answer re-reads this
// page so that the menu's count is current). Physicians only (403); another tenant's id: 404.
import { notFound } from "next/navigation";
import Link from "next/link";
import { requirePhysician } from "@/lib/users/require-panel-user";
import { getCountersignViewOrThrow } from "@/lib/consents/get-countersign-view";
import { AppError } from "@/lib/errors";
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { PageTitle } from "@/components/panel/page-title";
import { StatusBadge } from "@/components/panel/status-badge";
import { ConsentText } from "@/components/signing/consent-summary";
import { SignerCard } from "@/components/panel/signer-card";
import { CountersignForm } from "@/components/panel/countersign-form";
import { QualifiedCountersignForm } from "@/components/panel/qualified-countersign-form";
import { initialsOf } from "@/components/countersign/qualified-signing";
import { ui } from "@/components/panel/styles";
import { ComprehensionCard } from "@/components/panel/comprehension-card";
import { DetailRow } from "@/components/panel/detail-row";
import { getSavedSignature } from "@/lib/users/saved-signature";
import { NATIVE_NAMES } from "@/lib/i18n/languages";

export default async function CountersignPage(props: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePhysician();
  const { id } = await props.params;
  const { lang, t } = await panelLang(await props.searchParams);
  const tz = env().APP_TIMEZONE;
  const p = t.physician;
  let v: Awaited<ReturnType<typeof getCountersignViewOrThrow>>;
  try {
    v = await getCountersignViewOrThrow(user.tenantId, id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
  const roles = p.parties.roles;
  const onBehalf = v.approver.type !== "hasta" && v.approver.name;
  const forWhom = v.animal?.name ? `${v.patientName ?? "—"} (${[v.animal.name, v.animal.species].filter(Boolean).join(", ")})` : (v.patientName ?? "—");
  const typeLabel = [t.consentForm.approverTypes[v.approver.type] ?? v.approver.type, v.approver.relation].filter(Boolean).join(", ");
  const awaiting = v.status === "signed" && v.informed !== null;
  const saved = awaiting && !v.qualified ? await getSavedSignature(user) : null;
  const languageName = `${p.text.languages[v.language] ?? v.language} (${NATIVE_NAMES[v.language]})`;
  const mine = v.countersigned?.by === `panel:${user.id}`;

  return (
    <PanelShell user={user} lang={lang} t={t} current="countersign" path={`/panel/countersign/${id}`}>
      <PageTitle back={{ href: "/panel/countersign", label: p.queue.title }} aside={<StatusBadge status={v.status} label={t.status[v.status]} />}>
        {p.page.title}
      </PageTitle>
      <p className={`${ui.mono} mt-1 text-slate-600`}>{v.id}</p>

      {!awaiting && mine ? (
        <section className={`${ui.card} mt-4 space-y-3`} aria-labelledby="countersigned" data-testid="countersign-done">
          <h2 id="countersigned" className={ui.h2}>
            {p.form.done}
          </h2>
          <p>{p.form.alreadyDone}</p>
          {v.countersigned?.documentReady ? null : <p className={ui.muted}>{p.form.documentPending}</p>}
          <p>
            <Link href={`/panel/consents/${v.id}`} className={ui.link}>
              {p.page.toConsent}
            </Link>
          </p>
        </section>
      ) : !awaiting || !v.informed ? (
        <section className={`${ui.card} mt-4`} data-testid="not-awaiting">
          <p>{p.page.notAwaiting(t.status[v.status])}</p>
          <p className="mt-2">
            <Link href={`/panel/consents/${v.id}`} className={ui.link}>
              {p.page.toConsent}
            </Link>
          </p>
        </section>
      ) : (
        <div className="mt-4 grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section className={`${ui.card} min-w-0`} aria-labelledby="signed-text">
            <h2 id="signed-text" className={ui.h2}>
              {p.page.textTitle}: {v.title}
            </h2>
            <p className={`${ui.muted} mt-1`}>{p.page.textHint}</p>
            <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
              <DetailRow label={t.consents.procedure} value={v.procedure} />
              <DetailRow label={p.queue.physicianField} value={v.physician} />
              <DetailRow label={t.consents.template} value={`${v.templateCode} v${v.templateVersion}`} />
              <DetailRow label={t.consents.created} value={formatWhen(v.createdAt, lang, tz)} />
            </dl>
            <div className="mt-4 border-t border-slate-200 pt-4">
              {v.turkish ? (
                <h3 className="mb-2 text-sm font-semibold text-slate-700" data-testid="signed-text-language">
                  {p.text.signedIn(languageName)}
                </h3>
              ) : null}
              {v.html ? <ConsentText html={v.html} language={v.language} /> : <p>{p.page.purged}</p>}
            </div>
            <p className="mt-4 text-sm">
              {p.page.contentHash}: <span className={ui.mono}>{v.contentSha256}</span>
            </p>
            {v.turkish ? (
              <section lang="tr" className="mt-4 rounded-lg border-2 border-blue-200 bg-blue-50/40 p-3" aria-labelledby="turkish-text" data-testid="turkish-text">
                <h3 id="turkish-text" className={ui.h2}>
                  {p.text.turkishTitle}
                </h3>
                <p className={`${ui.muted} mt-1`}>{p.text.turkishHint(p.text.languages[v.language] ?? v.language)}</p>
                <div className="mt-3 border-t border-blue-200 pt-3">
                  <ConsentText html={v.turkish.html} language="tr" />
                </div>
              </section>
            ) : null}
          </section>

          <div className="min-w-0 space-y-4">
            {/* decisions §22: shown before the countersignature, flagged when a first answer was wrong. */}
            {v.comprehension ? <ComprehensionCard detail={v.comprehension} language={v.language} t={t} /> : null}
            <section className={ui.card} aria-labelledby="signers">
              <h2 id="signers" className={ui.h2}>
                {p.page.signers}
              </h2>
              <p className="mt-1 font-medium" data-testid="signed-for">
                {onBehalf ? p.page.signedFor(v.approver.name!, typeLabel, forWhom) : p.page.signedSelf(forWhom)}
              </p>
              <ul className="mt-3 grid gap-2">
                <SignerCard role={onBehalf ? typeLabel : roles.person!} signer={v.person} lang={lang} t={t} />
                {v.interpreter ? <SignerCard role={roles.interpreter!} signer={v.interpreter} lang={lang} t={t} /> : null}
                {v.witness ? <SignerCard role={roles.witness!} signer={v.witness} lang={lang} t={t} /> : null}
              </ul>
            </section>
            {/* decisions §24: a consent (or its tenant) asking for the physician's qualified signature gets no drawing pad. */}
            {v.qualified ? (
              <QualifiedCountersignForm
                id={v.id}
                lang={lang}
                informed={v.informed}
                timeZone={v.timeZone}
                signAs={{ name: user.name, registrationNo: user.registrationNo }}
                remote={v.qualified.remote}
                consent={{ initials: initialsOf(v.person.name ?? "") || "X.", documentSha256: v.contentSha256 }}
              />
            ) : (
              <CountersignForm
                id={v.id}
                lang={lang}
                informed={v.informed}
                timeZone={v.timeZone}
                signAs={{ name: user.name, registrationNo: user.registrationNo }}
                saved={saved?.dataUrl ?? null}
              />
            )}
          </div>
        </div>
      )}
    </PanelShell>
  );
}
