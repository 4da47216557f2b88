// The timestamp part of the evidence report, including the plain-words warning when the timestamp
// came after the signature: it proves the document existed by the timestamp, not by the signature.
import { Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { EvidenceReportData } from "./document-types";
import { evenFields, FieldGrid, type Field } from "./field-grid";
import { formatDuration } from "@/lib/i18n/format";
import { COLORS } from "./pdf-theme";
import { printedWhen } from "./pdf-date";

type Timestamp = EvidenceReportData["timestamp"];

const STATUS: Record<Timestamp["status"], string> = {
  none: "Zaman damgası kullanılmıyor",
  queued: "Sırada: henüz alınmadı",
  ok: "Alındı",
  failed: "Alınamadı",
};

function validity(legallyValid: boolean | null): string {
  if (legallyValid === null) return "—";
  return legallyValid
    ? "Yasal geçerliliği olan zaman damgası"
    : "Test / yerel zaman damgası: yasal geçerliliği yoktur";
}

function delayNote(delaySeconds: number | null): string | null {
  if (delaySeconds === null || delaySeconds <= 0) return null;
  return (
    `Zaman damgası imzadan ${formatDuration(delaySeconds, "tr-long")} sonra alındı; belgenin varlığını ` +
    "imza anına değil zaman damgası anına kadar kanıtlar."
  );
}

export function TimestampSection({ ts, timeZone }: { ts: Timestamp; timeZone?: string }): ReactElement {
  const fields: Field[] = [{ label: "Durum", value: STATUS[ts.status] }];
  if (ts.providerName || ts.provider) fields.push({ label: "Sağlayıcı", value: ts.providerName ?? ts.provider ?? "" });
  if (ts.time) fields.push({ label: "Zaman", value: printedWhen(ts.time, timeZone) });
  if (ts.serial) fields.push({ label: "Seri no", value: ts.serial, mono: true, wide: ts.serial.length > 32 });
  if (ts.status === "ok") fields.push({ label: "Geçerlilik", value: validity(ts.legallyValid), wide: true });
  if (ts.error) fields.push({ label: "Hata", value: ts.error, wide: true });
  const note = delayNote(ts.delaySeconds);
  const warn = ts.legallyValid === false;
  return (
    <View wrap={false}>
      <FieldGrid fields={evenFields(fields)} />
      {note ? (
        <View style={{ marginTop: 6, padding: 6, borderLeftWidth: 3, borderLeftColor: COLORS.warn, backgroundColor: "#fdf6e7" }}>
          <Text style={{ fontSize: 8.5, color: COLORS.warn }}>{note}</Text>
        </View>
      ) : null}
      {warn ? (
        <Text style={{ fontSize: 7.5, color: COLORS.muted, marginTop: 4 }}>
          Bu zaman damgası yetkili bir zaman damgası hizmet sağlayıcısından alınmamıştır (test ya da yerel).
          Teknik olarak doğrulanabilir, ancak nitelikli zaman damgası yerine geçmez.
        </Text>
      ) : null}
    </View>
  );
}
