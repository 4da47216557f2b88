// issue #51, decisions §18: the withdrawal receipt ("Geri Çekme Tutanağı"): which consent was withdrawn,
// by whom and when, with the original's digest, so that the person and the clinic can file it beside
// the signed document, which stays as it was. Turkish: the record a clinic files. Sealed by the service.
import { Document, Link, Text, View } from "@react-pdf/renderer";
import type { DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { WithdrawalReceiptData } from "./document-types";
import { MONO } from "./fonts";
import { FramedPage } from "./page-frame";
import { base, COLORS } from "./pdf-theme";
import { printedWhen } from "./pdf-date";
import { QrCode } from "./qr-code";
import { WithdrawalStatement } from "./document-statement";
import { pdfTag } from "./pdf-tags";

export const WITHDRAWAL_RECEIPT_KIND = "Geri Çekme Tutanağı";

function Row({ label, value, mono = false }: { label: string; value: string; mono?: boolean }): ReactElement {
  return (
    <View {...pdfTag("TR")} wrap={false} style={{ flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: COLORS.rule, paddingVertical: 4 }}>
      <Text {...pdfTag("TH", { scope: "Row" })} style={{ ...base.label, width: 150, marginBottom: 0 }}>
        {label}
      </Text>
      <Text {...pdfTag("TD")} style={{ flex: 1, fontSize: mono ? 8 : 10, fontFamily: mono ? MONO : undefined, color: COLORS.ink }}>{value}</Text>
    </View>
  );
}

export function WithdrawalReceiptDocument({ data, creationDate }: { data: WithdrawalReceiptData; creationDate?: Date }): ReactElement<DocumentProps> {
  const when = (s: string) => printedWhen(s, data.timeZone);
  return (
    <Document
      title={`${WITHDRAWAL_RECEIPT_KIND} — ${data.templateTitle} — ${data.consentId}`}
      author={data.institution}
      subject="Onamın geri alınması tutanağı"
      keywords={data.consentId}
      creator="e-onam"
      producer="e-onam"
      language="tr-TR"
      creationDate={creationDate}
    >
      <FramedPage institution={data.institution} kind={WITHDRAWAL_RECEIPT_KIND} consentId={data.consentId} letterhead={data.branding} test={data.sealing?.test} control={data.documentControl}>
        <Text {...pdfTag("H1")} style={{ fontSize: 16, fontWeight: "bold", color: COLORS.bad }}>
          {WITHDRAWAL_RECEIPT_KIND}
        </Text>
        <Text style={{ fontSize: 12, fontWeight: "bold", marginTop: 2, marginBottom: 3 }}>{data.templateTitle}</Text>
        <Text style={{ fontSize: 8.5, color: COLORS.muted }}>
          Onam no {data.consentId} · Geri alındı {when(data.withdrawnAt)}
        </Text>
        <WithdrawalStatement data={data} />
        <View style={{ marginTop: 10, padding: 8, borderWidth: 1, borderColor: COLORS.bad }}>
          <Text style={{ fontSize: 10, color: COLORS.ink, lineHeight: 1.4 }}>
            Aşağıda bilgileri yazılı onam {when(data.withdrawnAt)} tarihinde geri alınmıştır. Bu andan itibaren onam hüküm
            doğurmaz; imzalı asıl belge, zaman damgası ve kanıt kayıtları değiştirilmeden kayıt olarak saklanır.
          </Text>
        </View>
        <View {...pdfTag("Table")} style={{ marginTop: 10 }}>
          <Row label="Kurum" value={data.institution} />
          <Row label="Onam no" value={data.consentId} mono />
          <Row label="Form" value={`${data.templateTitle} (${data.templateCode}, sürüm ${data.templateVersion})`} />
          <Row label="Kişi" value={data.patientName} />
          {data.approver ? <Row label="Onaylayan" value={data.approver} /> : null}
          <Row label="İmza tarihi (asıl belge)" value={when(data.signedAt)} />
          <Row label="Geri alma tarihi" value={when(data.withdrawnAt)} />
          <Row label="Geri alan" value={data.withdrawnBy} />
          <Row label="Gerekçe" value={data.reason && data.reason.trim() !== "" ? data.reason : "Belirtilmedi"} />
          <Row label="Asıl belgenin SHA-256 özeti" value={data.documentSha256} mono />
        </View>
        <View wrap={false} style={{ marginTop: 14, flexDirection: "row", borderWidth: 0.75, borderColor: COLORS.accent, backgroundColor: COLORS.panel, padding: 8 }}>
          <View {...pdfTag("Figure", { alt: `QR kod: ${data.verifyUrl}` })} style={{ backgroundColor: "#ffffff" }}>
            <QrCode value={data.verifyUrl} size={84} />
          </View>
          <View style={{ flex: 1, marginLeft: 10 }}>
            <Text {...pdfTag("H2")} style={{ fontSize: 9, fontWeight: "bold", color: COLORS.accent, marginBottom: 3 }}>
              Doğrulama
            </Text>
            <Text style={{ fontSize: 8, marginBottom: 4 }}>
              Onamın güncel durumu (geri alındı) bu adreste görünür; asıl belgenin PDF dosyası yüklenerek kayıtla aynı olduğu denetlenir. Bu
              tutanağın SHA-256 özeti onamın kanıt kayıtlarında (geri_alma_tutanagi) yer alır; mührü her PDF okuyucuda denetlenebilir.
            </Text>
            <Link src={data.verifyUrl} style={{ fontSize: 8.5, color: COLORS.accent, textDecoration: "none" }}>
              {data.verifyUrl}
            </Link>
          </View>
        </View>
      </FramedPage>
    </Document>
  );
}
