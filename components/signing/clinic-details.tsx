// decisions §23: the institution's address, phone and privacy notice at the foot of the signing page
// in every state, and on a closed link a card to call it (issue #42): the person can no longer act on
// the link, but can still reach the clinic. The phone is a tel: link written left to right in any
// page direction; the privacy notice opens in a new tab without a Referer (the token is in the URL).
import type { ClinicBranding } from "@/lib/branding/clinic-branding";
import { isolateLtr, type Language } from "@/lib/i18n/languages";
import { clinicMessages } from "./locales/clinic";
import { cls } from "./ui";

const link = `rounded font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 ${cls.focus}`;

export function ClinicFooter({ institution, clinic, lang }: { institution: string; clinic: ClinicBranding; lang: Language }) {
  const t = clinicMessages[lang];
  if (!clinic.address && !clinic.phone && !clinic.privacyUrl) return null;
  return (
    <footer aria-label={t.details} className="mt-10 border-t border-slate-200 pt-4 text-[0.95rem] text-slate-700" data-testid="clinic-footer">
      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{institution}</p>
      {clinic.address ? (
        <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]" dir="auto" data-testid="clinic-address">
          {clinic.address}
        </p>
      ) : null}
      {clinic.phone ? (
        <p className="mt-1">
          {t.phone}:{" "}
          <a href={`tel:${clinic.phone.e164}`} dir="ltr" className={link} data-testid="clinic-phone">
            {clinic.phone.display}
          </a>
        </p>
      ) : null}
      {clinic.privacyUrl ? (
        <p className="mt-1">
          <a href={clinic.privacyUrl} target="_blank" rel="noopener noreferrer" className={link} data-testid="clinic-privacy">
            {t.privacyNotice}
            <span className="sr-only"> {t.newTab}</span>
          </a>
        </p>
      ) : null}
    </footer>
  );
}

/** A closed link: whom to call. Nothing when the institution gave no phone (the outcome already says to contact it). */
export function ClinicContact({ institution, clinic, lang }: { institution: string; clinic: ClinicBranding; lang: Language }) {
  const t = clinicMessages[lang];
  if (!clinic.phone) return null;
  return (
    <section aria-labelledby="clinic-contact" className={`mt-6 ${cls.card}`} data-testid="clinic-contact">
      <h2 id="clinic-contact" className={cls.h2}>
        {t.contactTitle}
      </h2>
      <p className="mt-1 font-medium text-slate-900 [overflow-wrap:anywhere]">{institution}</p>
      <p className="mt-1 text-[0.95rem] text-slate-700">{t.contactText}</p>
      <a href={`tel:${clinic.phone.e164}`} className={`mt-4 ${cls.secondary}`} data-testid="clinic-call">
        {t.call(isolateLtr(clinic.phone.display))}
      </a>
    </section>
  );
}
