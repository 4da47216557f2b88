// decisions §19: the signed consent has one signature block per party who signed — the person or
// their representative, the interpreter (§17), the witness, the informing physician — each with the
// drawn signature, the name, the role and the time, in the consent's language beside Turkish.
import { Image, Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { directionOf, type Language } from "@/lib/i18n/languages";
import { directionOfText, Label, Paragraphs, StackedLabel, Value } from "./bilingual";
import { approverName, dash, fieldLabel, LANGUAGE_NAMES, SectionTitle } from "./document-parts";
import type { ConsentDocumentData } from "./document-types";
import { FieldGrid } from "./field-grid";
import { labelPair, type LabelPair, type PdfLabels } from "./pdf-labels";
import { base, COLORS } from "./pdf-theme";
import { printedWhen } from "./pdf-date";
import { filedLabel } from "./filed-labels";
import { pdfTag } from "./pdf-tags";

/**
 * decisions §23: the mark beside a name the person typed instead of drawing, Turkish beside the
 * consent's language like every label (kept here: pdf-labels.ts is at its size limit).
 */
const TYPED_MARK: Record<Language, string> = {
  tr: "yazılarak imzalandı",
  en: "signed by typing the name",
  ar: "تم التوقيع بكتابة الاسم",
  de: "durch Eingabe des Namens unterschrieben",
  ru: "подписано вводом имени",
  fr: "signé en saisissant le nom",
};
const typedMark = (language: Language): LabelPair => ({ tr: TYPED_MARK.tr, other: language === "tr" ? null : TYPED_MARK[language], rtl: directionOf(language) === "rtl" });

/**
 * decisions §24: a physician's qualified electronic signature is a PAdES signature in the file, not a
 * drawing: the block says so where the drawing would be, with the certificate's subject and serial.
 */
const QUALIFIED_MARK = "Nitelikli elektronik imza ile imzalanmıştır";
const trOnly = (language: Language, tr: string, en: string): LabelPair => ({ tr, other: language === "tr" ? null : en, rtl: false });

interface Fact {
  label: LabelPair;
  value: string;
}

export interface Party {
  role: LabelPair;
  name: string;
  /** "on behalf of …": whom a representative signed for */
  onBehalfOf: LabelPair | null;
  /**
   * the drawn signature, or (decisions §23) the name typed instead with its "yazılarak imzalandı" label,
   * or (decisions §25) what stands where no signature was asked for
   */
  signature: { png: Buffer } | { typed: string; label: LabelPair } | { none: LabelPair };
  facts: Fact[];
}

/** The parties who signed, in the order they signed: the person, the interpreter, the witness, the physician. */
export function signingParties(data: ConsentDocumentData, language: Language): Party[] {
  const pair = (pick: (l: PdfLabels) => string) => labelPair(language, pick);
  const signedAt: Fact = { label: pair((l) => l.signedAt), value: printedWhen(data.signedAt, data.timeZone) };
  const a = data.approver;
  // A named representative signs for the patient (or the owner for the animal); the patient alone signs for themself.
  const representative = a.type !== "hasta" && a.name ? approverName(a) : null;
  const animal = data.animal?.name ?? null;
  const forWhom = a.type === "sahip" && animal ? animal : data.patientName;
  const parties: Party[] = [
    {
      role: pair((l) => l.approverTypes[a.type]),
      name: representative ?? data.patientName,
      onBehalfOf: representative ? pair((l) => l.onBehalfOf(forWhom)) : null,
      signature: data.signaturePng ? { png: data.signaturePng } : { typed: data.typedSignature ?? "", label: typedMark(language) },
      facts: [signedAt],
    },
  ];
  if (data.interpreter) {
    parties.push({
      role: pair((l) => l.interpreter),
      name: data.interpreter.name,
      onBehalfOf: null,
      signature: { png: data.interpreter.signaturePng },
      facts: [{ label: pair((l) => l.interpretedLanguage), value: LANGUAGE_NAMES[data.language] }, signedAt],
    });
  }
  if (data.witness) {
    parties.push({ role: pair((l) => l.witness), name: data.witness.name, onBehalfOf: null, signature: { png: data.witness.signaturePng }, facts: [signedAt] });
  }
  const c = data.countersignature;
  // decisions §25: the informing physician's block always; without a countersignature, the physician
  // the integrator named (hekim), and that no signature was asked of them.
  if (!c) {
    parties.push({ role: pair((l) => l.informingPhysician), name: data.physician ?? "—", onBehalfOf: null, signature: { none: filedLabel(language, "noCountersign") }, facts: [] });
  }
  if (c) {
    parties.push({
      role: pair((l) => l.informingPhysician),
      name: c.name,
      onBehalfOf: null,
      // issue #51: a name the physician typed is shown and marked like the person's (decisions §23).
      signature: c.typed
        ? { typed: c.typed, label: typedMark(language) }
        : c.qualified || !c.signaturePng
          ? { typed: QUALIFIED_MARK, label: trOnly(language, "5070 sayılı Kanun: güvenli elektronik imza", "qualified electronic signature") }
          : { png: c.signaturePng },
      facts: [
        ...(c.registrationNo ? [{ label: pair((l) => l.registrationNo), value: c.registrationNo }] : []),
        ...(c.qualified
          ? [
              { label: trOnly(language, "Sertifika", "Certificate"), value: c.qualified.subject },
              { label: trOnly(language, "Sertifika seri no", "Certificate serial"), value: c.qualified.serial },
            ]
          : []),
        { label: pair((l) => l.informedAt), value: printedWhen(c.informedAt, data.timeZone) },
        { label: pair((l) => l.signedAt), value: printedWhen(c.signedAt, data.timeZone) },
      ],
    });
  }
  return parties;
}

/** The text alternative of a drawn signature (PDF/UA-1: every figure has one): whose, and that it was drawn. */
export const signatureAlt = (role: string, name: string): string => `${role} ${name} imzası (ekrana çizilmiş)`;

function SignatureImage({ png, alt }: { png: Buffer; alt: string }): ReactElement {
  return (
    <View style={{ height: 64, borderWidth: 0.5, borderColor: COLORS.rule, backgroundColor: "#fbfcfd", padding: 4, marginTop: 4 }}>
      <Image {...pdfTag("Figure", { alt })} src={png} cache={false} style={{ width: "100%", height: "100%", objectFit: "contain" }} />
    </View>
  );
}

/**
 * decisions §23: the name the person typed, where a drawing would be, in the same frame, marked as
 * typed ("yazılarak imzalandı", in the consent's language beside it). It is text, never markup: the
 * renderer draws the string as given, in the direction of its own letters.
 */
function TypedSignature({ name, label }: { name: string; label: LabelPair }): ReactElement {
  return (
    <View style={{ height: 64, borderWidth: 0.5, borderColor: COLORS.rule, backgroundColor: "#fbfcfd", padding: 4, marginTop: 4, justifyContent: "center" }}>
      {/* Centred in either direction (Value would push an Arabic name to the right edge). */}
      <Text style={{ fontSize: 14, fontStyle: "italic", textAlign: "center", ...(directionOfText(name) === "rtl" ? { direction: "rtl" } : {}) }}>{name}</Text>
      <View style={{ marginTop: 3, alignItems: "center" }}>
        <Label text={label} style={base.label} />
      </View>
    </View>
  );
}

/** One party's block, never split over two pages: a signature without its name proves little. */
function SignatureBlock({ party }: { party: Party }): ReactElement {
  return (
    <View {...pdfTag("Div")} wrap={false} style={{ width: "48.5%", borderWidth: 0.5, borderColor: COLORS.rule, paddingHorizontal: 6, paddingVertical: 5 }}>
      <StackedLabel tag="H3" text={party.role} style={{ fontSize: 8, fontWeight: "bold", color: COLORS.accent }} />
      {"png" in party.signature ? (
        <SignatureImage png={party.signature.png} alt={signatureAlt(party.role.other ? `${party.role.tr} / ${party.role.other}` : party.role.tr, party.name)} />
      ) : "typed" in party.signature ? (
        <TypedSignature name={party.signature.typed} label={party.signature.label} />
      ) : (
        <View style={{ height: 64, borderWidth: 0.5, borderColor: COLORS.rule, padding: 4, marginTop: 4, justifyContent: "center", alignItems: "center" }}>
          <Label text={party.signature.none} style={base.label} />
        </View>
      )}
      <Value style={{ fontSize: 9.5, fontWeight: "bold", marginTop: 4 }} align="left">
        {party.name}
      </Value>
      {party.onBehalfOf ? <Label text={party.onBehalfOf} style={base.label} /> : null}
      {party.facts.map((f, i) => (
        <View key={i} style={{ marginTop: 3 }}>
          <Label text={f.label} style={base.label} />
          {/* Times and numbers alone in their element: beside Arabic the date and the time would swap. */}
          <Value style={{ fontSize: 9 }} align="left">
            {f.value}
          </Value>
        </View>
      ))}
    </View>
  );
}

/** Two blocks a row on A4; a row moves to the next page whole. */
function SignatureRow({ parties }: { parties: readonly Party[] }): ReactElement {
  return (
    <View wrap={false} style={{ flexDirection: "row", justifyContent: "space-between", marginTop: 8 }}>
      {parties.map((p, i) => (
        <SignatureBlock key={i} party={p} />
      ))}
    </View>
  );
}

export function SignatureSection({ data, language }: { data: ConsentDocumentData; language: Language }): ReactElement {
  const pair = (pick: (l: PdfLabels) => string) => labelPair(language, pick);
  const rows: Party[][] = [];
  for (const p of signingParties(data, language)) {
    const last = rows.at(-1);
    if (last && last.length < 2) last.push(p);
    else rows.push([p]);
  }
  const [first = [], ...rest] = rows;
  const label = (pick: (l: PdfLabels) => string) => fieldLabel(language, pick);
  return (
    <View>
      {/* The title and the statement stay with the first signatures. */}
      <View wrap={false}>
        <SectionTitle text={pair((l) => l.approvalSection)} />
        <Paragraphs text={pair((l) => l.statement)} style={{ fontSize: 8.5, color: COLORS.muted }} />
        <SignatureRow parties={first} />
      </View>
      {rest.map((r, i) => (
        <SignatureRow key={i} parties={r} />
      ))}
      {/* Where the person (and the interpreter and witness beside them) signed; the physician signs elsewhere. */}
      <View wrap={false} style={{ marginTop: 8 }}>
        <View style={{ marginBottom: 2 }}>
          <Label text={pair((l) => l.signingSession)} style={{ fontSize: 7.5, fontWeight: "bold", color: COLORS.muted }} />
        </View>
        <FieldGrid
          fields={[
            { label: label((l) => l.ip), value: dash(data.signerIp) },
            // decisions §26: in person, no code was sent: the staff member who checked the identity document instead
            ...(data.identityVerifiedBy ? [] : [{ label: label((l) => l.otpPhone), value: dash(data.otpPhoneMasked) }]),
            // decisions §22: how much of the text's recording the person heard before signing
            ...(typeof data.listenedPercent === "number" ? [{ label: label((l) => l.listened), value: `%${data.listenedPercent}` }] : []),
            { label: label((l) => l.device), value: dash(data.signerUserAgent), wide: true },
          ]}
        />
        {data.identityVerifiedBy ? <Text style={{ fontSize: 8.5, marginTop: 3 }}>{`Kimlik yüz yüze doğrulandı: ${data.identityVerifiedBy}`}</Text> : null}
      </View>
    </View>
  );
}
