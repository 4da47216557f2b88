// The signed consent as an A4 form (decisions §8): who, what text, every party's signature, and how to verify it.
import { Document, Text } from "@react-pdf/renderer";
import type { DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { directionOf } from "@/lib/i18n/languages";
import { Value } from "./bilingual";
import { personFields, SectionTitle, textTitle, VerificationBox } from "./document-parts";
import type { ConsentDocumentData } from "./document-types";
import { FieldGrid } from "./field-grid";
import { htmlToPdf } from "./html-to-pdf";
import { FramedPage } from "./page-frame";
import { labelPair, pdfLabels } from "./pdf-labels";
import { COLORS } from "./pdf-theme";
import { printedWhen } from "./pdf-date";
import { SignatureSection } from "./signature-blocks";
import { ComprehensionSection } from "./comprehension-section";

export function ConsentDocument({ data, creationDate }: { data: ConsentDocumentData; creationDate?: Date }): ReactElement<DocumentProps> {
  const language = data.language;
  const l = pdfLabels(language);
  const tr = pdfLabels("tr");
  return (
    <Document
      title={`${data.templateTitle} — ${data.consentId}`}
      author={data.institution}
      subject="Elektronik aydınlatılmış onam belgesi"
      keywords={data.consentId}
      creator="e-onam"
      producer="e-onam"
      language={language === "tr" ? "tr-TR" : language}
      creationDate={creationDate}
    >
      <FramedPage institution={data.institution} kind={l.kind} consentId={data.consentId} letterhead={data.branding}>
        <Value style={{ fontSize: 16, fontWeight: "bold", marginBottom: 3 }} align="left">
          {data.templateTitle}
        </Value>
        <Text style={{ fontSize: 8.5, color: COLORS.muted }}>
          {/* Turkish labels here: one line mixing right-to-left labels with dates would reorder the dates. */}
          {tr.templateVersion} {data.templateVersion} · {tr.consentNo} {data.consentId} · {tr.signedAt} {printedWhen(data.signedAt)}
        </Text>
        <SectionTitle text={labelPair(language, (x) => x.personSection)} />
        <FieldGrid fields={personFields(data, language)} />
        <SectionTitle text={textTitle(language, (x) => x.text)} />
        {htmlToPdf(data.renderedHtml, { rtl: directionOf(language) === "rtl" })}
        {data.comprehension ? <ComprehensionSection detail={data.comprehension} language={language} /> : null}
        <SignatureSection data={data} language={language} />
        <VerificationBox data={data} language={language} />
      </FramedPage>
    </Document>
  );
}
