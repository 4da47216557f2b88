// The parties of a consent on its panel page (decisions §17, §19): each signer and whether they have
// signed, the physician with registration number and time of informing, and a refusal on record.
import Link from "next/link";
import type { Party, RefusalRecord } from "@/lib/consents/consent-parties";
import { actorText } from "@/components/panel/actor-text";
import type { Lang, Messages } from "@/components/panel/messages";
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import { ui } from "@/components/panel/styles";

const STATE_STYLE = { signed: "bg-green-100 text-green-900", awaiting: "bg-amber-100 text-amber-950", not_signed: "bg-slate-200 text-slate-800" } as const;

interface Props {
  parties: Party[];
  refusal: RefusalRecord | null;
  /** the person's role in words (an approver signs for the patient) */
  personRole: string;
  /** the link to countersign, for a physician while the consent awaits one */
  countersignHref: string | null;
  lang: Lang;
  t: Messages;
  /** actors by name (lib/consents/actor-names.ts) */
  names?: ReadonlyMap<string, string>;
}

export function ConsentParties({ parties, refusal, personRole, countersignHref, lang, t, names }: Props) {
  const p = t.physician.parties;
  const when = (s: string | null | undefined) => (s ? formatWhen(s, lang, env().APP_TIMEZONE, true) : "—");
  return (
    <section className={ui.card} aria-labelledby="parties" data-testid="consent-parties">
      <h2 id="parties" className={ui.h2}>
        {p.title}
      </h2>
      <ul className="mt-2 grid gap-2">
        {parties.map((party) => (
          <li key={party.role} className="min-w-0 rounded-lg border border-slate-200 p-2 text-sm" data-party={party.role} data-state={party.state}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 break-words">
                <span className="text-slate-600">{party.role === "person" ? personRole : p.roles[party.role]}</span>
                {party.name ? <strong className="ml-1">{party.name}</strong> : null}
              </p>
              <span className={`rounded-full px-2.5 py-0.5 font-medium ${STATE_STYLE[party.state]}`}>
                {p.states[party.state]}
                {party.signedAt ? ` · ${when(party.signedAt)}` : ""}
              </span>
            </div>
            {party.role === "physician" && party.state === "signed" ? (
              <p className="mt-1 text-slate-700">
                {p.registrationNo}: {party.registrationNo ?? "—"} · {p.informedAt}: {when(party.informedAt)}
                {party.signatureType ? <span data-testid="physician-signature-type"> · {p.signatureTypes[party.signatureType]}</span> : null}
              </p>
            ) : null}
            {party.role === "physician" && party.qualified !== undefined ? (
              <p className="mt-1 break-words text-slate-700" data-testid="physician-qualified">
                {p.qualified}
                {party.qualified ? ` · ${p.certificate(party.qualified.subject, party.qualified.issuer, party.qualified.serial)}` : ""}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {countersignHref ? (
        <p className="mt-3">
          <Link href={countersignHref} className={ui.primary}>
            {p.countersign}
          </Link>
        </p>
      ) : null}
      {refusal ? (
        <div className="mt-3 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm" data-testid="refusal-record">
          <h3 className="font-semibold">{p.refusal}</h3>
          <dl className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-slate-700">{p.refusalReason}</dt>
              <dd className="break-words">{refusal.reason ?? "—"}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-700">{p.refusalWitness}</dt>
              <dd className="break-words">{refusal.witness ?? "—"}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-700">{p.refusalBy}</dt>
              <dd className="break-all">{actorText(refusal.actor, t.consents.actors, names)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-700">{p.refusalAt}</dt>
              <dd>{when(refusal.at)}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </section>
  );
}
