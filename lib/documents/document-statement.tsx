// decisions §25: what the document is, said on its first page for whoever reads a printout — who
// sealed it and when, that it is time-stamped and by whom, how each party signed, and where to check
// it. A drawn or typed signature confirmed by an SMS code is evidence of consent, not a qualified
// (güvenli) electronic signature of law 5070, and the page says so rather than "signed electronically";
// only the physician's qualified signature (§24) is one. Turkish: the wording a court reads.
import { Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { ConsentDocumentData, RefusalDocumentData, SealingStatement, WithdrawalReceiptData } from "./document-types";
import { printedWhen } from "./pdf-date";
import { COLORS } from "./pdf-theme";
import { pdfTag, TURKISH } from "./pdf-tags";

/** How a party signed (decisions §23, §24). */
export type SignatureType = "drawn" | "typed" | "saved" | "qualified";

const SMS_CONFIRMED = "SMS ile doğrulanmış telefona gönderilen tek kullanımlık kodla teyit edildi";
const NOT_QUALIFIED = "5070 sayılı Kanun anlamında güvenli (nitelikli) elektronik imza değildir";

/** The person's signature, in words. */
export function personLine(type: "drawn" | "typed"): string {
  const how = type === "typed" ? "adını yazarak imzaladı" : "imzasını ekrana çizdi";
  return `Kişi ${how}; ${SMS_CONFIRMED}. Bu imza ${NOT_QUALIFIED}.`;
}

/** The informing physician's signature, in words, by its type: drawn, typed or saved (issue #51) on the panel, or qualified (§24). */
export function physicianLine(type: SignatureType): string {
  if (type === "qualified") return "Bilgilendirmeyi yapan hekim nitelikli elektronik imza (5070 sayılı Kanun, güvenli elektronik imza) ile imzaladı.";
  const how = type === "typed" ? "adını yazarak" : type === "saved" ? "panel hesabına kaydettiği imzasını kullanarak" : "imzasını ekrana çizerek";
  return `Bilgilendirmeyi yapan hekim ${how} imzaladı; ${NOT_QUALIFIED}.`;
}

/** Who sealed the document and when, and the time-stamp; null sealing: not sealed yet. */
function sealLines(s: SealingStatement | null | undefined, timeZone: string | undefined): string[] {
  const lines = s?.seal
    ? [`Elektronik mühür: ${s.seal.subject} — ${printedWhen(s.seal.at, timeZone)} (PAdES, PDF/A-3).`]
    : ["Belge henüz elektronik mühürle mühürlenmedi; mühürlendiğinde doğrulama adresinde görünür."];
  if (s) lines.push(s.timestampedBy ? `Zaman damgası: ${s.timestampedBy} (RFC 3161).` : "Zaman damgası: yok.");
  return lines;
}

function Box({ lines, verifyUrl }: { lines: string[]; verifyUrl: string }): ReactElement {
  return (
    // In Turkish whatever the consent's language: a part of its own in that language.
    <View {...pdfTag("Div", { lang: TURKISH })} wrap={false} style={{ marginTop: 6, marginBottom: 2, padding: 6, borderWidth: 0.75, borderColor: COLORS.accent, backgroundColor: COLORS.panel }}>
      <Text {...pdfTag("H2")} style={{ fontSize: 8, fontWeight: "bold", color: COLORS.accent, marginBottom: 2 }}>
        Bu belge nedir
      </Text>
      {lines.map((line, i) => (
        <Text key={i} style={{ fontSize: 7.5, color: COLORS.ink, marginTop: 1 }}>
          {line}
        </Text>
      ))}
      <Text style={{ fontSize: 7.5, color: COLORS.ink, marginTop: 1 }}>
        Doğrulama: {verifyUrl} — güncel durumu gösterir; bir kopyanın kayıtla aynı olduğu PDF dosyası yüklenerek denetlenir.
      </Text>
    </View>
  );
}

/** The signed consent's statement: the seal, then every party who signed and how. */
export function ConsentStatement({ data }: { data: ConsentDocumentData }): ReactElement {
  const lines = sealLines(data.sealing, data.timeZone);
  lines.push(personLine(data.signaturePng ? "drawn" : "typed"));
  if (data.interpreter) lines.push(`Tercüman imzasını aynı cihazda ekrana çizdi; ${NOT_QUALIFIED}.`);
  if (data.witness) lines.push(`Tanık imzasını aynı cihazda ekrana çizdi; ${NOT_QUALIFIED}.`);
  if (data.countersignature) lines.push(physicianLine(data.countersignature.signatureType ?? (data.countersignature.qualified ? "qualified" : "drawn")));
  return <Box lines={lines} verifyUrl={data.verifyUrl} />;
}

/** The refusal record's statement: nobody signed the consent; who drew the record up. */
export function RefusalStatement({ data }: { data: RefusalDocumentData }): ReactElement {
  const lines = sealLines(data.sealing, data.timeZone);
  lines.push("Kişi onamı imzalamadı. Tutanağı aşağıda adı geçen kişi düzenledi" + (data.refusal.witnessSignaturePng ? "; tanık imzasını ekrana çizdi." : "; tanık imzalamadı, adı kaydedildi."));
  return <Box lines={lines} verifyUrl={data.verifyUrl} />;
}

/** issue #51: the withdrawal receipt's statement: nobody signs it; the original is kept as it was. */
export function WithdrawalStatement({ data }: { data: WithdrawalReceiptData }): ReactElement {
  const lines = sealLines(data.sealing, data.timeZone);
  lines.push("Bu tutanak onamın geri alındığını kayda geçirir; kimse imzalamaz, hizmet mühürler. İmzalı asıl belge değiştirilmeden kayıt olarak saklanır.");
  return <Box lines={lines} verifyUrl={data.verifyUrl} />;
}

/** Every page of a document sealed or time-stamped by the built-in test authority says so. */
export const TEST_NOTICE = "TEST — yasal geçerliliği yoktur";
