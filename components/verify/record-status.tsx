// decisions §25: what /dogrula/{id} says before any file is chosen — the consent's status as it stands
// today, the institution and the signing date, nothing about the person — and that the file is needed
// to check a copy byte for byte.
import type { PublicStatusLookup } from "@/lib/consents/look-up-public-status";
import { formatAt } from "@/lib/i18n/format";
import { parseDateTimeIn } from "@/lib/time";
import type { Lang, Messages } from "./messages";
import { cls } from "./ui";

export type RecordLookup = PublicStatusLookup;

function when(signedAt: string, timeZone: string, lang: Lang): string {
  const at = parseDateTimeIn(signedAt, timeZone);
  return at ? formatAt(at, timeZone, lang) : signedAt;
}

export function RecordStatus({ lookup, t, lang, timeZone }: { lookup: RecordLookup; t: Messages; lang: Lang; timeZone: string }) {
  if (lookup.kind !== "found") {
    return (
      <section aria-labelledby="record-status" className={`${cls.card} mt-6`}>
        <h2 id="record-status" className={cls.h2}>
          {t.recordTitle}
        </h2>
        <p className="mt-1 text-[0.95rem] text-slate-700">{lookup.kind === "unknown" ? t.recordUnknown : t.recordLimited}</p>
      </section>
    );
  }
  const s = lookup.status;
  return (
    <section aria-labelledby="record-status" className={`${cls.card} mt-6`}>
      <h2 id="record-status" className={cls.h2}>
        {t.recordTitle}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-[0.95rem]">
        <dt className="text-slate-600">{t.statusLabel}</dt>
        <dd className="font-semibold text-slate-900" data-status={s.status}>
          {/* decisions §25: the status_text in Turkish; the page's own word for it in another language */}
          {lang === "tr" || t.status(s.status) === s.status ? s.status_text : t.status(s.status)}
        </dd>
        <dt className="text-slate-600">{t.institution}</dt>
        <dd className="text-slate-900">{s.institution}</dd>
        <dt className="text-slate-600">{t.signedAt}</dt>
        <dd className="text-slate-900">{s.signed_at ? when(s.signed_at, timeZone, lang) : t.notSigned}</dd>
      </dl>
      <p className="mt-3 text-[0.9rem] text-slate-600">{t.recordChanges}</p>
      <p className="mt-2 text-[0.95rem] font-medium text-slate-800">{t.recordAsk}</p>
    </section>
  );
}
