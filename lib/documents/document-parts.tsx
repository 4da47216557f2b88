// What the signed consent and the refusal on record share: section titles, the person and procedure
// grid, the name of the text's language, and the verification box (decisions §8, §17, §19).
import { Link, Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { NATIVE_NAMES, type Language } from "@/lib/i18n/languages";
import { Label, Paragraphs, Value } from "./bilingual";
import type { ShownTextData } from "./document-types";
import { evenFields, type Field } from "./field-grid";
import { MONO } from "./fonts";
import { labelPair, pdfLabels, type LabelPair, type PdfLabels } from "./pdf-labels";
import { base, COLORS } from "./pdf-theme";
import { QrCode } from "./qr-code";
import { filedLabel } from "./filed-labels";
import { printedWhen } from "./pdf-date";
import { pdfTag } from "./pdf-tags";

type Approver = ShownTextData["approver"];

export const dash = (v: string | null | undefined): string => (v && v.trim() !== "" ? v : "—");

/** "Veli — Gülşen Iğdır (Annesi)", "Hasta (kendisi)". */
function approverText(a: Approver, l: PdfLabels = pdfLabels("tr")): string {
  const who = [l.approverTypes[a.type], a.name].filter(Boolean).join(" — ");
  return a.relation ? `${who} (${a.relation})` : who;
}

/** "Gülşen Iğdır (Annesi)", or null when the approver is not named. */
export function approverName(a: Approver): string | null {
  if (!a.name) return a.relation ? `(${a.relation})` : null;
  return a.relation ? `${a.name} (${a.relation})` : a.name;
}

function animalText(animal: NonNullable<ShownTextData["animal"]>): string | null {
  if (animal.name && animal.species) return `${animal.name} (${animal.species})`;
  return animal.name ?? animal.species;
}

/** The language of the text, in Turkish and in its own name: "İngilizce (English)". */
export const LANGUAGE_NAMES: Record<Language, string> = {
  tr: "Türkçe",
  en: "İngilizce (English)",
  ar: "Arapça (العربية)",
  de: "Almanca (Deutsch)",
  ru: "Rusça (Русский)",
  fr: "Fransızca (Français)",
};

/**
 * The title of the text's section with the text's language: "Onam metni / Consent text — İngilizce
 * (English)", as integrators' tests read it; for Arabic "Onam metni — Arapça" beside "نص الموافقة —
 * العربية", each half in its own direction.
 */
export function textTitle(language: Language, pick: (l: PdfLabels) => string): LabelPair {
  const pair = labelPair(language, pick);
  if (pair.other === null) return pair;
  if (!pair.rtl) return { ...pair, other: `${pair.other} — ${LANGUAGE_NAMES[language]}` };
  const turkishName = LANGUAGE_NAMES[language].replace(/ \(.*\)$/, "");
  return { ...pair, tr: `${pair.tr} — ${turkishName}`, other: `${pair.other} — ${NATIVE_NAMES[language]}` };
}

/** A grid label: "Turkish / other" where one line orders it right, its own element for Arabic. */
export function fieldLabel(language: Language, pick: (l: PdfLabels) => string): string | ReactElement {
  const pair = labelPair(language, pick);
  if (pair.rtl) return <Label text={pair} style={{ fontSize: 7, color: COLORS.muted }} />;
  return pair.other === null ? pair.tr : `${pair.tr} / ${pair.other}`;
}

export function personFields(d: ShownTextData, language: Language): Field[] {
  const l = pdfLabels(language);
  const label = (pick: (l: PdfLabels) => string) => fieldLabel(language, pick);
  const rtl = labelPair(language, (x) => x.name).rtl;
  const name = approverName(d.approver);
  // One line would mix the Arabic role with the name and reorder both: the role in two languages
  // (Label), the name under it in its own direction.
  const approver = rtl ? (
    <View>
      <Label text={labelPair(language, (x) => x.approverTypes[d.approver.type])} style={{ fontSize: 9.5 }} />
      {name ? (
        <Value style={{ fontSize: 9.5 }} align="left">
          {name}
        </Value>
      ) : null}
    </View>
  ) : (
    approverText(d.approver, l)
  );
  const filed = (key: "birthDate" | "patientNo") => {
    const pair = filedLabel(language, key);
    return pair.rtl ? <Label text={pair} style={{ fontSize: 7, color: COLORS.muted }} /> : pair.other === null ? pair.tr : `${pair.tr} / ${pair.other}`;
  };
  const fields: Field[] = [
    { label: label((x) => x.name), value: d.patientName },
    // decisions §25: when the integrator gave them
    ...(d.birthDate ? [{ label: filed("birthDate"), value: printedWhen(d.birthDate) }] : []),
    ...(d.externalPatientId ? [{ label: filed("patientNo"), value: d.externalPatientId }] : []),
    { label: label((x) => x.nationalId), value: dash(d.tcMasked) },
    { label: label((x) => x.phone), value: dash(d.phoneMasked) },
    { label: label((x) => x.approver), value: approver },
  ];
  const animal = d.animal ? animalText(d.animal) : null;
  if (animal) fields.push({ label: label((x) => x.animal), value: animal });
  if (d.physician) fields.push({ label: label((x) => x.physician), value: d.physician });
  if (d.procedure) fields.push({ label: label((x) => x.procedure), value: d.procedure, wide: d.procedure.length > 40 });
  return evenFields(fields);
}

export function SectionTitle({ text }: { text: LabelPair }): ReactElement {
  const { letterSpacing: _spacing, ...style } = base.sectionTitle;
  return (
    <View
      {...pdfTag("H2")}
      minPresenceAhead={60}
      style={{ borderBottomWidth: 0.75, borderBottomColor: COLORS.accent, paddingBottom: 2, marginTop: 12, marginBottom: 6 }}
    >
      {/* Letter spacing would pull the joined Arabic letters apart: only the Latin and Cyrillic titles get it. */}
      <Label
        text={text}
        style={{ ...style, borderBottomWidth: 0, paddingBottom: 0, marginTop: 0, marginBottom: 0, letterSpacing: text.rtl ? 0 : 0.6 }}
      />
    </View>
  );
}

export function VerificationBox({ data, language }: { data: ShownTextData; language: Language }): ReactElement {
  const pair = (pick: (l: PdfLabels) => string) => labelPair(language, pick);
  return (
    <View wrap={false} style={{ marginTop: 14 }}>
      <View style={{ flexDirection: "row", borderWidth: 0.75, borderColor: COLORS.accent, backgroundColor: COLORS.panel, padding: 8 }}>
        {/* Scanners need the white quiet zone around the code, not the panel's tint. */}
        <View {...pdfTag("Figure", { alt: `QR kod: ${data.verifyUrl}` })} style={{ backgroundColor: "#ffffff" }}>
          <QrCode value={data.verifyUrl} size={84} />
        </View>
        <View style={{ flex: 1, marginLeft: 10 }}>
          <View {...pdfTag("H2")} style={{ marginBottom: 3 }}>
            <Label text={pair((l) => l.verification)} style={{ fontSize: 9, fontWeight: "bold", color: COLORS.accent }} />
          </View>
          <View style={{ marginBottom: 4 }}>
            <Paragraphs text={pair((l) => l.verificationText)} style={{ fontSize: 8 }} />
          </View>
          <Link src={data.verifyUrl} style={{ fontSize: 8.5, color: COLORS.accent, textDecoration: "none", marginBottom: 5 }}>
            {data.verifyUrl}
          </Link>
          <Label text={pair((l) => l.consentNo)} style={base.label} />
          <Text style={{ fontFamily: MONO, fontSize: 8, marginBottom: 3 }}>{data.consentId}</Text>
          <Label text={pair((l) => l.contentDigest)} style={base.label} />
          <Text style={{ fontFamily: MONO, fontSize: 7.5 }}>{data.contentSha256}</Text>
        </View>
      </View>
    </View>
  );
}
