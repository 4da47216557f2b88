// The panel's words for re-consent (decisions §22, issue #51): the template's list of consents
// awaiting it, the choice of rows, the confirmation of their count and quota cost, and the results.
export const reconsentTr = {
  title: (code: string) => `Yeniden onam: ${code}`,
  link: "Yeniden onam bekleyenler",
  intro: (version: number) =>
    `Şablonun esaslı değişikliğinden önce tamamlanmış ve henüz yenilenmemiş onamlar. Yeniden onam aynı kişi için ${version}. sürümle yeni bir onam oluşturur ve imza bağlantısını SMS ile gönderir; her SMS bir kontör harcar.`,
  count: (n: number) => `${n} onam yeniden onam bekliyor`,
  empty: "Yeniden onam bekleyen onam yok.",
  // issue #51: rows chosen, their count and quota cost confirmed, a result per row
  sendHint: (max: number) => `Yeniden onam göndermek istediğiniz onamları seçin. Bir seferde en çok ${max} onam seçilebilir; kontör biterse kalanlar gönderilmez.`,
  selectAll: "Bu sayfadakilerin tümünü seç",
  select: (who: string) => `Seç: ${who}`,
  selected: (n: number) => `${n} onam seçildi`,
  sendChosen: "Seçilenlere yeniden onam gönder",
  confirmTitle: "Yeniden onam gönderilsin mi?",
  confirmCount: (n: number) => `${n} kişiye yeni sürümün imza bağlantısı SMS ile gönderilecek.`,
  confirmCost: (n: number) => `Maliyet: ${n} SMS = ${n} kontör.`,
  quotaLeft: (remaining: number, unlimited: boolean) => (unlimited ? "Kalan kontör: sınırsız." : `Kalan kontör: ${remaining}.`),
  quotaShort: (remaining: number) => `Kontör yalnızca ${remaining} SMS'e yetiyor: seçilenlerin kalanı gönderilmez.`,
  confirmYes: (n: number) => `Evet, ${n} SMS gönder`,
  back: "Vazgeç",
  sending: "Gönderiliyor…",
  resultsTitle: "Gönderim sonucu",
  result: (sent: number, quota: number, skipped: number, failed: number) =>
    `${sent} yeniden onam gönderildi.` +
    (quota ? ` Kontör bittiği için ${quota} gönderilmedi.` : "") +
    (skipped ? ` ${skipped} onam artık yeniden onam beklemiyordu; atlandı.` : "") +
    (failed ? ` ${failed} onam için gönderilemedi.` : ""),
  outcome: {
    sent: (id: string) => `Gönderildi: ${id}`,
    quota: "Gönderilmedi: kontör bitti",
    skipped: "Atlandı: artık yeniden onam beklemiyor",
    failed: (why: string) => `Gönderilemedi: ${why}`,
  },
  renewal: "Yeniden onam",
  none: "Henüz gönderilmedi",
  previous: "Yenilediği onam",
  required: "Gerekiyor: şablonda esaslı değişiklik",
};

export type ReconsentMessages = typeof reconsentTr;
