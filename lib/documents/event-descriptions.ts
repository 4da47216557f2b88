// Turkish wording of the evidence events (decisions §6) and of their data, for the evidence report.
import type { EventName } from "@/lib/evidence/event-names";

export const EVENT_DESCRIPTIONS: Record<EventName, string> = {
  olusturuldu: "Onam oluşturuldu",
  sms_gonderildi: "İmza bağlantısı SMS ile gönderildi",
  sms_basarisiz: "SMS gönderimi başarısız oldu",
  yeniden_gonderildi: "Yeniden gönderim istendi",
  goruntulendi: "İmza bağlantısı açıldı",
  otp_gonderildi: "Doğrulama kodu (OTP) gönderildi",
  otp_hatali: "Hatalı doğrulama kodu girildi",
  otp_dogrulandi: "Doğrulama kodu doğrulandı",
  anlama_kontrolu: "Kişi anlama kontrolü sorularını cevapladı",
  imzalandi: "Kişi onayladı ve imzaladı",
  reddedildi: "Kişi onamı reddetti",
  belge_olusturuldu: "PDF belge oluşturuldu",
  zaman_damgasi_alindi: "Zaman damgası alındı",
  zaman_damgasi_basarisiz: "Zaman damgası alınamadı",
  iptal_edildi: "Kurum onamı iptal etti",
  suresi_doldu: "Onamın süresi doldu",
  link_kilitlendi: "İmza bağlantısı kilitlendi (çok sayıda kod ya da hatalı giriş)",
  geri_alindi: "İmzalanan onam geri alındı",
  tercuman_imzaladi: "Tercüman imzaladı",
  muhur_basarisiz: "Belge mühürlenemedi; mühürsüz saklandı, yeniden denenecek",
  belge_muhurlendi: "Belge sonradan mühürlendi (yeni özet)",
  tanik_imzaladi: "Tanık imzaladı",
  hekim_imzaladi: "Bilgilendirmeyi yapan hekim imzaladı",
  ret_tutanagi: "İmzadan kaçınma tutanağa geçirildi (ret tutanağı)",
  kopya_indirildi: "Kişi imzalı kopyasını indirdi",
  metin_dinlendi: "Metin sesli dinlendi",
  yeniden_onam_olusturuldu: "Şablonun yeni sürümü için yeniden onam oluşturuldu",
  yenilendi: "Yeni sürümdeki yeniden onam tamamlandı; bu onam yenilendi",
  hatirlatma_gonderildi: "Süre dolmadan hatırlatma SMS'i gönderildi",
  arsiv_zaman_damgasi: "Arşiv zaman damgası yenilendi (doğrulama verileri ve yeni belge zaman damgası eklendi; yeni özet)",
  link_kilidi_kaldirildi: "Kurum imza bağlantısının kilidini kaldırdı",
  maddeler_yanitlandi: "Kişi onam maddelerini yanıtladı",
  kimlik_dogrulandi: "Görevli, kişinin kimliğini yüz yüze doğruladı",
  geri_alma_tutanagi: "Geri çekme tutanağı üretildi ve mühürlendi",
};

export function describeEvent(event: string, data: Record<string, unknown> = {}): string {
  const words = (EVENT_DESCRIPTIONS as Record<string, string | undefined>)[event] ?? "Tanımsız olay";
  // decisions §22: how much of the recording was listened to belongs in the line itself.
  if (event === "metin_dinlendi" && typeof data.percent === "number") return `${words}: %${data.percent}`;
  return words;
}

/** The kinds of actor (decisions §6: `api:<key id>`, `panel:<user id>`, `signer`, `system`) in words. */
export const ACTOR_WORDS: Record<string, string> = { signer: "İmzalayan kişi", system: "Sistem", api: "API anahtarı", panel: "Panel kullanıcısı" };

/** Who acted, in words, and the key or user id when there is one (printed apart: ids are long and unbroken). */
export function describeActor(actor: string, words = ACTOR_WORDS): { label: string; id: string | null } {
  const colon = actor.indexOf(":");
  const kind = colon < 0 ? actor : actor.slice(0, colon);
  return { label: words[kind] ?? kind, id: colon < 0 ? null : actor.slice(colon + 1) };
}

/**
 * The event's data as "key: value" pairs, in the stored key order. Values are shown as JSON
 * scalars so that what is printed can be compared with the record whose hash is listed.
 */
export function summarizeData(data: Record<string, unknown>): string {
  const entries = Object.entries(data);
  if (entries.length === 0) return "—";
  return entries
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join("; ");
}
