// The signed consent as an A4 form (decisions §8): who, what text, the signature, and how to verify it.
import { Document, Image, Link, Text, View } from "@react-pdf/renderer";
import type { DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { ConsentDocumentData } from "./document-types";
import { evenFields, FieldGrid, type Field } from "./field-grid";
import { MONO } from "./fonts";
import { htmlToPdf } from "./html-to-pdf";
import { FramedPage } from "./page-frame";
import { base, COLORS } from "./pdf-theme";
import { QrCode } from "./qr-code";
import { directionOf, type Language } from "@/lib/i18n/languages";

type Approver = ConsentDocumentData["approver"];

const APPROVER_TYPES: Record<Approver["type"], string> = {
  hasta: "Hasta (kendisi)",
  veli: "Veli",
  vasi: "Vasi",
  sahip: "Hayvan sahibi",
};

const role = (a: Approver): string => (a.relation ? `${APPROVER_TYPES[a.type]} (${a.relation})` : APPROVER_TYPES[a.type]);

/** "Veli — Gülşen Iğdır (Annesi)", "Hasta (kendisi)". */
export function approverText(a: Approver): string {
  const who = [APPROVER_TYPES[a.type], a.name].filter(Boolean).join(" — ");
  return a.relation ? `${who} (${a.relation})` : who;
}

function animalText(animal: NonNullable<ConsentDocumentData["animal"]>): string | null {
  if (animal.name && animal.species) return `${animal.name} (${animal.species})`;
  return animal.name ?? animal.species;
}

const dash = (v: string | null | undefined): string => (v && v.trim() !== "" ? v : "—");

function personFields(d: ConsentDocumentData): Field[] {
  const fields: Field[] = [
    { label: "Ad soyad", value: d.patientName },
    { label: "T.C. kimlik no", value: dash(d.tcMasked) },
    { label: "Telefon", value: dash(d.phoneMasked) },
    { label: "Onaylayan", value: approverText(d.approver) },
  ];
  const animal = d.animal ? animalText(d.animal) : null;
  if (animal) fields.push({ label: "Hayvan", value: animal });
  if (d.physician) fields.push({ label: "Hekim", value: d.physician });
  if (d.procedure) fields.push({ label: "İşlem", value: d.procedure, wide: d.procedure.length > 40 });
  return evenFields(fields);
}

function SectionTitle({ children }: { children: string }): ReactElement {
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
const LANGUAGE_NAMES: Record<Language, string> = {
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
function InterpreterBlock({ data }: { data: ConsentDocumentData }): ReactElement | null {
  if (!data.interpreter) return null;
  return (
    <View wrap={false} style={{ flexDirection: "row", marginTop: 10 }}>
      <View style={{ width: "48%", marginRight: "4%" }}>
        <SignatureImage png={data.interpreter.signaturePng} />
        <Text style={{ fontSize: 9.5, fontWeight: "bold", marginTop: 4 }}>{data.interpreter.name}</Text>
        <Text style={base.label}>Tercüman · metni {LANGUAGE_NAMES[data.language]} olarak açıkladı</Text>
      </View>
    </View>
  );
}

function SignatureBlock({ data }: { data: ConsentDocumentData }): ReactElement {
  const signer = data.approver.type !== "hasta" && data.approver.name ? data.approver.name : data.patientName;
  return (
    <View wrap={false}>
      <SectionTitle>Onay ve imza</SectionTitle>
      <Text style={{ fontSize: 8.5, color: COLORS.muted, marginBottom: 8 }}>
        Yukarıdaki metin, kişinin telefonuna SMS ile gönderilen tek kullanımlık kod doğrulandıktan sonra
        okunup anlaşıldığı işaretlenerek onaylanmış ve elektronik olarak imzalanmıştır.
      </Text>
      <View style={{ flexDirection: "row" }}>
        <View style={{ width: "48%", marginRight: "4%" }}>
          <SignatureImage png={data.signaturePng} />
          <Text style={{ fontSize: 9.5, fontWeight: "bold", marginTop: 4 }}>{signer}</Text>
          <Text style={base.label}>
            {role(data.approver)}
            {data.approver.type === "hasta" ? "" : ` · ${data.patientName} adına`}
          </Text>
        </View>
        <View style={{ width: "48%" }}>
          <Detail label="İmza zamanı" value={data.signedAt} />
          <Detail label="IP adresi" value={dash(data.signerIp)} />
          <Detail label="SMS ile doğrulanan telefon (OTP)" value={dash(data.otpPhoneMasked)} />
          <Detail label="Tarayıcı / cihaz" value={dash(data.signerUserAgent)} small />
        </View>
      </View>
      <InterpreterBlock data={data} />
    </View>
  );
}

function VerificationBox({ data }: { data: ConsentDocumentData }): ReactElement {
  return (
    <View wrap={false} style={{ marginTop: 14 }}>
      <View style={{ flexDirection: "row", borderWidth: 0.75, borderColor: COLORS.accent, backgroundColor: COLORS.panel, padding: 8 }}>
        {/* Scanners need the white quiet zone around the code, not the panel's tint. */}
        <View style={{ backgroundColor: "#ffffff" }}>
          <QrCode value={data.verifyUrl} size={84} />
        </View>
        <View style={{ flex: 1, marginLeft: 10 }}>
          <Text style={{ fontSize: 9, fontWeight: "bold", color: COLORS.accent, marginBottom: 3 }}>Belge doğrulama</Text>
          <Text style={{ fontSize: 8, marginBottom: 4 }}>
            Bu belgenin kayıtlarla uyumunu QR kodu okutarak ya da aşağıdaki adresi açarak kontrol edebilirsiniz.
          </Text>
          <Link src={data.verifyUrl} style={{ fontSize: 8.5, color: COLORS.accent, textDecoration: "none", marginBottom: 5 }}>
            {data.verifyUrl}
          </Link>
          <Text style={base.label}>Onam no</Text>
          <Text style={{ fontFamily: MONO, fontSize: 8, marginBottom: 3 }}>{data.consentId}</Text>
          <Text style={base.label}>Onam metni özeti (SHA-256, template.content_sha256)</Text>
          <Text style={{ fontFamily: MONO, fontSize: 7.5 }}>{data.contentSha256}</Text>
        </View>
      </View>
    </View>
  );
}

export function ConsentDocument({ data, creationDate }: { data: ConsentDocumentData; creationDate?: Date }): ReactElement<DocumentProps> {
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
      <FramedPage institution={data.institution} kind="Elektronik Onam Belgesi" consentId={data.consentId}>
        <Text style={{ fontSize: 16, fontWeight: "bold", marginBottom: 3 }}>{data.templateTitle}</Text>
        <Text style={{ fontSize: 8.5, color: COLORS.muted }}>
          Şablon sürümü {data.templateVersion} · Onam no {data.consentId} · İmza zamanı {data.signedAt}
        </Text>
        <SectionTitle>Kişi ve işlem bilgileri</SectionTitle>
        <FieldGrid fields={personFields(data)} />
        <SectionTitle>{data.language === "tr" ? "Onam metni" : `Onam metni — ${LANGUAGE_NAMES[data.language]}`}</SectionTitle>
        {htmlToPdf(data.renderedHtml, { rtl: directionOf(data.language) === "rtl" })}
        <SignatureBlock data={data} />
        <VerificationBox data={data} />
      </FramedPage>
    </Document>
  );
}
