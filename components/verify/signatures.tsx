// Every signature the verifier found (decisions §24 rule 5), as a person reads it: its role in the
// page's language, the signer, valid or not, trusted or not, qualified, and its time.
import { formatWhen } from "@/lib/i18n/format";
import type { Lang, Messages } from "./messages";

export interface SignatureVerdict {
  role: keyof Messages["roles"];
  signer: string;
  qualified: boolean;
  valid: boolean;
  trusted: boolean;
  time: string | null;
}

export function Signatures({ signatures, t, lang, timeZone }: { signatures: SignatureVerdict[]; t: Messages; lang: Lang; timeZone: string }) {
  if (signatures.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="font-semibold">{t.signaturesTitle}</h3>
      <ul className="mt-1 space-y-1.5 text-[0.95rem]">
        {signatures.map((s, i) => {
          const good = s.valid && s.trusted;
          return (
            <li key={i} data-signature={s.role} data-good={good} className="border-t border-current/15 pt-1.5 first:border-t-0">
              <span aria-hidden="true">{good ? "✓ " : "✗ "}</span>
              <span className="font-semibold">{t.roles[s.role] ?? s.role}</span>
              {" — "}
              <span className="[overflow-wrap:anywhere]">{s.signer}</span>
              <span className="block text-[0.9rem] opacity-90">
                {[s.valid ? t.sigValid : t.sigInvalid, s.trusted ? t.sigTrusted : t.sigUntrusted, ...(s.qualified ? [t.sigQualified] : []), ...(s.time ? [formatWhen(s.time, lang, timeZone, true)] : [])].join(" · ")}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
