// The panel's words for the consent list's filters and export, and the consent's documents card.
export const consentListTr = {
  anyTemplate: "Tümü",
  anyLanguage: "Tümü",
  exportCsv: "CSV indir",
  exportHint: (n: number) => `Süzülen listenin en yeni ${n.toLocaleString("tr-TR")} onamı; yalnızca maskeli kimlik ve telefon, durum, tarihler ve şablon (ad, hekim, işlem yok).`,
  exportZip: "PDF'leri ZIP indir",
  zipHint: (n: number, mb: number) => `ZIP: imzalı belgelerin en yeni ${n} tanesi, en çok ${mb} MB; fazlası olursa içindeki BENIOKU.txt söyler.`,
  zipEmpty: "Seçilen aralıkta indirilebilir imzalı belge yok; ZIP oluşturulmadı.",
  scanCapped: (n: number) => `Hekim ve işlem, diğer koşullara uyan en yeni ${n.toLocaleString("tr-TR")} onamda arandı; daha eskileri için tarih aralığını daraltın.`,
  print: "Yazdır",
  printHint: "PDF yeni sekmede açılır; tarayıcının yazdırma komutuyla yazdırın.",
  noDocument: "Belge, kişi imzaladığında burada olacak.",
  purgedDocuments: "Belge ve kanıt raporu saklama politikası gereği silindi; yalnızca zaman damgası indirilebilir.",
};

export type ConsentListMessages = typeof consentListTr;
