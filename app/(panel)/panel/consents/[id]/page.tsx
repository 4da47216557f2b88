// /panel/consents/[id] — one consent: status, masked personal data, its parties and their signatures,
// evidence chain and verdict, timestamp, downloads, QR of the signing link while open, and cancel /
// resend / refusal on record / withdraw / retry timestamp
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import { notFound } from "next/navigation";
import QRCode from "qrcode";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { getConsentEvents } from "@/lib/consents/get-consent-events";
import { AppError } from "@/lib/errors";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { StatusBadge } from "@/components/panel/status-badge";
import { ConsentActions } from "@/components/panel/consent-actions";
import { UnlockLink } from "@/components/panel/unlock-link";
import { isCompletedLinkLocked } from "@/lib/signing/unlock-link";
import { canAccess } from "@/lib/users/roles";
import { CopyButton } from "@/components/panel/copy-button";
import { isInPersonConsent } from "@/lib/consents/confirm-in-person-identity";
import { PageTitle } from "@/components/panel/page-title";
import { ui } from "@/components/panel/styles";
import { NATIVE_NAMES } from "@/lib/i18n/languages";
import type { ConsentStatus } from "@/lib/consents/consent-status";
import { actorText } from "@/components/panel/actor-text";
import { consentParties } from "@/lib/consents/consent-parties";
import { ConsentParties } from "@/components/panel/consent-parties";
import { ComprehensionCard } from "@/components/panel/comprehension-card";
import { getComprehensionDetail } from "@/lib/consents/get-comprehension-detail";
import { getConsentTemplateTitle } from "@/lib/consents/get-consent-template-title";
import { consentTitle } from "@/lib/consents/consent-title";
import { resolveActorNames } from "@/lib/consents/actor-names";
import { DocumentsCard } from "@/components/panel/documents-card";
import { DetailRow } from "@/components/panel/detail-row";

export default async function ConsentDetailPage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePanelUser("consents");
  const { id } = await props.params;
  const { lang, t } = await panelLang(await props.searchParams);
  const tz = env().APP_TIMEZONE;
  let c: Awaited<ReturnType<typeof getConsentOrThrow>>;
  try {
    // Scoped to the session user's tenant: another tenant's id is simply not found.
    c = await getConsentOrThrow(user.tenantId, id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
  let events: Awaited<ReturnType<typeof getConsentEvents>> | null = null;
  try {
    events = await getConsentEvents(user.tenantId, id);
  } catch (err) {
    if (!(err instanceof AppError && err.code === "purged")) throw err;
  }
  const comprehension = c.comprehension ? await getComprehensionDetail(user.tenantId, id) : null;
  const templateTitle = await getConsentTemplateTitle(user.tenantId, id);
  // Who did what, by name: the tenant's own users and API keys, in one query for the page.
  const names = await resolveActorNames(user.tenantId, events?.data.map((e) => e.actor) ?? []);
  const open = c.status === "sent";
  // Issue #49: a completed consent's link locked by wrong codes, which an owner or admin may lift.
  const linkLocked = c.status === "completed" && !c.purged && canAccess(user.role, "unlockLink") && (await isCompletedLinkLocked(id));
  // Only an open consent shows its link (a purged one, never open, has none).
  const link = open ? c.link : null;
  // decisions §26: an in-person consent opens on the clinic's kiosk view, not by its link.
  const inPerson = open && (await isInPersonConsent(user.tenantId, id));
  const qr = link ? await QRCode.toString(link.url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) : null;
  const ts = c.timestamp;
  const when = (s: string | null) => (s ? formatWhen(s, lang, tz) : null);
  // How it closed, when it did: the time, and the reason given (or "—").
  const closings: Partial<Record<ConsentStatus, Record<"at" | "reason", [string, string | null]>>> = {
    rejected: { at: [t.consents.rejectedAt, c.rejected_at], reason: [t.consents.rejectReason, c.reject_reason] },
    cancelled: { at: [t.consents.cancelledAt, c.cancelled_at], reason: [t.consents.cancelReason, c.cancel_reason] },
    withdrawn: { at: [t.consents.withdrawnAt, c.withdrawn_at], reason: [t.consents.withdrawReason, c.withdraw_reason] },
  };
  const outcome = closings[c.status];
  const { parties, refusal } = consentParties(c, events?.data ?? null);
  const personRole = c.approver.type && c.approver.type !== "hasta" ? (t.consentForm.approverTypes[c.approver.type] ?? c.approver.type) : t.physician.parties.roles.person!;

  return (
    <PanelShell user={user} lang={lang} t={t} current="consents" path={`/panel/consents/${id}`}>
      <PageTitle back={{ href: "/panel/consents", label: t.consents.title }} className="break-words" aside={<StatusBadge status={c.status} label={t.status[c.status]} />}>
        {consentTitle({ ...c, template_title: templateTitle })}
      </PageTitle>
      <p className="mt-1 font-mono text-xs break-all text-slate-600" data-testid="consent-id">
        {c.id}
      </p>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section className={ui.card} aria-labelledby="who">
          <h2 id="who" className={ui.h2}>
            {t.consents.detail}
          </h2>
          <dl className="mt-2 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            <DetailRow label={t.consents.patient} value={c.patient.name} />
            <DetailRow label={t.consents.tc} value={c.patient.tc_masked} />
            <DetailRow label={t.consents.phone} value={c.patient.phone} />
            <DetailRow label={t.consents.approver} value={[c.approver.type && (t.consentForm.approverTypes[c.approver.type] ?? c.approver.type), c.approver.name, c.approver.relation].filter(Boolean).join(" · ")} />
            <DetailRow label={t.consents.physician} value={c.physician} />
            <DetailRow label={t.consents.procedure} value={c.procedure} />
            {c.animal ? <DetailRow label={t.consents.animal} value={[c.animal.name, c.animal.species].filter(Boolean).join(" · ")} /> : null}
            <DetailRow label={t.consents.template} value={`${c.template.code} v${c.template.version}`} />
            <DetailRow label={t.consents.language} value={NATIVE_NAMES[c.language]} />
            <DetailRow label={t.consents.externalRef} value={c.external_ref} />
            <DetailRow label={t.consents.patientId} value={c.external_patient_id} />
            <DetailRow label={t.consents.created} value={when(c.created_at)} />
            <DetailRow label={t.consents.expires} value={when(c.expires_at)} />
            <DetailRow label={t.consents.signedAt} value={when(c.signed_at)} />
            {outcome ? (
              <>
                <DetailRow label={outcome.at[0]} value={when(outcome.at[1])} />
                <DetailRow label={outcome.reason[0]} value={outcome.reason[1]} />
              </>
            ) : null}
            {/* decisions §22: the consent this one renews, its re-consent, and whether one is due. */}
            {c.previous_id ? <DetailRow label={t.reconsent.previous} value={c.previous_id} /> : null}
            {c.replaced_by ? <DetailRow label={t.reconsent.renewal} value={c.replaced_by} /> : null}
            {c.reconsent_required && c.status === "completed" && !c.replaced_by ? <DetailRow label={t.reconsent.renewal} value={t.reconsent.required} /> : null}
          </dl>
        </section>

        {/* decisions §22: the teach-back answers, when the version asked any. */}
        {comprehension ? <ComprehensionCard detail={comprehension} language={c.language} t={t} /> : null}

        <ConsentParties
          parties={parties}
          refusal={refusal}
          names={names}
          personRole={personRole}
          countersignHref={user.isPhysician && c.status === "signed" ? `/panel/countersign/${c.id}` : null}
          lang={lang}
          t={t}
        />

        {inPerson ? (
          <section className={ui.card} data-testid="kiosk-link">
            <a href={`/panel/kiosk/${encodeURIComponent(id)}`} className={ui.primary}>
              {lang === "tr" ? "Kioskta aç (yüz yüze kimlik doğrulama)" : "Open on the kiosk (identity checked in person)"}
            </a>
          </section>
        ) : null}
        {link && qr && !inPerson ? (
          <section className={ui.card} aria-labelledby="qr" data-testid="signing-qr">
            <h2 id="qr" className={ui.h2}>
              {t.consents.qrTitle}
            </h2>
            <p className={`${ui.muted} mt-1`}>{t.consents.qrHint}</p>
            <div
              role="img"
              aria-label={t.consents.qrLabel}
              className="mx-auto mt-3 w-full max-w-80 bg-white [&>svg]:h-auto [&>svg]:w-full"
              dangerouslySetInnerHTML={{ __html: qr }}
            />
            <p className="mt-3 text-sm font-medium">{t.consents.link}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2">
              <a href={link.url} className={`${ui.link} ${ui.mono}`} data-testid="signing-link" target="_blank" rel="noreferrer">
                {link.url}
              </a>
              <CopyButton text={link.url} lang={lang} />
            </p>
          </section>
        ) : null}

        <section className={ui.card} aria-labelledby="ts">
          <h2 id="ts" className={ui.h2}>
            {t.consents.timestamp}
          </h2>
          <p className="mt-2 text-sm" data-testid="ts-status" data-ts={ts.status}>
            {t.ts[ts.status] ?? ts.status}
            {"time" in ts && ts.time ? ` · ${formatWhen(ts.time, lang, tz, true)}` : ""}
            {"serial" in ts && ts.serial ? ` · ${ts.serial}` : ""}
            {"error" in ts && ts.error ? ` · ${ts.error}` : ""}
          </p>
        </section>

        <DocumentsCard document={c.document} receipt={c.withdrawal_receipt} withdrawn={c.status === "withdrawn"} purged={c.purged} t={t} />

        {linkLocked ? <UnlockLink id={c.id} lang={lang} /> : null}
        <ConsentActions id={c.id} lang={lang} open={open} awaitingPhysician={c.status === "signed" && !c.purged} withdrawable={c.status === "completed" && !c.purged} canRetryTimestamp={!!c.document && ts.status !== "ok"} />
      </div>

      <section className={`${ui.card} mt-4`} aria-labelledby="events">
        <h2 id="events" className={ui.h2}>
          {t.consents.events}
        </h2>
        {events ? (
          <>
            <p
              data-testid="chain-verdict"
              data-ok={events.chain.ok}
              className={`mt-2 ${events.chain.ok ? ui.success : ui.alert}`}
            >
              {events.chain.ok ? t.consents.chainOk(events.chain.count) : t.consents.chainBroken(events.chain.count)}
            </p>
            <ol className="mt-3 space-y-2 text-sm">
              {events.data.map((e) => (
                <li key={e.seq} className="rounded-lg border border-slate-200 p-2" data-testid="evidence-record">
                  <p>
                    <span className="font-mono">#{e.seq}</span> <strong>{t.consents.eventNames[e.event] ?? e.event}</strong>
                  </p>
                  <p className="text-slate-600">
                    <span className="font-mono">{e.event}</span> · {formatWhen(e.at, lang, tz, true)} · {actorText(e.actor, t.consents.actors, names)}
                  </p>
                  <p className={`${ui.mono} text-slate-600`}>{e.hash}</p>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="mt-2 text-sm">{t.consents.purged}</p>
        )}
      </section>
    </PanelShell>
  );
}
