// The panel's words for the institution's branding (decisions §23, issue #42), in Turkish: the reference.
export const brandingTr = {
  title: "Kurum bilgileri ve logo",
  intro:
    "Hastanın imza sayfasında ve onam belgesinin (PDF) ilk sayfasında gösterilir. Bağlantısı kapanmış bir onamda hasta kurumu bu telefondan arayabilir.",
  logo: "Logo",
  logoHint: "PNG ya da SVG, en çok 200 KB. SVG'deki betikler, olay öznitelikleri ve dış bağlantılar güvenlik için çıkarılır. PDF'e beyaz zemin üzerine basılır.",
  noLogo: "Logo yok",
  current: "Geçerli logo",
  choose: "Logo dosyası",
  upload: "Logoyu yükle",
  remove: "Logoyu kaldır",
  removeConfirm: "Logo kaldırılsın mı? Bundan sonra oluşturulan belgelerde ve sayfalarda görünmez.",
  uploaded: "Logo kaydedildi.",
  sanitized: (names: string) => `Güvenlik için SVG'den çıkarılanlar: ${names}.`,
  removed: "Logo kaldırıldı.",
  address: "Adres",
  addressHint: "En çok 300 karakter.",
  phone: "Telefon",
  phoneHint: "Ör. 0212 555 12 34 ya da 444 0 123. Hastanın arayacağı numara.",
  privacyUrl: "KVKK aydınlatma metni adresi",
  privacyUrlHint: "https:// ile başlayan tam adres.",
  smsSender: "SMS gönderici adı (başlık)",
  smsSenderHint:
    "3–11 karakter: harf (Türkçe harfsiz), rakam, boşluk, nokta, tire. SMS sağlayıcısında bu servisin hesabı için onaylı olmalı; boş bırakılırsa servisin varsayılan başlığı kullanılır.",
  save: "Bilgileri kaydet",
  saved: "Kurum bilgileri kaydedildi.",
  errors: {
    noFile: "Önce bir logo dosyası seçin.",
    tooLarge: "Dosya 200 KB'tan büyük; daha küçük bir logo yükleyin.",
    type: "Logo PNG ya da SVG olmalı.",
    session: "Oturumunuz sona ermiş; sayfayı yenileyip yeniden giriş yapın.",
    network: "Bağlantı kesildi; kaydedilmedi. Yeniden deneyin.",
    other: "Kaydedilemedi; biraz sonra yeniden deneyin.",
  },
};

export type BrandingMessages = typeof brandingTr;
