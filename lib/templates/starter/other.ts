// Starter forms (issue #52): veterinary surgery and KVKK explicit consent (açık rıza).
import { q, type StarterForm } from "./starter-form";
import { translationsOf } from "./translations";

export const VETERINARY: StarterForm = {
  kod: "veteriner-cerrahi",
  baslik: "Veteriner Cerrahi ve Anestezi Onam Formu",
  kategori: "veteriner",
  tur: "onam",
  ozet: { tr: "Hayvan sahibinin cerrahi ve anestezi onamı: hazırlık, riskler, ek girişim, bakım.", en: "An owner's consent to surgery and anaesthesia: preparation, risks, extra procedures, aftercare." },
  govde: `<h2>Veteriner Cerrahi ve Anestezi Onam Formu</h2>
<p>Ben, {adsoyad}, sahibi ya da sorumlusu olduğum <strong>{hayvan_ad}</strong> adlı {hayvan_tur} için bu formu okudum.</p>
<p>{kurum} bünyesinde {hekim}, hayvanıma <strong>{islem}</strong> yapılmasını öneriyor.</p>
<h3>İşlemden önce</h3>
<ul><li>Hayvanınızı hekimin söylediği süre boyunca aç bırakın.</li><li>Suyun ne zaman kesileceğini hekiminize sorun.</li><li>Kullandığı ilaçları ve bilinen hastalıklarını söyleyin.</li></ul>
<h3>Anestezi riskleri</h3>
<p>Her anestezinin riski vardır. Yaşlı ya da hasta hayvanlarda ve bazı ırklarda risk daha yüksektir. Çok seyrek de olsa kalp ya da solunum durması ve ölüm görülebilir.</p>
<h3>Cerrahi riskler</h3>
<ul><li>Ağrı, kanama ve şişlik</li><li>Enfeksiyon</li><li>Dikişlerin açılması; hayvan yarasını yalarsa ya da ısırırsa risk artar</li><li>Ek bir işlem gerekmesi</li></ul>
<h3>Beklenmeyen durumlar</h3>
<p>Ameliyat sırasında beklenmeyen bir durum çıkabilir. Hekim, hayvanınızın yararı için gerekli ek girişimi yapabilir. Mümkünse önce size ulaşılır.</p>
<h3>Seçenekler</h3>
<p>Hekiminiz ilaç tedavisi ya da izleme gibi diğer seçenekleri ve ameliyat yapılmazsa olabilecekleri anlattı.</p>
<h3>Ücret ve bakım</h3>
<p>Tahmini ücret bana bildirildi. Ek işlemler ücreti değiştirebilir. Ameliyat sonrası bakım ve kontrol günleri bana anlatıldı.</p>
<h3>Beyan</h3>
<p>Riskleri ve seçenekleri anladım. Sorularım yanıtlandı. İşlemin ve anestezinin uygulanmasını kabul ediyorum.</p>
<p>Tarih: {tarih}</p>`,
  degiskenler: [],
  sorular: [
    q("Ameliyattan önce hayvanınızı neden aç bırakmalısınız?", "Anestezide kusma ve akciğere kaçma riskini azaltmak için", "Kilosunu azaltmak için", "Mide boşken anestezi daha güvenlidir."),
    q("Hayvanınız dikişlerini yalarsa ne olabilir?", "Yara açılabilir ya da iltihaplanabilir", "Yara daha hızlı iyileşir", "Yalamayı önlemek için koruyucu yakalık gerekebilir."),
    q("Ameliyatta beklenmeyen bir durum çıkarsa hekim ne yapabilir?", "Hayvanın yararı için gerekli ek girişimi yapabilir", "Hiçbir şey yapamaz", "Formda bu olasılık yazılıdır. Mümkünse önce size ulaşılır."),
  ],
  ceviriler: {
    en: {
      baslik: "Veterinary Surgery and Anaesthesia Consent Form",
      govde: `<h2>Veterinary Surgery and Anaesthesia Consent Form</h2>
<p>I, {adsoyad}, have read this form for <strong>{hayvan_ad}</strong>, a {hayvan_tur} that I own or am responsible for.</p>
<p>At {kurum}, {hekim} recommends <strong>{islem}</strong> for my animal.</p>
<h3>Before the procedure</h3>
<ul><li>Do not feed your animal for the time the vet tells you.</li><li>Ask your vet when to take water away.</li><li>Tell us about its medicines and known illnesses.</li></ul>
<h3>Risks of anaesthesia</h3>
<p>Every anaesthetic has risks. The risk is higher in old or ill animals and in some breeds. Very rarely, the heart or breathing may stop and the animal may die.</p>
<h3>Risks of surgery</h3>
<ul><li>Pain, bleeding and swelling</li><li>Infection</li><li>The wound opening; the risk rises if the animal licks or bites it</li><li>A further procedure being needed</li></ul>
<h3>Unexpected findings</h3>
<p>Something unexpected may be found during surgery. The vet may then do a further procedure that is in your animal's interest. We will try to reach you first where possible.</p>
<h3>Alternatives</h3>
<p>Your vet has explained other options, such as medicines or monitoring, and what may happen without surgery.</p>
<h3>Cost and aftercare</h3>
<p>I have been told the estimated cost. Further procedures may change the cost. Aftercare and check-up dates have been explained to me.</p>
<h3>Declaration</h3>
<p>I understand the risks and alternatives. My questions have been answered. I agree to the procedure and the anaesthesia.</p>
<p>Date: {tarih}</p>`,
      sorular: [
        q("Why must your animal not eat before surgery?", "To lower the risk of vomiting and aspiration under anaesthesia", "To make it lose weight", "Anaesthesia is safer on an empty stomach."),
        q("What may happen if your animal licks its stitches?", "The wound may open or become infected", "The wound heals faster", "A protective collar may be needed to stop licking."),
        q("What may the vet do if something unexpected is found?", "A further procedure in the animal's interest", "Nothing at all", "The form says so; we will try to reach you first where possible."),
      ],
    },
    ...translationsOf("veteriner-cerrahi"),
  },
};

export const KVKK: StarterForm = {
  kod: "kvkk-acik-riza",
  baslik: "Kişisel Verilerin İşlenmesine İlişkin Açık Rıza Beyanı",
  kategori: "kvkk",
  tur: "onam",
  ozet: {
    tr: "KVKK açık rıza beyanı: tedavi dışındaki amaçlar, geri alma hakkı. Amaç listesini kurumunuza göre düzenleyin.",
    en: "KVKK explicit consent: purposes beyond care, the right to withdraw. Edit the list of purposes to fit your institution.",
  },
  govde: `<h2>Kişisel Verilerin İşlenmesine İlişkin Açık Rıza Beyanı</h2>
<p>Sayın {adsoyad},</p>
<p>{kurum}, 6698 sayılı Kişisel Verilerin Korunması Kanunu (KVKK) uyarınca veri sorumlusudur. Kişisel verilerinizin nasıl işlendiği size aydınlatma metninde ayrıca anlatıldı.</p>
<p>Teşhis ve tedaviniz için gereken veriler, kanun gereği açık rızanız aranmadan işlenir. Bu beyan yalnızca aşağıdaki ek amaçlar içindir.</p>
<h3>Açık rızanızı istediğimiz amaçlar</h3>
<ul><li>Tedavi sırasında çekilen fotoğraf ve görüntülerin, kimliğiniz belli olmayacak biçimde eğitim ve bilimsel yayınlarda kullanılması</li><li>Sağlık verilerinizin, tedavi giderleriniz için özel sağlık sigortası şirketinize aktarılması</li><li>Verilerinizin, sunucuları yurt dışında bulunan hizmet sağlayıcılarımızda saklanması</li></ul>
<h3>Bilmeniz gerekenler</h3>
<ul><li>Açık rıza vermeniz zorunlu değildir.</li><li>Rıza vermemeniz tedavinizi hiçbir biçimde etkilemez.</li><li>Rızanızı istediğiniz zaman geri alabilirsiniz. Geri alma, o zamana kadar yapılan işlemleri etkilemez.</li><li>KVKK'nın 11. maddesindeki haklarınız için {kurum} ile iletişime geçebilirsiniz.</li></ul>
<h3>Beyan</h3>
<p>Bu metni okudum ve anladım. Kişisel verilerimin yukarıdaki amaçlarla işlenmesine özgür irademle açık rıza veriyorum.</p>
<p>Tarih: {tarih}</p>`,
  degiskenler: [],
  sorular: [
    q("Açık rıza vermezseniz tedaviniz etkilenir mi?", "Hayır, tedavim etkilenmez", "Evet, tedavi edilmem", "Açık rıza isteğe bağlıdır. Vermemeniz tedavinizi etkilemez."),
    q("Verdiğiniz açık rızayı geri alabilir misiniz?", "Evet, istediğim zaman", "Hayır, geri alınamaz", "Rızanızı dilediğiniz zaman geri alabilirsiniz."),
    q("Haklarınızı kullanmak için kime başvurursunuz?", "Veri sorumlusu olan kuruma", "Hiç kimseye başvuramam", "KVKK'daki haklarınız için veri sorumlusuna başvurabilirsiniz."),
  ],
  ceviriler: {
    en: {
      baslik: "Explicit Consent to the Processing of Personal Data",
      govde: `<h2>Explicit Consent to the Processing of Personal Data</h2>
<p>Dear {adsoyad},</p>
<p>{kurum} is the data controller under Turkey's Personal Data Protection Law No. 6698 (KVKK). How your personal data is processed has been explained to you separately in the privacy notice.</p>
<p>The data needed for your diagnosis and treatment is processed by law without asking for your explicit consent. This statement covers only the additional purposes below.</p>
<h3>Purposes we ask your explicit consent for</h3>
<ul><li>Using photographs and images taken during treatment, in a way that does not identify you, in teaching and scientific publications</li><li>Sending your health data to your private health insurer for your treatment costs</li><li>Storing your data with our service providers whose servers are abroad</li></ul>
<h3>What you should know</h3>
<ul><li>Giving explicit consent is not compulsory.</li><li>Not giving it does not affect your treatment in any way.</li><li>You may withdraw your consent at any time. Withdrawal does not affect processing done before it.</li><li>For your rights under Article 11 of the KVKK, you may contact {kurum}.</li></ul>
<h3>Declaration</h3>
<p>I have read and understood this text. Of my own free will, I give explicit consent to the processing of my personal data for the purposes above.</p>
<p>Date: {tarih}</p>`,
      sorular: [
        q("Does not giving explicit consent affect your treatment?", "No, my treatment is not affected", "Yes, I will not be treated", "Explicit consent is optional; not giving it does not affect your treatment."),
        q("Can you withdraw the consent you gave?", "Yes, at any time", "No, it cannot be withdrawn", "You may withdraw your consent whenever you wish."),
        q("Whom do you apply to for your rights?", "The institution, as data controller", "No one", "You may apply to the data controller for your rights under the KVKK."),
      ],
    },
    ...translationsOf("kvkk-acik-riza"),
  },
};
