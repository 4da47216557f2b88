// The evidence report (decisions §8): the chain verdict, the digests, the timestamp, every event, and
// how a third party can check all of it without trusting this service.
import { Document, Text, View, type DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { STATUS_TEXT } from "@/lib/contract/enums";
import type { EvidenceReportData } from "./document-types";
import { EventTable } from "./evidence-events";
import { TimestampSection } from "./evidence-timestamp";
import { evenFields, FieldGrid, type Field } from "./field-grid";
import { MONO } from "./fonts";
import { FramedPage } from "./page-frame";
import { base, COLORS } from "./pdf-theme";
import { printedWhen } from "./pdf-date";
import { pdfTag } from "./pdf-tags";

function chainVerdictText(chain: EvidenceReportData["chain"]): string {
  return chain.ok ? `Zincir doğrulandı: ${chain.count} kayıt, bütünlük sağlam` : "ZİNCİR BOZUK";
}

function Verdict({ chain }: { chain: EvidenceReportData["chain"] }): ReactElement {
  const color = chain.ok ? COLORS.ok : COLORS.bad;
  return (
    <View wrap={false} style={{ marginTop: 12, padding: 8, borderWidth: 1, borderColor: color, backgroundColor: chain.ok ? "#eef7f1" : "#fbeeee" }}>
      <Text style={{ fontSize: 12, fontWeight: "bold", color }}>{chainVerdictText(chain)}</Text>
      <Text style={{ fontSize: 8, color: COLORS.ink, marginTop: 2 }}>
        {chain.ok
          ? "Her kaydın özeti yeniden hesaplandı ve bir önceki kayda bağlantısı kontrol edildi."
          : `${chain.count} kayıttan en az biri değiştirilmiş, silinmiş ya da sırası bozulmuş; kayıtlar kanıt olarak kullanılmadan önce incelenmelidir.`}
      </Text>
      <Text style={{ fontSize: 7, color: COLORS.muted, marginTop: 4 }}>Zincir başı (son kaydın özeti)</Text>
      <Text style={{ fontFamily: MONO, fontSize: 7.5 }}>{chain.head ?? "—"}</Text>
    </View>
  );
}

function consentFields(d: EvidenceReportData): Field[] {
  return evenFields([
    { label: "Onam no", value: d.consentId, mono: true },
    { label: "Durum", value: STATUS_TEXT[d.status] },
    { label: "Şablon kodu", value: d.template.code },
    { label: "Şablon sürümü", value: String(d.template.version) },
    { label: "İmza zamanı", value: d.signedAt ? printedWhen(d.signedAt, d.timeZone) : "—" },
    { label: "Doğrulama adresi", value: d.verifyUrl },
    { label: "Onam metni özeti (SHA-256, template.content_sha256)", value: d.template.contentSha256, mono: true, wide: true },
    {
      label: "PDF belge özeti (SHA-256, document.sha256)",
      value: d.documentSha256 ?? "Belge henüz oluşturulmadı",
      mono: d.documentSha256 !== null,
      wide: true,
    },
  ]);
}

const code = { fontFamily: MONO, fontSize: 7.5 } as const;

function HowToVerify({ consentId }: { consentId: string }): ReactElement {
  const step = { fontSize: 8.5, marginBottom: 4 } as const;
  return (
    <View wrap={false}>
      <Text {...pdfTag("H2")} style={base.sectionTitle}>
        Kendiniz nasıl doğrularsınız?
      </Text>
      <Text style={step}>
        1. Kayıtları JSON olarak alın (GET /v1/consents/{consentId}/events ya da bu raporun ?format=json biçimi).
        Her kayıttan hash alanını çıkarın, kalanını RFC 8785 (JCS) kurallarıyla kanonik JSON'a çevirip SHA-256
        özetini alın: sonuç o kaydın hash değerine, bir sonraki kaydın prev_hash değerine eşit olmalıdır; ilk
        kaydın prev_hash değeri null'dır ve son kaydın hash değeri zincir başıdır.
      </Text>
      <Text style={step}>2. İndirdiğiniz PDF belgenin özetini alın; "PDF belge özeti" ile aynı olmalıdır:</Text>
      <Text style={{ ...code, marginLeft: 12, marginBottom: 4 }}>sha256sum belge.pdf</Text>
      <Text style={step}>
        3. Zaman damgası yanıtını (.tsr) sağlayıcının sertifikasıyla doğrulayın; özet, PDF belge özetidir:
      </Text>
      <Text style={{ ...code, marginLeft: 12 }}>
        openssl ts -verify -digest {"<PDF belge özeti>"} -in zaman-damgasi.tsr -CAfile tsa.pem
      </Text>
    </View>
  );
}

export function EvidenceReport({ data, creationDate }: { data: EvidenceReportData; creationDate?: Date }): ReactElement<DocumentProps> {
  return (
    <Document
      title={`Kanıt raporu — ${data.consentId}`}
      author={data.institution}
      subject="Elektronik onam kanıt raporu"
      keywords={data.consentId}
      creator="e-onam"
      producer="e-onam"
      language="tr-TR"
      creationDate={creationDate}
    >
      <FramedPage institution={data.institution} kind="Kanıt Raporu" consentId={data.consentId} footerNote={`Rapor zamanı ${printedWhen(data.generatedAt, data.timeZone)}`} test={data.sealing?.test}>
        <Text {...pdfTag("H1")} style={{ fontSize: 16, fontWeight: "bold", marginBottom: 3 }}>
          Kanıt Raporu
        </Text>
        <Text style={{ fontSize: 8.5, color: COLORS.muted }}>
          Onam no {data.consentId} · Rapor zamanı {printedWhen(data.generatedAt, data.timeZone)}
        </Text>
        <Verdict chain={data.chain} />
        <Text {...pdfTag("H2")} style={base.sectionTitle}>
          Onam
        </Text>
        <FieldGrid fields={consentFields(data)} />
        <Text {...pdfTag("H2")} style={base.sectionTitle}>
          Zaman damgası
        </Text>
        <TimestampSection ts={data.timestamp} timeZone={data.timeZone} />
        <Text {...pdfTag("H2")} style={base.sectionTitle} minPresenceAhead={80}>
          Olay kayıtları ({data.events.length})
        </Text>
        <EventTable events={data.events} timeZone={data.timeZone} />
        <HowToVerify consentId={data.consentId} />
      </FramedPage>
    </Document>
  );
}
