// The signed consent as an A4 form (decisions §8): who, what text, every party's signature, and how to verify it.
import { Document, Text, View } from "@react-pdf/renderer";
import type { DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { directionOf, type Language } from "@/lib/i18n/languages";
import { Paragraphs, Value } from "./bilingual";
import { filedLabel } from "./filed-labels";
import { personFields, SectionTitle, textTitle, VerificationBox } from "./document-parts";
import type { ConsentDocumentData } from "./document-types";
import { FieldGrid } from "./field-grid";
import { htmlToPdf } from "./html-to-pdf";
import { FramedPage } from "./page-frame";
import { labelPair, pdfLabels } from "./pdf-labels";
import { COLORS } from "./pdf-theme";
import { printedWhen } from "./pdf-date";
import { SignatureSection } from "./signature-blocks";
import { ConsentStatement } from "./document-statement";
import { ComprehensionSection } from "./comprehension-section";
import { ClausesSection } from "./clauses-section";
import { pdfLang, pdfTag, TURKISH } from "./pdf-tags";

/** decisions §25: the Turkish text of the same version, after the signatures, for a consent in another language. */
function TurkishAnnex({ text, language }: { text: { title: string; html: string }; language: ConsentDocumentData["language"] }): ReactElement {
  return (
    <View {...pdfTag("Sect", { lang: TURKISH })} break>
      <SectionTitle text={filedLabel(language, "annex")} />
      <Paragraphs text={filedLabel(language, "annexNote")} style={{ fontSize: 8.5, color: COLORS.muted }} />
      <Text {...pdfTag("H3")} style={{ fontSize: 12, fontWeight: "bold", marginTop: 6, marginBottom: 4 }}>
        {text.title}
      </Text>
      {htmlToPdf(text.html, { rtl: false })}
    </View>
  );
}

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
      <FramedPage institution={data.institution} kind={l.kind} consentId={data.consentId} letterhead={data.branding} test={data.sealing?.test} control={data.documentControl}>
        <Value tag="H1" style={{ fontSize: 16, fontWeight: "bold", marginBottom: 3 }} align="left">
          {data.templateTitle}
        </Value>
        <Text {...pdfLang(TURKISH)} style={{ fontSize: 8.5, color: COLORS.muted }}>
          {/* Turkish labels here: one line mixing right-to-left labels with dates would reorder the dates. */}
          {tr.templateVersion} {data.templateVersion} · {tr.consentNo} {data.consentId} · {tr.signedAt} {printedWhen(data.signedAt, data.timeZone)}
        </Text>
        <ConsentStatement data={data} />
        <SectionTitle text={labelPair(language, (x) => x.personSection)} />
        <FieldGrid fields={personFields(data, language)} />
        {data.whatChanged ? <WhatChangedSection changed={data.whatChanged} language={language} /> : null}
        <SectionTitle text={textTitle(language, (x) => x.text)} />
        {htmlToPdf(data.renderedHtml, { rtl: directionOf(language) === "rtl" })}
        {data.clauses?.length ? <ClausesSection clauses={data.clauses} language={language} /> : null}
        {data.comprehension ? <ComprehensionSection detail={data.comprehension} language={language} /> : null}
        <SignatureSection data={data} language={language} />
        <VerificationBox data={data} language={language} />
        {data.turkishText ? <TurkishAnnex text={data.turkishText} language={language} /> : null}
      </FramedPage>
    </Document>
  );
}

/** decisions §26: above a re-consent's text, what changed since the form the person signed before. */
function WhatChangedSection({ changed, language }: { changed: NonNullable<ConsentDocumentData["whatChanged"]>; language: Language }): ReactElement {
  return (
    <>
      <SectionTitle text={labelPair(language, (x) => x.formUpdatedSection)} />
      {changed.note ? <Value style={{ fontSize: 9.5 }}>{changed.note}</Value> : null}
      {changed.added.length ? (
        <>
          <Value style={{ fontSize: 9.5, marginBottom: 2 }}>{`${pdfLabels(language).formUpdatedAdded}:`}</Value>
          {changed.added.map((line, i) => (
            <Value key={i} style={{ fontSize: 9.5 }}>{`• ${line}`}</Value>
          ))}
        </>
      ) : null}
    </>
  );
}
