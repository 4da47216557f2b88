// Starter forms (issue #52): general medical intervention, anaesthesia, blood transfusion, aesthetic
// procedure. Short sentences in plain Turkish on purpose: a patient reads them under stress.
import { q, type StarterForm } from "./starter-form";
import { translationsOf } from "./translations";

export const GENERAL: StarterForm = {
  kod: "genel-tibbi-girisim",
  baslik: "Genel Tıbbi Girişim Onam Formu",
  kategori: "genel",
  tur: "onam",
  ozet: { tr: "Her tıbbi işlem için temel onam: amaç, riskler, seçenekler ve haklar.", en: "A basic consent for any medical procedure: purpose, risks, alternatives and rights." },
  govde: `<h2>Genel Tıbbi Girişim Onam Formu</h2>
<p>Sayın {adsoyad},</p>
<p>{kurum} bünyesinde {hekim} size <strong>{islem}</strong> yapılmasını öneriyor. Bu formu dikkatle okuyun. Anlamadığınız her şeyi hekiminize sorun.</p>
<h3>İşlemin amacı</h3>
<p>Hekiminiz işlemin neden gerektiğini ve size ne yarar sağlayacağını anlattı. İşlem, sağlık sorununuzu anlamak ya da tedavi etmek için yapılır.</p>
<h3>Olası riskler</h3>
<p>Her tıbbi işlemin riskleri vardır. Bunlar çoğu zaman hafiftir ve geçer:</p>
<ul><li>İşlem yerinde ağrı, morarma ya da şişlik</li><li>Kanama</li><li>Enfeksiyon</li><li>Kullanılan ilaçlara alerji</li></ul>
<p>Seyrek de olsa ciddi sorunlar çıkabilir. O zaman ek tedavi ya da yeni bir işlem gerekebilir. Size özel riskler hekiminizle konuşuldu.</p>
<h3>Seçenekler</h3>
<p>Hekiminiz başka tedavi yollarını, yararlarını ve risklerini anlattı. İşlemi kabul etmezseniz neler olabileceği de açıklandı.</p>
<h3>Haklarınız</h3>
<ul><li>Soru sorabilir ve yanıt alabilirsiniz.</li><li>İşlemi kabul etmeyebilirsiniz.</li><li>Onayınızı işlem başlamadan önce geri alabilirsiniz.</li></ul>
<h3>Beyan</h3>
<p>Bu formu okudum ve anladım. Sorularım yanıtlandı. İşlemin yapılmasını kendi isteğimle kabul ediyorum.</p>
<p>Tarih: {tarih}</p>`,
  degiskenler: [],
  sorular: [
    q("Onayınızı ne zaman geri alabilirsiniz?", "İşlem başlamadan önce istediğim zaman", "Hiçbir zaman", "Onayınızı işlem başlamadan önce dilediğiniz zaman geri alabilirsiniz.", false),
    q("Bu işlemin riski var mı?", "Evet; ağrı, kanama ve enfeksiyon gibi riskleri var", "Hayır, hiçbir riski yok", "Her tıbbi işlemin riskleri vardır. Formda en sık görülenler yazılıdır."),
    q("Anlamadığınız bir şey olursa ne yapmalısınız?", "Hekimime sormalıyım", "Formu yine de imzalamalıyım", "İmzalamadan önce anlamadığınız her şeyi hekiminize sorun."),
  ],
  ceviriler: {
    en: {
      baslik: "General Medical Procedure Consent Form",
      govde: `<h2>General Medical Procedure Consent Form</h2>
<p>Dear {adsoyad},</p>
<p>At {kurum}, {hekim} recommends that you have <strong>{islem}</strong>. Please read this form carefully. Ask your doctor about anything you do not understand.</p>
<h3>Purpose of the procedure</h3>
<p>Your doctor has explained why the procedure is needed and how it will help you. It is done to find out about or to treat your health problem.</p>
<h3>Possible risks</h3>
<p>Every medical procedure has risks. Most are mild and pass:</p>
<ul><li>Pain, bruising or swelling where it is done</li><li>Bleeding</li><li>Infection</li><li>An allergy to the medicines used</li></ul>
<p>Rarely, serious problems can occur. Further treatment or another procedure may then be needed. The risks that apply to you have been discussed with your doctor.</p>
<h3>Alternatives</h3>
<p>Your doctor has explained other treatments, their benefits and their risks. What may happen if you decline the procedure has also been explained.</p>
<h3>Your rights</h3>
<ul><li>You may ask questions and get answers.</li><li>You may decline the procedure.</li><li>You may withdraw your consent before the procedure starts.</li></ul>
<h3>Declaration</h3>
<p>I have read and understood this form. My questions have been answered. I agree of my own free will to have the procedure.</p>
<p>Date: {tarih}</p>`,
      sorular: [
        q("When can you withdraw your consent?", "Any time before the procedure starts", "Never", "You may withdraw your consent at any time before the procedure starts.", false),
        q("Does this procedure have risks?", "Yes; such as pain, bleeding and infection", "No, it has no risks", "Every medical procedure has risks. The most common ones are listed in the form."),
        q("What should you do if you do not understand something?", "Ask my doctor", "Sign the form anyway", "Ask your doctor about anything you do not understand before you sign."),
      ],
    },
    ...translationsOf("genel-tibbi-girisim"),
  },
};

export const ANAESTHESIA: StarterForm = {
  kod: "anestezi",
  baslik: "Anestezi Onam Formu (Genel, Bölgesel, Lokal)",
  kategori: "anestezi",
  tur: "onam",
  ozet: { tr: "Genel, bölgesel ve lokal anestezi: hazırlık, sık ve seyrek riskler.", en: "General, regional and local anaesthesia: preparation, common and rare risks." },
  govde: `<h2>Anestezi Onam Formu</h2>
<p>Sayın {adsoyad},</p>
<p>{islem} sırasında size <strong>{anestezi_turu}</strong> uygulanması planlanıyor. Anestezi, işlem sırasında ağrı duymamanızı sağlar.</p>
<h3>Anestezi türleri</h3>
<ul><li><strong>Genel anestezi:</strong> İlaçlarla tamamen uyutulursunuz. Solunumunuz bir maske ya da tüple desteklenir.</li><li><strong>Bölgesel anestezi:</strong> Bel ya da bir sinir çevresine yapılan iğne ile vücudun bir bölümü uyuşturulur. Uyanık kalabilir ya da hafif uyutulabilirsiniz.</li><li><strong>Lokal anestezi:</strong> Yalnızca işlem yapılacak yer uyuşturulur.</li></ul>
<p>Gerekirse anestezi türü değişebilir. Örneğin bölgesel anestezi yetmezse genel anesteziye geçilebilir.</p>
<h3>İşlemden önce</h3>
<ul><li>Size söylenen süre boyunca yemeyin ve içmeyin.</li><li>Kullandığınız bütün ilaçları ve alerjilerinizi söyleyin.</li><li>Hastalıklarınızı, gebelik olasılığını ve takma dişlerinizi söyleyin.</li></ul>
<h3>Sık görülen yan etkiler</h3>
<p>Bulantı, kusma, boğaz ağrısı, titreme, baş ağrısı, baş dönmesi ve iğne yerinde morarma olabilir. Bunlar genellikle kısa sürede geçer.</p>
<h3>Seyrek görülen riskler</h3>
<ul><li>Diş, dudak ya da dil yaralanması</li><li>İlaçlara alerjik tepki</li><li>Mide içeriğinin akciğere kaçması</li><li>Bölgesel anestezide geçici uyuşukluk ya da şiddetli baş ağrısı</li></ul>
<h3>Çok seyrek ama ciddi riskler</h3>
<p>Ağır alerjik tepki, kalıcı sinir hasarı, kalp ya da solunum durması, beyin hasarı ve ölüm çok seyrek de olsa görülebilir. Anestezi ekibi sizi işlem boyunca yakından izler.</p>
<h3>Seçenekler</h3>
<p>Hekiminiz, işleminize uygun diğer anestezi türlerini ve bunların yarar ve risklerini anlattı. Anestezi olmadan bu işlem çok ağrılı olabilir ya da yapılamayabilir.</p>
<h3>Beyan</h3>
<p>Anestezi türleri, riskleri ve seçenekleri bana anlatıldı. Sorularım yanıtlandı. Anestezi uygulanmasını kabul ediyorum.</p>
<p>Anestezi hekimi: {hekim} · Tarih: {tarih}</p>`,
  degiskenler: [{ ad: "anestezi_turu", etiket: "Planlanan anestezi türü", tip: "metin", zorunlu: true, varsayilan: "genel anestezi" }],
  sorular: [
    q("İşlemden önce neden aç kalmalısınız?", "Mide içeriğinin akciğere kaçma riskini azaltmak için", "Kilo vermek için", "Mide boş olunca, anestezi sırasında mide içeriğinin akciğere kaçma riski azalır."),
    q("Anestezi hekiminize neyi söylemelisiniz?", "Kullandığım ilaçları ve alerjilerimi", "Hiçbir şey söylemem gerekmez", "İlaçlarınız ve alerjileriniz anestezinin güvenliğini doğrudan etkiler."),
    q("Bölgesel anestezi yetmezse ne olabilir?", "İşlem genel anesteziyle sürdürülebilir", "İşlem anestezisiz sürdürülür", "Gerekirse genel anesteziye geçilebilir. Bu formda bu olasılık yazılıdır."),
  ],
  ceviriler: {
    en: {
      baslik: "Anaesthesia Consent Form (General, Regional, Local)",
      govde: `<h2>Anaesthesia Consent Form</h2>
<p>Dear {adsoyad},</p>
<p>For {islem}, you are planned to have <strong>{anestezi_turu}</strong>. Anaesthesia stops you from feeling pain during the procedure.</p>
<h3>Types of anaesthesia</h3>
<ul><li><strong>General anaesthesia:</strong> Medicines put you fully to sleep. Your breathing is supported with a mask or a tube.</li><li><strong>Regional anaesthesia:</strong> An injection in the back or near a nerve numbs part of your body. You may stay awake or be lightly sedated.</li><li><strong>Local anaesthesia:</strong> Only the place of the procedure is numbed.</li></ul>
<p>The type of anaesthesia may change if needed. For example, if regional anaesthesia is not enough, general anaesthesia may be used.</p>
<h3>Before the procedure</h3>
<ul><li>Do not eat or drink for the time you are told.</li><li>Tell us every medicine you take and any allergies.</li><li>Tell us about your illnesses, a possible pregnancy and any dentures.</li></ul>
<h3>Common side effects</h3>
<p>Nausea, vomiting, a sore throat, shivering, headache, dizziness and bruising where the needle went in may occur. They usually pass quickly.</p>
<h3>Uncommon risks</h3>
<ul><li>Damage to teeth, lips or tongue</li><li>An allergic reaction to medicines</li><li>Stomach contents entering the lungs</li><li>Temporary numbness or a severe headache after regional anaesthesia</li></ul>
<h3>Very rare but serious risks</h3>
<p>A severe allergic reaction, permanent nerve damage, the heart or breathing stopping, brain damage and death can occur, though very rarely. The anaesthesia team watches you closely throughout.</p>
<h3>Alternatives</h3>
<p>Your doctor has explained the other types of anaesthesia that suit your procedure, with their benefits and risks. Without anaesthesia the procedure may be very painful or impossible.</p>
<h3>Declaration</h3>
<p>The types of anaesthesia, their risks and the alternatives have been explained to me. My questions have been answered. I agree to have anaesthesia.</p>
<p>Anaesthetist: {hekim} · Date: {tarih}</p>`,
      sorular: [
        q("Why must you not eat or drink before the procedure?", "To lower the risk of stomach contents entering the lungs", "To lose weight", "An empty stomach lowers the risk of stomach contents entering the lungs during anaesthesia."),
        q("What should you tell your anaesthetist?", "The medicines I take and my allergies", "Nothing at all", "Your medicines and allergies directly affect how safe the anaesthesia is."),
        q("What may happen if regional anaesthesia is not enough?", "The procedure may continue under general anaesthesia", "The procedure continues without anaesthesia", "General anaesthesia may be used if needed, as the form says."),
      ],
    },
    ...translationsOf("anestezi"),
  },
};

export const TRANSFUSION: StarterForm = {
  kod: "kan-transfuzyonu",
  baslik: "Kan ve Kan Ürünleri Transfüzyonu Onam Formu",
  kategori: "kan",
  tur: "onam",
  ozet: { tr: "Kan ve kan ürünü verilmesi: neden, nasıl, riskler ve seçenekler.", en: "Receiving blood or blood products: why, how, risks and alternatives." },
  govde: `<h2>Kan ve Kan Ürünleri Transfüzyonu Onam Formu</h2>
<p>Sayın {adsoyad},</p>
<p>Hekiminiz {hekim}, size <strong>{kan_urunu}</strong> verilmesini öneriyor. Kan ürünü; kan kaybı, kansızlık ya da pıhtılaşma sorunu olduğunda verilir.</p>
<h3>Kan nasıl sağlanır?</h3>
<p>Kan, gönüllü bağışçılardan alınır. Her bağış HIV, hepatit B, hepatit C ve frengi için test edilir. Size verilecek kan, kan grubunuza uygun seçilir.</p>
<h3>Nasıl uygulanır?</h3>
<p>Kan ürünü damar yolundan verilir. Bu işlem birkaç saat sürebilir. Bu sürede ateşiniz, nabzınız ve tansiyonunuz izlenir.</p>
<h3>Olası riskler</h3>
<ul><li>Sık ve hafif: ateş, titreme, kaşıntı, deride kızarıklık</li><li>Seyrek: ağır alerjik tepki, nefes darlığı, vücutta sıvı birikmesi</li><li>Çok seyrek: uyumsuz kana bağlı ağır tepki, akciğer hasarı</li><li>Çok seyrek: testlere rağmen bir enfeksiyonun bulaşması</li></ul>
<p><strong>Titreme, ateş, nefes darlığı, sırt ağrısı ya da kaşıntı olursa hemen sağlık çalışanına söyleyin.</strong></p>
<h3>Seçenekler</h3>
<p>Durumunuza göre demir ya da başka ilaçlarla tedavi, ameliyatta kan kaybını azaltan yöntemler ya da kendi kanınızın önceden alınması seçenek olabilir. Kan ürününü kabul etmemek hayatınızı tehlikeye atabilir. Dini ya da kişisel nedenle kabul etmediğiniz bir ürün varsa hekiminize söyleyin.</p>
<h3>Beyan</h3>
<p>Transfüzyonun nedeni, riskleri ve seçenekleri bana anlatıldı. Sorularım yanıtlandı. Kan ürünü verilmesini kabul ediyorum.</p>
<p>Tarih: {tarih}</p>`,
  degiskenler: [{ ad: "kan_urunu", etiket: "Kan ürünü", tip: "metin", zorunlu: false, varsayilan: "kan ürünü (eritrosit süspansiyonu)" }],
  sorular: [
    q("Transfüzyon sırasında titreme ya da nefes darlığı olursa ne yapmalısınız?", "Hemen sağlık çalışanına söylemeliyim", "Bitmesini beklemeliyim", "Bu belirtiler bir tepkinin başlangıcı olabilir. Hemen haber verin."),
    q("Test edilmiş kanla enfeksiyon bulaşabilir mi?", "Çok seyrek de olsa olabilir", "Hayır, risk tamamen sıfırdır", "Testler riski çok azaltır ama sıfıra indirmez."),
    q("Transfüzyon yerine bir seçenek olabilir mi?", "Durumuma göre ilaç tedavisi gibi seçenekler olabilir", "Hiçbir seçenek yoktur", "Seçenekler durumunuza bağlıdır. Hekiminiz size uygun olanları anlattı."),
  ],
  ceviriler: {
    en: {
      baslik: "Blood and Blood Products Transfusion Consent Form",
      govde: `<h2>Blood and Blood Products Transfusion Consent Form</h2>
<p>Dear {adsoyad},</p>
<p>Your doctor, {hekim}, recommends that you receive <strong>{kan_urunu}</strong>. Blood products are given for blood loss, anaemia or a clotting problem.</p>
<h3>Where does the blood come from?</h3>
<p>Blood comes from volunteer donors. Every donation is tested for HIV, hepatitis B, hepatitis C and syphilis. The blood you receive is matched to your blood group.</p>
<h3>How is it given?</h3>
<p>The blood product is given through a drip into a vein. This may take a few hours. Your temperature, pulse and blood pressure are checked during this time.</p>
<h3>Possible risks</h3>
<ul><li>Common and mild: fever, shivering, itching, a skin rash</li><li>Uncommon: a severe allergic reaction, shortness of breath, fluid build-up in the body</li><li>Very rare: a severe reaction to mismatched blood, lung injury</li><li>Very rare: an infection passed on despite testing</li></ul>
<p><strong>Tell a member of staff at once if you have shivering, fever, shortness of breath, back pain or itching.</strong></p>
<h3>Alternatives</h3>
<p>Depending on your condition, iron or other medicines, methods that reduce blood loss in surgery, or storing your own blood beforehand may be options. Declining blood products may put your life at risk. Tell your doctor if you do not accept a product for religious or personal reasons.</p>
<h3>Declaration</h3>
<p>The reason for the transfusion, its risks and the alternatives have been explained to me. My questions have been answered. I agree to receive blood products.</p>
<p>Date: {tarih}</p>`,
      sorular: [
        q("What should you do if you shiver or feel short of breath during the transfusion?", "Tell a member of staff at once", "Wait until it ends", "These can be the start of a reaction. Tell staff at once."),
        q("Can tested blood pass on an infection?", "Very rarely, yes", "No, the risk is zero", "Testing makes the risk very small but not zero."),
        q("Can there be an alternative to a transfusion?", "Depending on my condition, options such as medicines", "There is no alternative", "The options depend on your condition; your doctor has explained those that suit you."),
      ],
    },
    ...translationsOf("kan-transfuzyonu"),
  },
};

export const AESTHETIC: StarterForm = {
  kod: "estetik-islem",
  baslik: "Estetik İşlem Onam Formu",
  kategori: "estetik",
  tur: "onam",
  ozet: { tr: "Estetik amaçlı işlemler: sonucun garanti olmadığı, riskler, ek işlem olasılığı.", en: "Aesthetic procedures: no guaranteed result, risks, possible touch-ups." },
  govde: `<h2>Estetik İşlem Onam Formu</h2>
<p>Sayın {adsoyad},</p>
<p>{kurum} bünyesinde {hekim} tarafından size <strong>{islem}</strong> yapılması planlanıyor. Bu işlem bir hastalığı tedavi etmek için değil, görünümü değiştirmek için yapılır.</p>
<h3>Beklenen sonuç</h3>
<p>Sonuç kişiden kişiye değişir. Cilt yapısı, yaş, sigara ve iyileşme hızı sonucu etkiler. İstenen sonuç garanti edilemez. Bazen ek bir işlem (rötuş) gerekebilir.</p>
<h3>Olası riskler</h3>
<ul><li>Ağrı, şişlik, morarma ve kızarıklık</li><li>Enfeksiyon</li><li>Belirgin iz ya da kabarık yara izi</li><li>İki taraf arasında farklılık (asimetri)</li><li>Geçici ya da kalıcı his azalması</li><li>Kullanılan ilaç ya da maddeye alerji</li><li>Dolgu işlemlerinde çok seyrek: damar tıkanması, deride doku kaybı, görme kaybı</li></ul>
<h3>Seçenekler</h3>
<p>Bu işlem tıbbi bir zorunluluk değildir. İşlemi yaptırmamak ya da başka bir yöntem seçmek mümkündür. Hekiminiz diğer yöntemleri anlattı.</p>
<h3>Fotoğraflar</h3>
<p>İşlem öncesi ve sonrası fotoğraflarınız tıbbi kaydınız için çekilebilir. Bunlar sizin ayrı izniniz olmadan tanıtımda ya da eğitimde kullanılmaz.</p>
<h3>Beyan</h3>
<p>Sonucun garanti olmadığını ve ek işlem gerekebileceğini anladım. Riskler ve seçenekler bana anlatıldı. İşlemi kendi isteğimle kabul ediyorum.</p>
<p>Tarih: {tarih}</p>`,
  degiskenler: [],
  sorular: [
    q("İstenen sonuç garanti edilebilir mi?", "Hayır, sonuç kişiden kişiye değişir", "Evet, her zaman garanti edilir", "Sonuç cilt yapısı, yaş ve iyileşmeye göre değişir. Garanti edilemez."),
    q("İşlemden sonra neler görülebilir?", "Şişlik, morarma ya da iz", "Hiçbir yan etki görülmez", "Şişlik ve morarma sıktır. Kalıcı iz de oluşabilir."),
    q("Bu işlemi yaptırmamak bir seçenek midir?", "Evet, işlem tıbbi bir zorunluluk değildir", "Hayır, yaptırmak zorunludur", "Estetik işlem isteğe bağlıdır. Yaptırmamak da bir seçenektir."),
  ],
  ceviriler: {
    en: {
      baslik: "Aesthetic Procedure Consent Form",
      govde: `<h2>Aesthetic Procedure Consent Form</h2>
<p>Dear {adsoyad},</p>
<p>At {kurum}, {hekim} plans to perform <strong>{islem}</strong>. This procedure is not done to treat an illness but to change appearance.</p>
<h3>Expected result</h3>
<p>Results differ from person to person. Skin type, age, smoking and healing affect the result. The desired result cannot be guaranteed. A further procedure (touch-up) is sometimes needed.</p>
<h3>Possible risks</h3>
<ul><li>Pain, swelling, bruising and redness</li><li>Infection</li><li>A visible or raised scar</li><li>A difference between the two sides (asymmetry)</li><li>Temporary or permanent loss of feeling</li><li>An allergy to a medicine or material used</li><li>With fillers, very rarely: a blocked blood vessel, skin loss, loss of sight</li></ul>
<h3>Alternatives</h3>
<p>This procedure is not medically necessary. You may choose not to have it or choose another method. Your doctor has explained the other methods.</p>
<h3>Photographs</h3>
<p>Photographs before and after the procedure may be taken for your medical record. They are not used for advertising or teaching without your separate permission.</p>
<h3>Declaration</h3>
<p>I understand that the result is not guaranteed and that a further procedure may be needed. The risks and alternatives have been explained to me. I agree of my own free will to the procedure.</p>
<p>Date: {tarih}</p>`,
      sorular: [
        q("Can the desired result be guaranteed?", "No, results differ from person to person", "Yes, always", "The result depends on skin, age and healing. It cannot be guaranteed."),
        q("What may you see after the procedure?", "Swelling, bruising or a scar", "No side effects at all", "Swelling and bruising are common. A lasting scar can form."),
        q("Is not having this procedure an option?", "Yes, it is not medically necessary", "No, it must be done", "An aesthetic procedure is optional. Not having it is an option too."),
      ],
    },
    ...translationsOf("estetik-islem"),
  },
};
