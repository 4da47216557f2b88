// decisions §19: the record of a person's refusal, in person, to sign ("Ret Tutanağı"): the text that
// was shown, who refused and why, the witness, and who put it on record — sealed like a signed form.
import { Document, Text, View } from "@react-pdf/renderer";
import type { DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { RefusalDocumentData } from "./document-types";
import { FieldGrid } from "./field-grid";
import { htmlToPdf } from "./html-to-pdf";
import { FramedPage } from "./page-frame";
import { base, COLORS } from "./pdf-theme";
import { directionOf } from "@/lib/i18n/languages";
import { labelPair, pdfLabels } from "./pdf-labels";
import { dash, personFields, SectionTitle, textTitle, VerificationBox } from "./document-parts";

function RefusalBlock({ data }: { data: RefusalDocumentData }): ReactElement {
  const r = data.refusal;
  const row = (label: string, value: string) => (
    <View style={{ marginBottom: 6 }}>
      <Text style={base.label}>{label}</Text>
      <Text style={base.value}>{dash(value)}</Text>
    </View>
  );
  return (
    <View wrap={false}>
      <SectionTitle text={labelPair("tr", () => "Ret tutanağı")} />
      <Text style={{ fontSize: 8.5, color: COLORS.muted, marginBottom: 8 }}>
        Yukarıdaki metin kişiye açıklanmış; kişi onamı imzalamaktan kaçınmıştır. Bu tutanak tanığın huzurunda düzenlenmiştir.
      </Text>
      {row("Kaçınma gerekçesi", r.reason)}
      {row("Tanık", r.witness)}
      {row("Tutanağı düzenleyen", r.recordedBy)}
      {row("Tutanak zamanı", r.recordedAt)}
    </View>
  );
}

export function RefusalDocument({ data, creationDate }: { data: RefusalDocumentData; creationDate?: Date }): ReactElement<DocumentProps> {
  const tr = pdfLabels("tr");
  return (
    <Document
      title={`Ret Tutanağı — ${data.templateTitle} — ${data.consentId}`}
      author={data.institution}
      subject="İmzadan kaçınma tutanağı"
      keywords={data.consentId}
      creator="e-onam"
      producer="e-onam"
      language={data.language === "tr" ? "tr-TR" : data.language}
      creationDate={creationDate}
    >
      <FramedPage institution={data.institution} kind="Ret Tutanağı" consentId={data.consentId}>
        <Text style={{ fontSize: 16, fontWeight: "bold", marginBottom: 3 }}>Ret Tutanağı — {data.templateTitle}</Text>
        <Text style={{ fontSize: 8.5, color: COLORS.muted }}>
          {tr.templateVersion} {data.templateVersion} · {tr.consentNo} {data.consentId} · Tutanak zamanı {data.refusal.recordedAt}
        </Text>
        <SectionTitle text={labelPair(data.language, (x) => x.personSection)} />
        <FieldGrid fields={personFields(data, data.language)} />
        <SectionTitle text={textTitle(data.language, (x) => x.text)} />
        {htmlToPdf(data.renderedHtml, { rtl: directionOf(data.language) === "rtl" })}
        <RefusalBlock data={data} />
        <VerificationBox data={data} language={data.language} />
      </FramedPage>
    </Document>
  );
}
