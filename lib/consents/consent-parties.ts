// Who signs a consent and whether they have (decisions §17, §19), for the consent's panel page: the
// person or the one approving for them, the interpreter, the witness, the informing physician; and a
// refusal put on record. Read from the consent object and its evidence records (the interpreter's
// and the witness's signing times are only there); a purged consent has neither names nor records.
import type { ConsentObject } from "@/lib/contract/response-shapes";
import type { EvidenceRecord } from "@/lib/evidence/chain";

type PartyRole = "person" | "interpreter" | "witness" | "physician";
/** signed; awaited (the consent is still open to them); or not signed and no longer awaited */
type PartyState = "signed" | "awaiting" | "not_signed";

export interface Party {
  role: PartyRole;
  name: string | null;
  state: PartyState;
  signedAt: string | null;
  /** the physician's registration number and time of informing */
  registrationNo?: string | null;
  informedAt?: string | null;
  /** decisions §24: the physician signs with a qualified certificate; its subject, issuer and serial once signed */
  qualified?: { subject: string; issuer: string; serial: string } | null;
  /** how the physician signed without a qualified certificate: a drawing, their typed name, their saved signature */
  signatureType?: "drawn" | "typed" | "saved";
}

export interface RefusalRecord {
  at: string;
  reason: string | null;
  witness: string | null;
  /** `panel:<user id>` or `api:<key id>`: who put it on record */
  actor: string;
}

const text = (v: unknown) => (typeof v === "string" ? v : null);

/** decisions §24: a qualified signature's certificate (null until signed); issue #51: otherwise, once signed, how it was made. */
function howPhysicianSigned(p: NonNullable<ConsentObject["physician_countersign"]>): Pick<Party, "qualified" | "signatureType"> {
  if (p.signature_type === "qualified") return { qualified: p.certificate && { subject: p.certificate.subject, issuer: p.certificate.issuer, serial: p.certificate.serial } };
  return p.signed_at && p.signature_type ? { signatureType: p.signature_type } : {};
}

export function consentParties(c: ConsentObject, events: EvidenceRecord[] | null): { parties: Party[]; refusal: RefusalRecord | null } {
  const at = (event: string) => events?.find((e) => e.event === event)?.at ?? null;
  const state = (signedAt: string | null, open: boolean): PartyState => (signedAt ? "signed" : open ? "awaiting" : "not_signed");
  const personOpen = c.status === "sent";
  const parties: Party[] = [
    {
      role: "person",
      name: c.approver.type && c.approver.type !== "hasta" ? c.approver.name : c.patient.name,
      state: state(c.signed_at, personOpen),
      signedAt: c.signed_at,
    },
  ];
  // The interpreter and the witness sign on the person's device right after the person.
  if (c.interpreter) {
    const signedAt = at("tercuman_imzaladi");
    parties.push({ role: "interpreter", name: c.interpreter.name, state: state(signedAt, personOpen), signedAt });
  }
  if (c.witness) {
    const signedAt = at("tanik_imzaladi");
    parties.push({ role: "witness", name: c.witness.name, state: state(signedAt, personOpen), signedAt });
  }
  const p = c.physician_countersign;
  if (p) {
    parties.push({
      role: "physician",
      name: p.name,
      state: state(p.signed_at, c.status === "sent" || c.status === "signed"),
      signedAt: p.signed_at,
      registrationNo: p.registration_no,
      informedAt: p.informed_at,
      ...howPhysicianSigned(p),
    });
  }
  const r = events?.find((e) => e.event === "ret_tutanagi");
  const refusal = r ? { at: r.at, reason: text(r.data.reason) ?? c.reject_reason, witness: text(r.data.tanik_ad), actor: r.actor } : null;
  return { parties, refusal };
}
