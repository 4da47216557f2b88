// The signed consent as an A4 form (decisions §8): who, what text, the signature, and how to verify it.
import { Document, Image, Link, Text, View } from "@react-pdf/renderer";
import type { DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { ConsentDocumentData, ShownTextData } from "./document-types";
import { evenFields, FieldGrid, type Field } from "./field-grid";
import { MONO } from "./fonts";
import { htmlToPdf } from "./html-to-pdf";
import { FramedPage } from "./page-frame";
import { base, COLORS } from "./pdf-theme";
import { QrCode } from "./qr-code";
import { directionOf, type Language } from "@/lib/i18n/languages";
import { pdfLabels, type PdfLabels } from "./pdf-labels";

type Approver = ShownTextData["approver"];

const role = (a: Approver, l: PdfLabels): string => (a.relation ? `${l.approverTypes[a.type]} (${a.relation})` : l.approverTypes[a.type]);

/** "Veli — Gülşen Iğdır (Annesi)", "Hasta (kendisi)". */
export function approverText(a: Approver, l: PdfLabels = pdfLabels("tr")): string {
  const who = [l.approverTypes[a.type], a.name].filter(Boolean).join(" — ");
  return a.relation ? `${who} (${a.relation})` : who;
}

function animalText(animal: NonNullable<ShownTextData["animal"]>): string | null {
  if (animal.name && animal.species) return `${animal.name} (${animal.species})`;
  return animal.name ?? animal.species;
}

export const dash = (v: string | null | undefined): string => (v && v.trim() !== "" ? v : "—");

export function personFields(d: ShownTextData, l: PdfLabels): Field[] {
  const fields: Field[] = [
    { label: l.name, value: d.patientName },
    { label: l.nationalId, value: dash(d.tcMasked) },
    { label: l.phone, value: dash(d.phoneMasked) },
    { label: l.approver, value: approverText(d.approver, l) },
  ];
  const animal = d.animal ? animalText(d.animal) : null;
  if (animal) fields.push({ label: l.animal, value: animal });
  if (d.physician) fields.push({ label: l.physician, value: d.physician });
  if (d.procedure) fields.push({ label: l.procedure, value: d.procedure, wide: d.procedure.length > 40 });
  return evenFields(fields);
}

export function SectionTitle({ children }: { children: string }): ReactElement {
  return (
    <Text style={base.sectionTitle} minPresenceAhead={60}>
      {children}
    </Text>
  );
}

function Detail({ label, value, small }: { label: string; value: string; small?: boolean }): ReactElement {
  return (
    <View style={{ marginBottom: 5 }}>
      <Text style={base.label}>{label}</Text>
      <Text style={small ? { fontSize: 7, color: COLORS.muted, lineHeight: 1.3 } : base.value}>{value}</Text>
    </View>
  );
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

function SignatureImage({ png }: { png: Buffer }): ReactElement {
  return (
    <View style={{ height: 86, borderWidth: 0.5, borderColor: COLORS.rule, backgroundColor: "#fbfcfd", padding: 6 }}>
      <Image src={png} cache={false} style={{ width: "100%", height: "100%", objectFit: "contain" }} />
    </View>
  );
}

/** decisions §17: the interpreter who explained the text signs beside the person. */
function InterpreterBlock({ data, l }: { data: ConsentDocumentData; l: PdfLabels }): ReactElement | null {
  if (!data.interpreter) return null;
  return (
    <View wrap={false} style={{ flexDirection: "row", marginTop: 10 }}>
      <View style={{ width: "48%", marginRight: "4%" }}>
        <SignatureImage png={data.interpreter.signaturePng} />
        <Text style={{ fontSize: 9.5, fontWeight: "bold", marginTop: 4 }}>{data.interpreter.name}</Text>
        <Text style={base.label}>
          {l.interpreter} · {LANGUAGE_NAMES[data.language]}
        </Text>
      </View>
    </View>
  );
}

function SignatureBlock({ data, l }: { data: ConsentDocumentData; l: PdfLabels }): ReactElement {
  const signer = data.approver.type !== "hasta" && data.approver.name ? data.approver.name : data.patientName;
  return (
    <View wrap={false}>
      <SectionTitle>{l.approvalSection}</SectionTitle>
      <Text style={{ fontSize: 8.5, color: COLORS.muted, marginBottom: 8 }}>{l.statement}</Text>
      <View style={{ flexDirection: "row" }}>
        <View style={{ width: "48%", marginRight: "4%" }}>
          <SignatureImage png={data.signaturePng} />
          <Text style={{ fontSize: 9.5, fontWeight: "bold", marginTop: 4 }}>{signer}</Text>
          <Text style={base.label}>
            {role(data.approver, l)}
            {data.approver.type === "hasta" ? "" : ` · ${l.onBehalfOf(data.patientName)}`}
          </Text>
        </View>
        <View style={{ width: "48%" }}>
          <Detail label={l.signedAt} value={data.signedAt} />
          <Detail label={l.ip} value={dash(data.signerIp)} />
          <Detail label={l.otpPhone} value={dash(data.otpPhoneMasked)} />
          <Detail label={l.device} value={dash(data.signerUserAgent)} small />
        </View>
      </View>
      <InterpreterBlock data={data} l={l} />
    </View>
  );
}

export function VerificationBox({ data, l }: { data: ShownTextData; l: PdfLabels }): ReactElement {
  return (
    <View wrap={false} style={{ marginTop: 14 }}>
      <View style={{ flexDirection: "row", borderWidth: 0.75, borderColor: COLORS.accent, backgroundColor: COLORS.panel, padding: 8 }}>
        {/* Scanners need the white quiet zone around the code, not the panel's tint. */}
        <View style={{ backgroundColor: "#ffffff" }}>
          <QrCode value={data.verifyUrl} size={84} />
        </View>
        <View style={{ flex: 1, marginLeft: 10 }}>
          <Text style={{ fontSize: 9, fontWeight: "bold", color: COLORS.accent, marginBottom: 3 }}>{l.verification}</Text>
          <Text style={{ fontSize: 8, marginBottom: 4 }}>{l.verificationText}</Text>
          <Link src={data.verifyUrl} style={{ fontSize: 8.5, color: COLORS.accent, textDecoration: "none", marginBottom: 5 }}>
            {data.verifyUrl}
          </Link>
          <Text style={base.label}>{l.consentNo}</Text>
          <Text style={{ fontFamily: MONO, fontSize: 8, marginBottom: 3 }}>{data.consentId}</Text>
          <Text style={base.label}>{l.contentDigest}</Text>
          <Text style={{ fontFamily: MONO, fontSize: 7.5 }}>{data.contentSha256}</Text>
        </View>
      </View>
    </View>
  );
}

export function ConsentDocument({ data, creationDate }: { data: ConsentDocumentData; creationDate?: Date }): ReactElement<DocumentProps> {
  const l = pdfLabels(data.language);
  const tr = pdfLabels("tr");
  return (
    <Document
      title={`${data.templateTitle} — ${data.consentId}`}
      author={data.institution}
      subject="Elektronik aydınlatılmış onam belgesi"
      keywords={data.consentId}
      creator="e-onam"
      producer="e-onam"
      language={data.language === "tr" ? "tr-TR" : data.language}
      creationDate={creationDate}
    >
      <FramedPage institution={data.institution} kind={l.kind} consentId={data.consentId}>
        <Text style={{ fontSize: 16, fontWeight: "bold", marginBottom: 3 }}>{data.templateTitle}</Text>
        <Text style={{ fontSize: 8.5, color: COLORS.muted }}>
          {/* Turkish labels here: one line mixing right-to-left labels with dates would reorder the dates. */}
          {tr.templateVersion} {data.templateVersion} · {tr.consentNo} {data.consentId} · {tr.signedAt} {data.signedAt}
        </Text>
        <SectionTitle>{l.personSection}</SectionTitle>
        <FieldGrid fields={personFields(data, l)} />
        <SectionTitle>{data.language === "tr" ? l.text : `${l.text} — ${LANGUAGE_NAMES[data.language]}`}</SectionTitle>
        {htmlToPdf(data.renderedHtml, { rtl: directionOf(data.language) === "rtl" })}
        <SignatureBlock data={data} l={l} />
        <VerificationBox data={data} l={l} />
      </FramedPage>
    </Document>
  );
}
