// The panel's words for the template list, a template's version history, duplicating a template and
// comparing two versions (issue #42), and the text editor's toolbar, in Turkish: the reference.
// Kept apart from tr.ts for its size.
export const templatesTr = {
  title: "Şablonlar",
  new: "Yeni şablon",
  empty: "Henüz şablon yok.",
  code: "Kod",
  version: "Sürüm",
  draft: "Yayımlanmamış değişiklik var",
  inactive: "Pasif",
  neverPublished: "Yayımlanmadı",
  edit: "Düzenle",
  versions: "Sürüm geçmişi",
  noVersions: "Henüz yayımlanmış sürüm yok.",
  publishedAt: "Yayım zamanı",
  contentHash: "İçerik özeti (SHA-256)",
  // Comparing two published versions
  compare: "İki sürümü karşılaştır",
  compareFrom: "Eski sürüm",
  compareTo: "Yeni sürüm",
  compareSubmit: "Karşılaştır",
  compareNeedsTwo: "Karşılaştırmak için en az iki yayımlanmış sürüm gerekir.",
  diffTitle: (code: string) => `Sürüm karşılaştırma: ${code}`,
  diffHeading: (a: number, b: number) => `Sürüm ${a} → sürüm ${b}`,
  diffLegend: "Eklenenler yeşil zeminde, altı çizili ve + ile; silinenler kırmızı zeminde, üstü çizili ve − ile gösterilir.",
  diffRefused: "Bu sürümler karşılaştırılamadı:",
  fieldA: "Eski sürüm",
  fieldB: "Yeni sürüm",
  added: "eklendi",
  removed: "silindi",
  addedStart: "Eklenen: ",
  removedStart: "Silinen: ",
  unchanged: "Değişiklik yok.",
  diffTextTitle: "Başlık",
  diffText: "Metin",
  diffHtml: "HTML kaynağı (satır satır)",
  languageAdded: "Bu dil yeni sürümde eklendi.",
  languageRemoved: "Bu dil yeni sürümde yok.",
  diffVariables: "Değişkenler",
  variableAdded: "Eklendi",
  variableRemoved: "Kaldırıldı",
  variableChanged: "Değişti",
  required: "zorunlu",
  optional: "isteğe bağlı",
  defaultValue: "varsayılan",
  diffQuestions: "Anlama kontrolü soruları",
  diffFields: "Diğer alanlar",
  fieldNames: { category: "Kategori", type: "Tür", wetSignatureRequired: "Islak imza gerekir", physicianCountersign: "Hekim imzası gerekir" } as Record<string, string>,
  yes: "evet",
  no: "hayır",
  backToTemplate: "Şablona dön",
  // Duplicating
  duplicate: "Çoğalt",
  duplicateTitle: "Şablonu çoğalt",
  duplicateFrom: (v: number) =>
    v > 0
      ? `Yayımlanmış sürüm ${v} yeni bir taslak şablona kopyalanır: metin, çeviriler, değişkenler, sorular ve kategori. Yayımlanmamış değişiklikler, ses kayıtları ve onamlar kopyalanmaz.`
      : "Şablonun taslağı yeni bir taslak şablona kopyalanır: metin, çeviriler, değişkenler, sorular ve kategori. Ses kayıtları ve onamlar kopyalanmaz.",
  duplicateCode: "Yeni şablonun kodu",
  duplicateName: "Yeni şablonun başlığı",
  duplicateSubmit: "Kopyayı oluştur",
  duplicating: "Oluşturuluyor…",
  duplicateCancel: "Vazgeç",
  copyOf: (title: string) => `${title} (kopya)`,
};

export type TemplatesMessages = typeof templatesTr;

export const templateEditorTr = {
  modes: "Metni düzenleme biçimi",
  visual: "Düzenleyici",
  html: "HTML",
  modesHint: "İki sekme aynı metni düzenler. Kaydederken metin HTML sekmesindeki haliyle temizlenir.",
  loading: "Düzenleyici yükleniyor…",
  toolbar: "Metin biçimlendirme",
  bold: "Kalın",
  italic: "İtalik",
  heading2: "H2 başlık",
  heading3: "H3 alt başlık",
  bulletList: "Madde işaretli liste",
  orderedList: "Numaralı liste",
  undo: "Geri al",
  redo: "Yinele",
  placeholder: "Yer tutucu",
  insertPlaceholder: "Ekle",
  placeholderHint: "Değişkenler ve hazır alanlar",
  builtins: "Hazır alanlar",
  declared: "Şablonun değişkenleri",
  area: (label: string) => `${label} — düzenleyici`,
  unsupported: (parts: string) =>
    `Bu metinde düzenleyicinin gösteremediği öğeler var (${parts}). Düzenleyicide değiştirirseniz kaybolurlar; metni HTML sekmesinde düzenleyin.`,
  editAnyway: "Yine de düzenleyicide değiştir",
};

export type TemplateEditorMessages = typeof templateEditorTr;

/** decisions §22, §26: what kind of change a publish is, its note, and the countersignature switch (template-change-kind.tsx). */
export const changeKindTr = {
  dokuman_kodu: "Doküman kodu (SKS, isteğe bağlı)",
  dokumanKoduHint: "Her sayfanın üst bilgisinde yayın tarihi ve revizyon numarasıyla basılır, örneğin HYS.RB.12.",
  changeKind: "Bu ne tür bir değişiklik?",
  changeFormal: "Biçimsel (yazım, düzen): imzalayanlardan yeniden onam istenmez",
  changeMaterial: "Esaslı (risk, işlem, hak): önceki sürümle imzalayanlar ve açık onamlar yeniden onam bekleyenlere eklenir",
  changeNote: "Değişiklik notu",
  changeNoteHint: "Yeniden onam verecek kişiye metnin üstünde gösterilir ve belgeye yazılır (en çok 1000 karakter).",
  hekimImzasi: "Bu şablonla oluşturulan onamları bilgilendiren hekim de imzalar",
};
