// Starter forms (issue #52): tooth extraction, dental implant, root canal treatment.
import { q, type StarterForm } from "./starter-form";
import { translationsOf } from "./translations";

const TOOTH = { ad: "dis_no", etiket: "Diş numarası", tip: "metin" as const, zorunlu: true };

export const EXTRACTION: StarterForm = {
  kod: "dis-cekimi",
  baslik: "Diş Çekimi Onam Formu",
  kategori: "dis",
  tur: "onam",
  ozet: { tr: "Diş çekimi: riskler (kuru soket, sinir, sinüs), seçenekler ve sonrası bakım.", en: "Tooth extraction: risks (dry socket, nerve, sinus), alternatives and aftercare." },
  govde: `<h2>Diş Çekimi Onam Formu</h2>
<p>Sayın {adsoyad},</p>
<p>{hekim}, <strong>{dis_no}</strong> numaralı dişinizin çekilmesini öneriyor. Çekimden önce bölge lokal anestezi ile uyuşturulur.</p>
<h3>Neden gerekli?</h3>
<p>Diş; ileri çürük, kırık, iltihap, diş eti hastalığı ya da yer darlığı nedeniyle korunamıyor olabilir. Hekiminiz sizin durumunuzu anlattı.</p>
<h3>Olası riskler</h3>
<ul><li>Ağrı, şişlik, morarma ve ağız açmada güçlük</li><li>Kanama</li><li>Enfeksiyon ya da kuru soket (çekim yerinde ağrılı iltihap)</li><li>Komşu dişlere, dolgulara ya da kaplamalara zarar</li><li>Kök ucunun kırılıp kalması ve ek işlem gerekmesi</li><li>Alt çenede dudak, çene ya da dilde uyuşukluk; genellikle geçicidir, seyrek olarak kalıcı olabilir</li><li>Üst çenede ağız ile sinüs arasında açıklık oluşması</li><li>Çok seyrek: çene kırığı</li></ul>
<h3>Seçenekler</h3>
<p>Bazı durumlarda diş dolgu ya da kanal tedavisiyle korunabilir. Hiç tedavi etmemek ağrıya ve iltihabın yayılmasına yol açabilir. Çekilen dişin yerine ileride implant, köprü ya da protez yapılabilir.</p>
<h3>Çekimden sonra</h3>
<ul><li>Tamponu 30 dakika ısırın.</li><li>İlk gün tükürmeyin, pipetle içmeyin, sigara içmeyin.</li><li>Sıcak yiyecek ve içeceklerden kaçının.</li><li>Hekiminizin verdiği ilaçları kullanın.</li><li>Kanama durmazsa ya da ateşiniz çıkarsa kliniği arayın.</li></ul>
<h3>Beyan</h3>
<p>Çekimin nedeni, riskleri ve seçenekleri bana anlatıldı. Sorularım yanıtlandı. Dişimin çekilmesini kabul ediyorum.</p>
<p>Tarih: {tarih}</p>`,
  degiskenler: [TOOTH],
  sorular: [
    q("Çekimden sonraki ilk gün ne yapmamalısınız?", "Sigara içmek ve sık sık tükürmek", "Hekimin verdiği ilacı almak", "Sigara ve tükürmek pıhtıyı bozar, kuru soket riskini artırır."),
    q("Alt çene dişi çekiminde hangi risk vardır?", "Dudakta ya da dilde uyuşukluk", "Saç dökülmesi", "Alt çenedeki sinir dişe yakın olabilir. Uyuşukluk genellikle geçicidir."),
    q("Dişi korumak mümkün olabilir mi?", "Bazen dolgu ya da kanal tedavisiyle korunabilir", "Hayır, hiçbir zaman", "Hekiminiz sizin dişiniz için hangi seçeneklerin mümkün olduğunu anlattı.", false),
  ],
  ceviriler: {
    en: {
      baslik: "Tooth Extraction Consent Form",
      govde: `<h2>Tooth Extraction Consent Form</h2>
<p>Dear {adsoyad},</p>
<p>{hekim} recommends extracting your tooth number <strong>{dis_no}</strong>. Before the extraction the area is numbed with local anaesthesia.</p>
<h3>Why is it needed?</h3>
<p>The tooth may not be saveable because of deep decay, a fracture, infection, gum disease or lack of space. Your dentist has explained your case.</p>
<h3>Possible risks</h3>
<ul><li>Pain, swelling, bruising and difficulty opening the mouth</li><li>Bleeding</li><li>Infection or dry socket (a painful inflammation of the socket)</li><li>Damage to neighbouring teeth, fillings or crowns</li><li>A root tip breaking and staying, needing a further procedure</li><li>In the lower jaw, numbness of the lip, chin or tongue; usually temporary, rarely permanent</li><li>In the upper jaw, an opening between the mouth and the sinus</li><li>Very rarely: a jaw fracture</li></ul>
<h3>Alternatives</h3>
<p>In some cases the tooth can be saved with a filling or root canal treatment. No treatment may lead to pain and spreading infection. The missing tooth may later be replaced with an implant, a bridge or a denture.</p>
<h3>After the extraction</h3>
<ul><li>Bite on the gauze for 30 minutes.</li><li>On the first day, do not spit, drink through a straw or smoke.</li><li>Avoid hot food and drinks.</li><li>Take the medicines your dentist gave you.</li><li>Call the clinic if the bleeding does not stop or you get a fever.</li></ul>
<h3>Declaration</h3>
<p>The reason for the extraction, its risks and the alternatives have been explained to me. My questions have been answered. I agree to the extraction of my tooth.</p>
<p>Date: {tarih}</p>`,
      sorular: [
        q("What should you not do on the first day after the extraction?", "Smoke and spit often", "Take the medicine my dentist gave me", "Smoking and spitting disturb the clot and raise the risk of dry socket."),
        q("What risk does a lower tooth extraction carry?", "Numbness of the lip or tongue", "Hair loss", "The nerve in the lower jaw may lie close to the tooth. Numbness is usually temporary."),
        q("Might the tooth be saved?", "Sometimes, with a filling or root canal treatment", "No, never", "Your dentist has explained which options are possible for your tooth.", false),
      ],
    },
    ...translationsOf("dis-cekimi"),
  },
};

export const IMPLANT: StarterForm = {
  kod: "implant",
  baslik: "Diş İmplantı Onam Formu",
  kategori: "dis",
  tur: "onam",
  ozet: { tr: "İmplant: aşamalar, kaynaşmama ve sinir/sinüs riskleri, köprü ve protez seçenekleri.", en: "Implant: stages, failure to integrate, nerve and sinus risks, bridge and denture alternatives." },
  govde: `<h2>Diş İmplantı Onam Formu</h2>
<p>Sayın {adsoyad},</p>
<p>{hekim}, <strong>{dis_no}</strong> bölgesine implant yapılmasını öneriyor. İmplant, çene kemiğine yerleştirilen titanyum bir vidadır. Eksik dişin yerine yapılacak dişi taşır.</p>
<h3>Tedavi aşamaları</h3>
<ol><li>Muayene ve röntgen ya da tomografi</li><li>Lokal anestezi altında implantın kemiğe yerleştirilmesi</li><li>İmplantın kemikle kaynaşması için 2 ile 6 ay beklenmesi</li><li>İmplantın üzerine dişin (protezin) yapılması</li></ol>
<p>Kemik yetersizse kemik tozu ya da zar ile ek işlem gerekebilir.</p>
<h3>Olası riskler</h3>
<ul><li>Ağrı, şişlik, morarma ve kanama</li><li>Enfeksiyon</li><li>İmplantın kemikle kaynaşmaması ve çıkarılması gerekmesi</li><li>Alt çenede sinir hasarı: dudak, çene ya da dilde uyuşukluk; genellikle geçicidir, seyrek olarak kalıcı olabilir</li><li>Üst çenede implantın sinüse ilerlemesi ya da sinüzit</li><li>Komşu dişlere zarar</li><li>Yıllar içinde implant çevresinde iltihap ve kemik kaybı</li></ul>
<p>Sigara, kontrolsüz şeker hastalığı ve kötü ağız bakımı başarıyı azaltır.</p>
<h3>Seçenekler</h3>
<p>Eksik diş yerine köprü ya da hareketli protez yapılabilir. Boşluğu olduğu gibi bırakmak da bir seçenektir. Ancak komşu dişler zamanla kayabilir.</p>
<h3>Tedaviden sonra</h3>
<p>Ağız bakımınızı her gün yapın. Kontrollere düzenli gelin. İmplant da bakım ister.</p>
<h3>Beyan</h3>
<p>Tedavinin aşamaları, riskleri ve seçenekleri bana anlatıldı. Sorularım yanıtlandı. İmplant tedavisini kabul ediyorum.</p>
<p>Tarih: {tarih}</p>`,
  degiskenler: [{ ...TOOTH, etiket: "İmplant bölgesi (diş numarası)" }],
  sorular: [
    q("İmplantın başarısını en çok ne azaltır?", "Sigara içmek ve ağız bakımını ihmal etmek", "Kontrollere düzenli gitmek", "Sigara ve kötü ağız bakımı implantın kaybedilme riskini artırır."),
    q("İmplant yerine hangi seçenek olabilir?", "Köprü ya da hareketli protez", "Hiçbir seçenek yoktur", "Köprü ve protez de eksik dişi tamamlar. Hekiminiz farklarını anlattı."),
    q("İmplantın kemikle kaynaşması ne kadar sürebilir?", "Birkaç ay", "Bir gün", "Kaynaşma genellikle 2 ile 6 ay sürer. Diş bundan sonra yapılır.", false),
  ],
  ceviriler: {
    en: {
      baslik: "Dental Implant Consent Form",
      govde: `<h2>Dental Implant Consent Form</h2>
<p>Dear {adsoyad},</p>
<p>{hekim} recommends an implant at <strong>{dis_no}</strong>. An implant is a titanium screw placed in the jawbone. It carries the tooth that replaces the missing one.</p>
<h3>Stages of treatment</h3>
<ol><li>Examination and an X-ray or CT scan</li><li>Placing the implant in the bone under local anaesthesia</li><li>Waiting 2 to 6 months for the implant to fuse with the bone</li><li>Making the tooth (prosthesis) on the implant</li></ol>
<p>If there is not enough bone, an extra procedure with bone graft or a membrane may be needed.</p>
<h3>Possible risks</h3>
<ul><li>Pain, swelling, bruising and bleeding</li><li>Infection</li><li>The implant not fusing with the bone and having to be removed</li><li>In the lower jaw, nerve damage: numbness of the lip, chin or tongue; usually temporary, rarely permanent</li><li>In the upper jaw, the implant entering the sinus, or sinusitis</li><li>Damage to neighbouring teeth</li><li>Over the years, inflammation and bone loss around the implant</li></ul>
<p>Smoking, uncontrolled diabetes and poor oral hygiene lower the chance of success.</p>
<h3>Alternatives</h3>
<p>The missing tooth can be replaced with a bridge or a removable denture. Leaving the gap is also an option, though neighbouring teeth may shift over time.</p>
<h3>After treatment</h3>
<p>Clean your mouth every day. Come to your check-ups regularly. An implant needs care too.</p>
<h3>Declaration</h3>
<p>The stages, risks and alternatives of the treatment have been explained to me. My questions have been answered. I agree to implant treatment.</p>
<p>Date: {tarih}</p>`,
      sorular: [
        q("What lowers an implant's success the most?", "Smoking and neglecting oral hygiene", "Going to check-ups regularly", "Smoking and poor oral hygiene raise the risk of losing the implant."),
        q("What alternative to an implant may there be?", "A bridge or a removable denture", "There is none", "Bridges and dentures also replace a missing tooth; your dentist has explained the differences."),
        q("How long may the implant take to fuse with the bone?", "A few months", "One day", "Fusing usually takes 2 to 6 months; the tooth is made after that.", false),
      ],
    },
    ...translationsOf("implant"),
  },
};

export const ROOT_CANAL: StarterForm = {
  kod: "kanal-tedavisi",
  baslik: "Kanal Tedavisi Onam Formu",
  kategori: "dis",
  tur: "onam",
  ozet: { tr: "Kanal tedavisi: amaç, alet kırılması ve başarısızlık riskleri, çekim seçeneği.", en: "Root canal treatment: purpose, instrument and failure risks, extraction as the alternative." },
  govde: `<h2>Kanal Tedavisi Onam Formu</h2>
<p>Sayın {adsoyad},</p>
<p>{hekim}, <strong>{dis_no}</strong> numaralı dişinize kanal tedavisi yapılmasını öneriyor. Amaç dişinizi ağızda tutmaktır.</p>
<h3>Tedavi nasıl yapılır?</h3>
<p>Diş lokal anestezi ile uyuşturulur. Dişin içindeki iltihaplı ya da ölü doku temizlenir. Kanallar şekillendirilir ve doldurulur. Tedavi bir ya da birkaç seans sürebilir. Sonra dişe dolgu ya da kaplama (kron) gerekebilir.</p>
<h3>Olası riskler</h3>
<ul><li>Tedaviden sonra birkaç gün ağrı ve hassasiyet</li><li>Kanal içinde ince bir aletin kırılıp kalması</li><li>Kanal duvarında delinme</li><li>Tedaviye rağmen iltihabın sürmesi; yeniden tedavi, cerrahi işlem ya da çekim gerekmesi</li><li>Dişin zamanla kırılması ya da renginin koyulaşması</li><li>Uyuşturma iğnesine bağlı geçici uyuşukluk ya da morarma</li></ul>
<h3>Seçenekler</h3>
<p>Seçenek, dişin çekilmesidir. Çekilen dişin yerine implant, köprü ya da protez yapılabilir. Hiç tedavi etmemek ağrıya, apseye ve iltihabın yayılmasına yol açabilir.</p>
<h3>Beyan</h3>
<p>Tedavinin amacı, riskleri ve seçenekleri bana anlatıldı. Sorularım yanıtlandı. Kanal tedavisini kabul ediyorum.</p>
<p>Tarih: {tarih}</p>`,
  degiskenler: [TOOTH],
  sorular: [
    q("Kanal tedavisinin amacı nedir?", "Dişi ağızda tutmak", "Dişi çekmek", "Kanal tedavisi iltihaplı dokuyu temizleyip dişi korur."),
    q("Tedavi başarısız olursa ne olabilir?", "Yeniden tedavi, cerrahi ya da çekim gerekebilir", "Hiçbir şey olmaz", "İltihap sürerse başka bir işlem gerekebilir."),
    q("Tedaviden sonra dişin kırılmaması için ne önerilebilir?", "Dolgu ya da kaplama (kron)", "O dişle sert yiyecekleri çiğnemek", "Kanal tedavisi görmüş diş daha kolay kırılır. Kaplama onu korur."),
  ],
  ceviriler: {
    en: {
      baslik: "Root Canal Treatment Consent Form",
      govde: `<h2>Root Canal Treatment Consent Form</h2>
<p>Dear {adsoyad},</p>
<p>{hekim} recommends root canal treatment for your tooth number <strong>{dis_no}</strong>. The aim is to keep your tooth.</p>
<h3>How is it done?</h3>
<p>The tooth is numbed with local anaesthesia. Inflamed or dead tissue inside the tooth is removed. The canals are shaped and filled. Treatment may take one or more visits. A filling or a crown may be needed afterwards.</p>
<h3>Possible risks</h3>
<ul><li>Pain and tenderness for a few days after treatment</li><li>A fine instrument breaking and staying in the canal</li><li>A hole made in the canal wall</li><li>Infection persisting despite treatment, needing retreatment, surgery or extraction</li><li>The tooth breaking or darkening over time</li><li>Temporary numbness or bruising from the injection</li></ul>
<h3>Alternatives</h3>
<p>The alternative is extracting the tooth. It may then be replaced with an implant, a bridge or a denture. No treatment may lead to pain, an abscess and spreading infection.</p>
<h3>Declaration</h3>
<p>The purpose, risks and alternatives of the treatment have been explained to me. My questions have been answered. I agree to root canal treatment.</p>
<p>Date: {tarih}</p>`,
      sorular: [
        q("What is the aim of root canal treatment?", "To keep the tooth", "To extract the tooth", "The treatment removes inflamed tissue and saves the tooth."),
        q("What may happen if the treatment fails?", "Retreatment, surgery or extraction may be needed", "Nothing", "If infection persists, another procedure may be needed."),
        q("What may be advised so the tooth does not break?", "A filling or a crown", "Chewing hard food with that tooth", "A root-treated tooth breaks more easily; a crown protects it."),
      ],
    },
    ...translationsOf("kanal-tedavisi"),
  },
};
