// GET /s/{token} — the patient's signing page; the link token is the only credential
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { signingViewOf } from "@/lib/signing/get-signing-view";
import { recordView } from "@/lib/signing/record-view";
import { clientIpOf } from "@/lib/server/client-ip";
import { PageHeader } from "@/components/ui/page-header";
import { ConsentDetails, ConsentText, Outcome, Waiting, WhatChangedNotice } from "@/components/signing/consent-summary";
import { sessionMaySeeConsent, signerSessionOf } from "@/lib/signing/require-session";
import { SESSION_COOKIE, VIEW_COOKIE } from "@/lib/api/signing-policy";
import { messages, type Lang } from "@/components/signing/messages";
import { LANGUAGES, pickLanguage } from "@/lib/i18n/languages";
import { directionOf, NATIVE_NAMES } from "@/lib/i18n/languages";
import { SigningFlow } from "@/components/signing/signing-flow";
import { SignedLinkActions } from "@/components/signing/signed-link-actions";
import { ReceiptLink } from "@/components/signing/receipt-link";
import { SigningMessages } from "@/components/signing/locale-provider";
import { ClinicContact, ClinicFooter } from "@/components/signing/clinic-details";
import { ReadAloud } from "@/components/signing/read-aloud";
import { pageHasRecording } from "@/lib/signing/signing-audio";
import { env } from "@/lib/env";
import { CONSENT_TEXT_BOX_ID, CONSENT_TEXT_END_ID, CONSENT_TEXT_HEADING_ID } from "@/components/signing/flow-state";

interface Props {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ token }, sp] = await Promise.all([params, searchParams]);
  const view = await signingViewOf(token);
  const t = messages[wordingOf(sp.lang, view)];
  return { title: view ? `${t.pageTitle} · ${view.institution}` : t.notFoundTitle };
}

/**
 * The page's wording: `?lang=` when the person chose, otherwise the consent's language (decisions
 * §17). The person may switch the wording, never the consent text.
 */
function wordingOf(query: string | string[] | undefined, view: { language: Lang } | null): Lang {
  if (query !== undefined) return pickLanguage(query, LANGUAGES);
  return view?.language ?? "tr";
}

/** The header's one link: from Turkish to the consent's language (or English), from any other to Turkish. */
function otherLanguage(lang: Lang, consentLanguage: Lang): Lang {
  if (lang !== "tr") return "tr";
  return consentLanguage === "tr" ? "en" : consentLanguage;
}

export default async function SigningPage({ params, searchParams }: Props) {
  const [{ token }, sp] = await Promise.all([params, searchParams]);
  const view = await signingViewOf(token);
  const lang = wordingOf(sp.lang, view);
  const t = messages[lang];
  if (!view) notFound();

  // decisions §26: a material change to the text closes the link for signing; the page says so.
  const open = view.status === "sent" && !view.purged && !view.textUpdated;
  const [h, jar] = await Promise.all([headers(), cookies()]);
  // decisions §15: the text and everything personal only for a browser whose code was verified,
  // and only while the consent is open; a closed link shows its outcome and nothing else.
  const verified = open && (await sessionMaySeeConsent(view.consentId, jar.get(SESSION_COOKIE)?.value ?? null));

  // issue #42: a wording asked for whose form does not exist (?lang=de on a Turkish-only template):
  // say so in one line, in that wording. The wording itself still switches (decisions §17).
  const textOnlyIn =
    lang !== view.language && !view.textLanguages.includes(lang)
      ? t.textOnlyIn(new Intl.DisplayNames([lang], { type: "language" }).of(view.language) ?? NATIVE_NAMES[view.language])
      : null;
  const other = otherLanguage(lang, view.language);
  // The bare address opens in the consent's own wording; the other one needs ?lang=.
  const switchHref = `/s/${encodeURIComponent(token)}${other === view.language ? "" : `?lang=${other}`}`;
  // The Turkish table names English; any other language is named in its own words.
  const [switchLabel, switchText] = other === "tr" || other === "en" ? [t.otherLanguageLabel, t.otherLanguage] : [NATIVE_NAMES[other], NATIVE_NAMES[other]];
  const header = (
    <>
      {/* A full page load: the verified state survives it in the server's session cookie. */}
      <PageHeader brand={view.institution} switchHref={switchHref} other={other} label={switchLabel} text={switchText} logo={view.clinic.logo && { src: view.clinic.logo.url, width: view.clinic.logo.width, height: view.clinic.logo.height }} />
      <h1 className="mt-1 text-2xl leading-tight font-bold text-slate-900 [overflow-wrap:anywhere]">{verified && !view.purged ? view.title : t.pageTitle}</h1>
      {textOnlyIn ? (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-[0.95rem] text-amber-950" data-testid="text-only-in">
          {textOnlyIn}
        </p>
      ) : null}
    </>
  );

  if (!open || view.purged) {
    // A document exists once the consent completed (not while it awaits the physician, §19). The
    // person keeps their copy within reach while a verified session of this browser lasts.
    const hasDocument = (view.status === "completed" || view.status === "withdrawn") && !view.purged;
    const session = hasDocument ? await signerSessionOf(view.consentId, jar.get(SESSION_COOKIE)?.value ?? null) : null;
    return (
      <div lang={lang} dir={directionOf(lang)} className="mx-auto max-w-xl px-4 pt-4 pb-16">
        {header}
        <Outcome view={view} t={t} lang={lang} purged={view.purged} documentHref={session?.verified ? `/s/${encodeURIComponent(token)}/document` : null}>
          {/* issue #51: the sealed withdrawal receipt beside the original, for the browser that verified a code. */}
          {view.status === "withdrawn" && session?.verified ? <ReceiptLink token={token} label={t.outcome.receiptDownload} preparing={t.outcome.receiptPreparing} /> : null}
        </Outcome>
        {/* decisions §18, §19: a completed consent's link offers the copy and the withdrawal, after a new code. */}
        {view.status === "completed" && !view.purged ? (
          <SigningMessages lang={lang}>
            <SignedLinkActions token={token} phoneMasked={view.phoneMasked} hasCopy={session?.verified ?? false} sinceSignature={session?.sinceSignature ?? false} />
          </SigningMessages>
        ) : null}
        {/* issue #42: the link is closed, the clinic can still be called. */}
        <ClinicContact institution={view.institution} clinic={view.clinic} lang={lang} />
        <ClinicFooter institution={view.institution} clinic={view.clinic} lang={lang} />
      </div>
    );
  }

  // decisions §26: an in-person consent opens only on the clinic's kiosk view (which holds a session);
  // anywhere else its link shows nothing personal and offers no code.
  if (view.inPerson && !verified) {
    return (
      <div lang={lang} dir={directionOf(lang)} className="mx-auto max-w-xl px-4 pt-4 pb-16">
        {header}
        <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="in-person-only">
          <h2 className="text-lg font-semibold text-slate-900">{t.inPersonTitle}</h2>
          <p className="mt-2 text-slate-700">{t.inPersonText}</p>
        </section>
        <ClinicContact institution={view.institution} clinic={view.clinic} lang={lang} />
        <ClinicFooter institution={view.institution} clinic={view.clinic} lang={lang} />
      </div>
    );
  }

  // Opening the link is evidence (`goruntulendi`); only while the consent is open, at most once per
  // 10 minutes per browser (proxy.ts gives each browser a view cookie).
  await recordView(token, { ip: clientIpOf(h), userAgent: h.get("user-agent") ?? "" }, jar.get(VIEW_COOKIE)?.value ?? null);

  return (
    <div lang={lang} dir={directionOf(lang)} className="mx-auto max-w-xl px-4 pt-4 pb-16">
      {header}

      {verified ? (
        <>
          <ConsentDetails view={view} t={t} lang={lang} />
          {view.whatChanged ? <WhatChangedNotice changed={view.whatChanged} t={t} /> : null}
          <section aria-labelledby={CONSENT_TEXT_HEADING_ID} className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            {/* tabIndex -1: the focus lands here once the code is verified (signing-flow.tsx) */}
            <h2 id={CONSENT_TEXT_HEADING_ID} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
              {t.textHeading}
            </h2>
            <p className="mt-1 mb-4 text-[0.95rem] text-slate-600">{t.textHint}</p>
            {/* decisions §22: the recording of this very text, when the template has one in its language. */}
            {(await pageHasRecording(token)) ? <ReadAloud token={token} textId={CONSENT_TEXT_BOX_ID} labels={t.readAloud} /> : null}
            {/* issue #42: the text scrolls in its own box, and "read" waits for the mark at its end to
                come into view (signing-flow.tsx); a text that fits counts as read at once. Focusable,
                so that the keyboard scrolls it too. */}
            <div
              id={CONSENT_TEXT_BOX_ID}
              role="region"
              aria-labelledby={CONSENT_TEXT_HEADING_ID}
              tabIndex={0}
              className="max-h-[60vh] overflow-y-auto overscroll-contain rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              <ConsentText html={view.html} language={view.language} />
              <div id={CONSENT_TEXT_END_ID} aria-hidden="true" className="h-px" />
            </div>
          </section>
        </>
      ) : (
        <Waiting t={t} lang={lang} institution={view.institution} expiresAt={view.expiresAt} />
      )}
      <div className="mt-6">
        {/* issue #51: the browser gets only this language's wording, not the six tables */}
        <SigningMessages lang={lang}>
          <SigningFlow
            token={token}
            lang={lang}
            phoneMasked={view.phoneMasked}
            verified={verified}
            locked={view.locked}
            interpreterName={verified ? view.interpreterName : null}
            witnessName={verified ? view.witnessName : null}
            questions={verified ? view.questions : []}
            clauses={verified ? view.clauses : []}
            textLanguage={view.language}
            timeZone={env().APP_TIMEZONE}
          />
        </SigningMessages>
      </div>
      {/* decisions §26: the kiosk is left by the staff member (the panel asks for their password). */}
      {view.inPerson ? (
        <p className="mt-6 text-center">
          {/* A full page load: the panel (and its kiosk lock) is another audience. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/panel/kiosk/cikis" className="text-sm text-slate-600 underline" data-testid="kiosk-exit">
            {t.kioskExit}
          </a>
        </p>
      ) : null}
      <ClinicFooter institution={view.institution} clinic={view.clinic} lang={lang} />
    </div>
  );
}
