// One signer of a consent on the countersign page: role, name, when, and the signature they drew.
import type { SignerView } from "@/lib/consents/get-countersign-view";
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import type { Lang, Messages } from "@/components/panel/messages";

export function SignerCard({ role, signer, lang, t }: { role: string; signer: SignerView; lang: Lang; t: Messages }) {
  const name = signer.name ?? "—";
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 p-3" data-testid="signer">
      <p className="text-sm text-slate-600">{role}</p>
      <p className="font-semibold break-words">{name}</p>
      <p className="text-sm">
        {t.physician.parties.states[signer.signedAt ? "signed" : "not_signed"]}
        {signer.signedAt ? ` · ${formatWhen(signer.signedAt, lang, env().APP_TIMEZONE, true)}` : ""}
      </p>
      {signer.signature ? (
        // A data URL of the stored PNG (the CSP allows data: images); Next's <Image> adds nothing to it.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={signer.signature} alt={t.physician.page.signatureOf(role, name)} className="mt-2 h-24 w-full max-w-xs rounded border border-slate-200 bg-white object-contain" />
      ) : signer.typed ? (
        // decisions §23: typed instead of drawn; React escapes it like any text.
        <p className="mt-2 text-sm text-slate-600">
          <span className="block text-lg text-slate-900 italic [overflow-wrap:anywhere]" dir="auto">
            {signer.typed}
          </span>
          {t.physician.page.typedSignature}
        </p>
      ) : (
        <p className={`mt-2 text-sm text-slate-600`}>{t.physician.page.noSignature}</p>
      )}
    </li>
  );
}
