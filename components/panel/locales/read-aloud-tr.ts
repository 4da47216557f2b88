// The panel's words for read-aloud recordings (decisions §22), in Turkish: the reference.
export const readAloudTr = {
  title: "Sesli okuma kayıtları",
  intro:
    "Her dilin yayımlanmış metni için bir ses kaydı yükleyebilirsiniz (MP3 ya da Ogg, en çok 10 MB). Hasta, imza sayfasında metnin yanında kaydı dinleyebilir; dinlediği kısım kanıt kaydına işlenir. Kayıt metne bağlıdır: metin değişince yeni kayıt yüklenmelidir.",
  none: "Kayıt yok",
  upload: "Kaydı yükle",
  replace: "Kaydı değiştir",
  remove: "Kaydı sil",
  removeConfirm: "Bu dilin ses kaydı silinsin mi?",
  choose: (language: string) => `${language} ses kaydı dosyası`,
  progress: (percent: number) => `Yükleniyor: %${percent}`,
  uploaded: "Kayıt yüklendi.",
  removed: "Kayıt silindi.",
  size: (mb: string) => `${mb} MB`,
  neverPublished: "Şablon yayımlandığında kayıt yüklenebilir; kayıt yayımlanan metne bağlanır.",
  errors: {
    noFile: "Önce bir ses dosyası seçin.",
    tooLarge: "Dosya 10 MB'tan büyük; daha kısa ya da daha sıkıştırılmış bir kayıt yükleyin.",
    type: "Dosya MP3 ya da Ogg (Vorbis, Opus) ses kaydı değil. Başka bir biçimdeyse MP3'e dönüştürüp yükleyin.",
    noText: "Şablonun bu dilde yayımlanmış metni yok.",
    session: "Oturumunuz sona ermiş; sayfayı yenileyip yeniden giriş yapın.",
    network: "Bağlantı kesildi; kayıt yüklenmedi. Yeniden deneyin.",
    other: "Kayıt yüklenemedi; biraz sonra yeniden deneyin.",
  },
};

export type ReadAloudMessages = typeof readAloudTr;
