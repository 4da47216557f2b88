// The shell of /dogrula and /dogrula/{id}: language switch, the form and the offline guide.
import { describeTimestamping } from "@/lib/timestamping/describe-timestamping";
import { env } from "@/lib/env";
import { directionOf, LANGUAGES, NATIVE_NAMES } from "@/lib/i18n/languages";
import { messages, type Lang } from "./messages";
import { OfflineGuide } from "./offline-guide";
import type { CheckFile } from "./file-check";
import { VerifyForm } from "./verify-form";
import { RecordStatus, type RecordLookup } from "./record-status";
import { PageHeader } from "@/components/ui/page-header";

/** `checkFile`: the page's server action, which judges a file the person chose to send (app/(public)/dogrula/actions.ts: lib/actions/ is the panel's, which public pages never import). */
/** `record`: on /dogrula/{id}, the consent's status on record (decisions §25), shown before the form. */
export function VerifyPage({ lang, id, checkFile, record }: { lang: Lang; id: string; checkFile: CheckFile; record?: RecordLookup }) {
  const t = messages[lang];
  const { provider, provider_name, legally_valid } = describeTimestamping();
  const base = env().APP_URL.replace(/\/+$/, "");
  const other = lang === "tr" ? "en" : "tr";
  const path = id ? `/dogrula/${encodeURIComponent(id)}` : "/dogrula";
  const hrefIn = (l: Lang) => (l === "tr" ? path : `${path}?lang=${l}`);

  return (
    <div lang={lang} dir={directionOf(lang)} className="mx-auto max-w-xl px-4 pt-4 pb-16">
      <PageHeader brand="e-Onam" switchHref={hrefIn(other)} other={other} label={t.otherLanguageLabel} text={t.otherLanguage} />
      <h1 className="mt-1 text-2xl leading-tight font-bold text-slate-900">{t.pageTitle}</h1>
      <p className="mt-2 text-[0.95rem] text-slate-700">{t.intro}</p>

      {record ? <RecordStatus lookup={record} t={t} lang={lang} timeZone={env().APP_TIMEZONE} /> : null}
      <VerifyForm lang={lang} timeZone={env().APP_TIMEZONE} initialId={id} tsa={{ provider, provider_name, legally_valid }} checkFile={checkFile} />
      <OfflineGuide lang={lang} certUrl={`${base}/tsa/certificate.pem`} sealCertUrl={`${base}/seal/certificate.pem`} />
      <nav aria-label={t.languages} className="mt-8 border-t border-slate-200 pt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-[0.95rem]">
          {LANGUAGES.filter((l) => l !== lang).map((l) => (
            <li key={l}>
              <a href={hrefIn(l)} hrefLang={l} lang={l} className="inline-flex min-h-11 items-center text-blue-800 underline underline-offset-4">
                {NATIVE_NAMES[l]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
