// The Turkish sample template created on a first run.
export const SAMPLE_TEMPLATE = {
  kod: "genel-tibbi-mudahale",
  baslik: "Genel Tıbbi Müdahale Onam Formu",
  kategori: "genel",
  yayimla: true,
  govde: `<h2>Genel Tıbbi Müdahale Onam Formu</h2>
<p>Ben, <strong>{adsoyad}</strong>, {kurum} bünyesinde <strong>{hekim}</strong> tarafından
uygulanacak <strong>{islem}</strong> işlemi hakkında bilgilendirildim.</p>
<p>İşlemin {girisim_tarihi} tarihinde {anestezi_turu} altında yapılması planlanmaktadır.</p>
<ul>
  <li>İşlemin amacı, yararları ve olası riskleri bana anlaşılır biçimde açıklandı.</li>
  <li>Alternatif tedavi seçenekleri ve işlemi kabul etmemenin olası sonuçları anlatıldı.</li>
  <li>Sorularımı sorma fırsatım oldu ve yanıtlarını aldım.</li>
  <li>Onamımı dilediğim zaman, işlem başlamadan önce geri alabileceğimi biliyorum.</li>
</ul>
<p>Bu formu okudum, anladım ve işlemin yapılmasına kendi özgür irademle onay veriyorum.</p>
<p>Tarih: {tarih}</p>`,
  degiskenler: [
    { ad: "girisim_tarihi", etiket: "Girişim tarihi", tip: "tarih", zorunlu: true },
    { ad: "anestezi_turu", etiket: "Anestezi türü", tip: "metin", zorunlu: false, varsayilan: "lokal anestezi" },
  ],
} as const;
