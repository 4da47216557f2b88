// Page chrome shared by both PDFs: a running header with the institution and a footer with the
// consent id and "Sayfa X / Y", repeated on every page so a loose page can be traced back.
import { Page, Text, View } from "@react-pdf/renderer";
import type { ReactElement, ReactNode } from "react";
import { base, COLORS, PAGE } from "./pdf-theme";
import type { DocumentBranding, DocumentControl } from "./document-types";
import { printedWhen } from "./pdf-date";
import { Letterhead } from "./letterhead";
import { TEST_NOTICE } from "./document-statement";

/** decisions §25: the SKS document-control line — code, publication date, revision, page n / N — on every page. */
function ControlLine({ control }: { control: DocumentControl }): ReactElement {
  const fixedPart = `Doküman kodu: ${control.code ?? "—"}  ·  Yayın tarihi: ${printedWhen(control.publishedAt.slice(0, 10))}  ·  Revizyon no: ${control.revision}`;
  return (
    <Text
      fixed
      style={{ fontSize: 7, color: COLORS.muted, marginTop: -10, marginBottom: 10 }}
      render={({ pageNumber, totalPages }) => `${fixedPart}  ·  Sayfa ${pageNumber} / ${totalPages}`}
    />
  );
}

export function PageHeader({ institution, kind }: { institution: string; kind: string }): ReactElement {
  return (
    <View
      fixed
      style={{
        flexDirection: "row",
        justifyContent: "space-between",
        alignItems: "flex-end",
        borderBottomWidth: 1.5,
        borderBottomColor: COLORS.accent,
        paddingBottom: 5,
        marginBottom: 14,
      }}
    >
      {/* The institution takes what the kind leaves: a bilingual kind ("… / وثيقة موافقة إلكترونية") beside a
          long clinic name overlapped it while the name was capped at 70 % and the kind not at all. */}
      <Text style={{ flex: 1, marginRight: 12, fontSize: 12.5, fontWeight: "bold", color: COLORS.accent }}>{institution}</Text>
      <Text style={{ maxWidth: "45%", fontSize: 8, color: COLORS.muted, textAlign: "right" }}>{kind}</Text>
    </View>
  );
}

/** decisions §25: on every page of a document the built-in test seal or TSA stands behind. */
function TestBanner(): ReactElement {
  return (
    <View fixed style={{ position: "absolute", top: 8, left: PAGE.marginX, right: PAGE.marginX, alignItems: "center" }}>
      <Text style={{ fontSize: 9, fontWeight: "bold", color: "#ffffff", backgroundColor: COLORS.bad, paddingHorizontal: 8, paddingVertical: 2 }}>{TEST_NOTICE}</Text>
    </View>
  );
}

function PageFooter({ consentId, note }: { consentId: string; note?: string }): ReactElement {
  return (
    <View
      fixed
      style={{
        position: "absolute",
        left: PAGE.marginX,
        right: PAGE.marginX,
        bottom: 22,
        flexDirection: "row",
        justifyContent: "space-between",
        borderTopWidth: 0.5,
        borderTopColor: COLORS.rule,
        paddingTop: 5,
        fontSize: 7.5,
        color: COLORS.muted,
      }}
    >
      <Text>
        Onam no: {consentId}
        {note ? `  ·  ${note}` : ""}
      </Text>
      <Text render={({ pageNumber, totalPages }) => `Sayfa ${pageNumber} / ${totalPages}`} />
    </View>
  );
}

interface FramedPageProps {
  institution: string;
  kind: string;
  consentId: string;
  footerNote?: string;
  /** decisions §23: the institution's logo and details, on the first page only */
  letterhead?: DocumentBranding | null;
  /** decisions §25: the built-in test seal or TSA: "TEST — yasal geçerliliği yoktur" on every page */
  test?: boolean;
  /** decisions §25: the template version's SKS document control, under the header on every page */
  control?: DocumentControl | null;
  children: ReactNode;
}

/**
 * An A4 page that flows onto as many pages as its content needs. The newer pagination engine is
 * used because the classic one in @react-pdf 4.9 drops `render` props (the page numbers) entirely.
 */
export function FramedPage({ institution, kind, consentId, footerNote, letterhead, test, control, children }: FramedPageProps): ReactElement {
  return (
    <Page size="A4" style={base.page} experimentalPagination>
      {/* Fixed elements repeat only from the page where they first occur: the footer comes first. */}
      <PageFooter consentId={consentId} note={footerNote} />
      {test ? <TestBanner /> : null}
      <PageHeader institution={institution} kind={kind} />
      {control ? <ControlLine control={control} /> : null}
      {letterhead ? <Letterhead branding={letterhead} /> : null}
      {children}
    </Page>
  );
}
