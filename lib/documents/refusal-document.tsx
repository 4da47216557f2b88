// decisions §19: the record of a person's refusal, in person, to sign ("Ret Tutanağı"): the text that
// was shown, who refused and why, the witness, and who put it on record — in the consent's language
// beside Turkish, like the signed form. Nobody signs it on paper: the service seals it (§14), and the
// record says so, so that nobody looks for a missing signature.
import { Document, Image, Text, View } from "@react-pdf/renderer";
import type { DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { directionOf, type Language } from "@/lib/i18n/languages";
import { Label, Paragraphs, Value } from "./bilingual";
import { dash, personFields, SectionTitle, textTitle, VerificationBox } from "./document-parts";
import type { RefusalDocumentData } from "./document-types";
import { FieldGrid } from "./field-grid";
import { htmlToPdf } from "./html-to-pdf";
import { FramedPage } from "./page-frame";
import { labelPair, pdfLabels, type LabelPair, type PdfLabels } from "./pdf-labels";
import { base, COLORS } from "./pdf-theme";
import { printedWhen } from "./pdf-date";
import { RefusalStatement } from "./document-statement";
import { pdfLang, pdfTag, TURKISH } from "./pdf-tags";
import { signatureAlt } from "./signature-blocks";

function Fact({ label, value }: { label: LabelPair; value: string }): ReactElement {
  return (
    <View wrap={false} style={{ marginBottom: 6 }}>
      <Label text={label} style={base.label} />
      {/* The reason is typed in the person's language: an Arabic one is ordered and aligned right to left. */}
      <Value style={base.value}>{dash(value)}</Value>
    </View>
  );
}

function RefusalBlock({ data, language }: { data: RefusalDocumentData; language: Language }): ReactElement {
  const pair = (pick: (l: PdfLabels) => string) => labelPair(language, pick);
  const r = data.refusal;
  return (
    <View>
      <View wrap={false}>
        <SectionTitle text={pair((l) => l.refusalSection)} />
        <View style={{ marginBottom: 8 }}>
          <Paragraphs text={pair((l) => l.refusalStatement)} style={{ fontSize: 9, lineHeight: 1.35 }} />
        </View>
        <Fact label={pair((l) => l.refusalReason)} value={r.reason} />
      </View>
      <View wrap={false} style={{ flexDirection: "row", justifyContent: "space-between" }}>
        <View style={{ width: "48.5%" }}>
          <Fact label={pair((l) => l.witness)} value={r.witness} />
        </View>
        <View style={{ width: "48.5%" }}>
          <Fact label={pair((l) => l.recordedAt)} value={printedWhen(r.recordedAt, data.timeZone)} />
        </View>
      </View>
      {r.witnessSignaturePng ? (
        <View wrap={false} style={{ width: "48.5%", marginBottom: 6 }}>
          <Label text={pair((l) => l.witness)} style={base.label} />
          <View style={{ height: 64, borderWidth: 0.5, borderColor: COLORS.rule, backgroundColor: "#fbfcfd", padding: 4, marginTop: 2 }}>
            <Image {...pdfTag("Figure", { alt: signatureAlt("Tanık", r.witness) })} src={r.witnessSignaturePng} cache={false} style={{ width: "100%", height: "100%", objectFit: "contain" }} />
          </View>
        </View>
      ) : null}
      {r.physician ? <Fact label={pair((l) => l.informingPhysician)} value={r.physician} /> : null}
      <Fact label={pair((l) => l.recordedBy)} value={r.recordedBy} />
      <View wrap={false} style={{ marginTop: 4, padding: 6, borderLeftWidth: 2, borderLeftColor: COLORS.accent, backgroundColor: COLORS.panel }}>
        <Paragraphs text={pair((l) => l.sealedStatement)} style={{ fontSize: 8.5, color: COLORS.ink }} />
      </View>
    </View>
  );
}

export function RefusalDocument({ data, creationDate }: { data: RefusalDocumentData; creationDate?: Date }): ReactElement<DocumentProps> {
  const language = data.language;
  const tr = pdfLabels("tr");
  const kind = labelPair(language, (l) => l.refusalKind);
  return (
    <Document
      title={`${tr.refusalKind} — ${data.templateTitle} — ${data.consentId}`}
      author={data.institution}
      subject="İmzadan kaçınma tutanağı"
      keywords={data.consentId}
      creator="e-onam"
      producer="e-onam"
      language={language === "tr" ? "tr-TR" : language}
      creationDate={creationDate}
    >
      <FramedPage institution={data.institution} kind={pdfLabels(language).refusalKind} consentId={data.consentId} letterhead={data.branding} test={data.sealing?.test} control={data.documentControl}>
        <View {...pdfTag("H1")}>
          <Label text={kind} style={{ fontSize: 16, fontWeight: "bold", color: COLORS.bad }} />
        </View>
        <Value style={{ fontSize: 12, fontWeight: "bold", marginTop: 2, marginBottom: 3 }} align="left">
          {data.templateTitle}
        </Value>
        <Text {...pdfLang(TURKISH)} style={{ fontSize: 8.5, color: COLORS.muted }}>
          {/* Turkish labels here, as on the consent: right-to-left labels beside dates would reorder them. */}
          {tr.templateVersion} {data.templateVersion} · {tr.consentNo} {data.consentId} · {tr.recordedAt} {printedWhen(data.refusal.recordedAt, data.timeZone)}
        </Text>
        <RefusalStatement data={data} />
        <SectionTitle text={labelPair(language, (l) => l.personSection)} />
        <FieldGrid fields={personFields(data, language)} />
        <SectionTitle text={textTitle(language, (l) => l.shownText)} />
        {htmlToPdf(data.renderedHtml, { rtl: directionOf(language) === "rtl" })}
        <RefusalBlock data={data} language={language} />
        <VerificationBox data={data} language={language} />
      </FramedPage>
    </Document>
  );
}
