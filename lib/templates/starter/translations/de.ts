// German translations of the starter forms (issue #52), made from the Turkish text: formal "Sie", the
// same placeholders, headings and lists, the same teach-back questions with the same right answers.
import { q, type StarterCode, type StarterTranslation } from "../starter-form";

export const DE: Record<StarterCode, StarterTranslation> = {
  "genel-tibbi-girisim": {
    baslik: "Einwilligungserklärung für einen allgemeinen medizinischen Eingriff",
    govde: `<h2>Einwilligungserklärung für einen allgemeinen medizinischen Eingriff</h2>
<p>Sehr geehrte(r) {adsoyad},</p>
<p>In der Einrichtung {kurum} empfiehlt Ihnen {hekim} folgenden Eingriff: <strong>{islem}</strong>. Bitte lesen Sie dieses Formular sorgfältig. Fragen Sie Ihre Ärztin oder Ihren Arzt nach allem, was Sie nicht verstehen.</p>
<h3>Zweck des Eingriffs</h3>
<p>Ihre Ärztin oder Ihr Arzt hat Ihnen erklärt, warum der Eingriff notwendig ist und welchen Nutzen er Ihnen bringt. Der Eingriff dient dazu, Ihr Gesundheitsproblem zu erkennen oder zu behandeln.</p>
<h3>Mögliche Risiken</h3>
<p>Jeder medizinische Eingriff hat Risiken. Diese sind meist leicht und gehen vorüber:</p>
<ul><li>Schmerzen, Blutergüsse oder Schwellungen an der Eingriffsstelle</li><li>Blutungen</li><li>Infektionen</li><li>Allergie gegen die verwendeten Medikamente</li></ul>
<p>Selten können ernste Probleme auftreten. Dann kann eine weitere Behandlung oder ein erneuter Eingriff nötig werden. Die Risiken, die Sie persönlich betreffen, wurden mit Ihrer Ärztin oder Ihrem Arzt besprochen.</p>
<h3>Alternativen</h3>
<p>Ihre Ärztin oder Ihr Arzt hat Ihnen andere Behandlungsmöglichkeiten mit ihrem Nutzen und ihren Risiken erklärt. Es wurde auch erklärt, was geschehen kann, wenn Sie den Eingriff ablehnen.</p>
<h3>Ihre Rechte</h3>
<ul><li>Sie dürfen Fragen stellen und erhalten Antworten.</li><li>Sie dürfen den Eingriff ablehnen.</li><li>Sie können Ihre Einwilligung widerrufen, bevor der Eingriff beginnt.</li></ul>
<h3>Erklärung</h3>
<p>Ich habe dieses Formular gelesen und verstanden. Meine Fragen wurden beantwortet. Ich willige aus freiem Willen in die Durchführung des Eingriffs ein.</p>
<p>Datum: {tarih}</p>`,
    sorular: [
      q("Wann können Sie Ihre Einwilligung widerrufen?", "Jederzeit, bevor der Eingriff beginnt", "Niemals", "Sie können Ihre Einwilligung jederzeit widerrufen, bevor der Eingriff beginnt.", false),
      q("Hat dieser Eingriff Risiken?", "Ja, zum Beispiel Schmerzen, Blutungen und Infektionen", "Nein, er hat keinerlei Risiken", "Jeder medizinische Eingriff hat Risiken. Die häufigsten stehen im Formular."),
      q("Was sollten Sie tun, wenn Sie etwas nicht verstehen?", "Meine Ärztin oder meinen Arzt fragen", "Das Formular trotzdem unterschreiben", "Fragen Sie vor der Unterschrift nach allem, was Sie nicht verstehen."),
    ],
  },

  "dis-cekimi": {
    baslik: "Einwilligungserklärung zur Zahnentfernung",
    govde: `<h2>Einwilligungserklärung zur Zahnentfernung</h2>
<p>Sehr geehrte(r) {adsoyad},</p>
<p>{hekim} empfiehlt, Ihren Zahn Nummer <strong>{dis_no}</strong> zu entfernen. Vor der Entfernung wird die Stelle mit einer örtlichen Betäubung (Lokalanästhesie) betäubt.</p>
<h3>Warum ist sie notwendig?</h3>
<p>Der Zahn kann wegen fortgeschrittener Karies, eines Bruchs, einer Entzündung, einer Zahnfleischerkrankung oder Platzmangels möglicherweise nicht erhalten werden. Ihre Zahnärztin oder Ihr Zahnarzt hat Ihnen Ihre Situation erklärt.</p>
<h3>Mögliche Risiken</h3>
<ul><li>Schmerzen, Schwellung, Bluterguss und Schwierigkeiten beim Öffnen des Mundes</li><li>Blutung</li><li>Infektion oder trockene Alveole (schmerzhafte Entzündung der Wunde)</li><li>Schäden an Nachbarzähnen, Füllungen oder Kronen</li><li>Abbrechen und Verbleiben einer Wurzelspitze, sodass ein weiterer Eingriff nötig wird</li><li>Im Unterkiefer Taubheit von Lippe, Kinn oder Zunge; meist vorübergehend, selten dauerhaft</li><li>Im Oberkiefer eine Verbindung zwischen Mund und Kieferhöhle</li><li>Sehr selten: Kieferbruch</li></ul>
<h3>Alternativen</h3>
<p>In manchen Fällen kann der Zahn mit einer Füllung oder einer Wurzelkanalbehandlung erhalten werden. Keine Behandlung kann zu Schmerzen und zur Ausbreitung der Entzündung führen. Der entfernte Zahn kann später durch ein Implantat, eine Brücke oder eine Prothese ersetzt werden.</p>
<h3>Nach der Entfernung</h3>
<ul><li>Beißen Sie 30 Minuten auf den Tupfer.</li><li>Spucken Sie am ersten Tag nicht aus, trinken Sie nicht mit dem Strohhalm und rauchen Sie nicht.</li><li>Meiden Sie heiße Speisen und Getränke.</li><li>Nehmen Sie die verordneten Medikamente ein.</li><li>Rufen Sie die Praxis an, wenn die Blutung nicht aufhört oder Sie Fieber bekommen.</li></ul>
<h3>Erklärung</h3>
<p>Der Grund, die Risiken und die Alternativen der Entfernung wurden mir erklärt. Meine Fragen wurden beantwortet. Ich willige in die Entfernung meines Zahnes ein.</p>
<p>Datum: {tarih}</p>`,
    sorular: [
      q("Was sollten Sie am ersten Tag nach der Entfernung nicht tun?", "Rauchen und häufig ausspucken", "Das verordnete Medikament einnehmen", "Rauchen und Ausspucken lösen das Blutgerinnsel und erhöhen das Risiko einer trockenen Alveole."),
      q("Welches Risiko besteht bei der Entfernung eines Unterkieferzahns?", "Taubheit der Lippe oder der Zunge", "Haarausfall", "Der Nerv im Unterkiefer kann nahe am Zahn liegen. Die Taubheit ist meist vorübergehend."),
      q("Kann der Zahn vielleicht erhalten werden?", "Manchmal mit einer Füllung oder Wurzelkanalbehandlung", "Nein, niemals", "Ihre Zahnärztin oder Ihr Zahnarzt hat erklärt, welche Möglichkeiten es für Ihren Zahn gibt.", false),
    ],
  },

  implant: {
    baslik: "Einwilligungserklärung zum Zahnimplantat",
    govde: `<h2>Einwilligungserklärung zum Zahnimplantat</h2>
<p>Sehr geehrte(r) {adsoyad},</p>
<p>{hekim} empfiehlt ein Implantat in der Region <strong>{dis_no}</strong>. Ein Implantat ist eine Titanschraube, die in den Kieferknochen eingesetzt wird. Es trägt den Zahnersatz für den fehlenden Zahn.</p>
<h3>Behandlungsschritte</h3>
<ol><li>Untersuchung und Röntgenbild oder Computertomografie</li><li>Einsetzen des Implantats in den Knochen unter örtlicher Betäubung</li><li>Wartezeit von 2 bis 6 Monaten, bis das Implantat mit dem Knochen verwachsen ist</li><li>Anfertigung des Zahns (der Prothese) auf dem Implantat</li></ol>
<p>Bei zu wenig Knochen kann ein zusätzlicher Eingriff mit Knochenersatzmaterial oder einer Membran nötig sein.</p>
<h3>Mögliche Risiken</h3>
<ul><li>Schmerzen, Schwellung, Bluterguss und Blutung</li><li>Infektion</li><li>Das Implantat verwächst nicht mit dem Knochen und muss entfernt werden</li><li>Im Unterkiefer Nervenschädigung: Taubheit von Lippe, Kinn oder Zunge; meist vorübergehend, selten dauerhaft</li><li>Im Oberkiefer Eindringen des Implantats in die Kieferhöhle oder eine Kieferhöhlenentzündung</li><li>Schäden an Nachbarzähnen</li><li>Im Laufe der Jahre Entzündung und Knochenabbau um das Implantat</li></ul>
<p>Rauchen, schlecht eingestellter Diabetes und mangelnde Mundhygiene verringern den Erfolg.</p>
<h3>Alternativen</h3>
<p>Der fehlende Zahn kann durch eine Brücke oder eine herausnehmbare Prothese ersetzt werden. Auch die Lücke zu belassen ist eine Möglichkeit. Die Nachbarzähne können sich mit der Zeit jedoch verschieben.</p>
<h3>Nach der Behandlung</h3>
<p>Pflegen Sie Ihren Mund jeden Tag. Kommen Sie regelmäßig zu den Kontrollen. Auch ein Implantat braucht Pflege.</p>
<h3>Erklärung</h3>
<p>Die Behandlungsschritte, die Risiken und die Alternativen wurden mir erklärt. Meine Fragen wurden beantwortet. Ich willige in die Implantatbehandlung ein.</p>
<p>Datum: {tarih}</p>`,
    sorular: [
      q("Was verringert den Erfolg eines Implantats am meisten?", "Rauchen und vernachlässigte Mundhygiene", "Regelmäßige Kontrollen", "Rauchen und schlechte Mundhygiene erhöhen das Risiko, das Implantat zu verlieren."),
      q("Welche Alternative zum Implantat kann es geben?", "Eine Brücke oder eine herausnehmbare Prothese", "Es gibt keine Alternative", "Auch Brücke und Prothese ersetzen den fehlenden Zahn. Ihre Zahnärztin oder Ihr Zahnarzt hat die Unterschiede erklärt."),
      q("Wie lange kann es dauern, bis das Implantat mit dem Knochen verwachsen ist?", "Einige Monate", "Einen Tag", "Das Verwachsen dauert meist 2 bis 6 Monate. Danach wird der Zahn angefertigt.", false),
    ],
  },

  "kanal-tedavisi": {
    baslik: "Einwilligungserklärung zur Wurzelkanalbehandlung",
    govde: `<h2>Einwilligungserklärung zur Wurzelkanalbehandlung</h2>
<p>Sehr geehrte(r) {adsoyad},</p>
<p>{hekim} empfiehlt eine Wurzelkanalbehandlung an Ihrem Zahn Nummer <strong>{dis_no}</strong>. Ziel ist es, Ihren Zahn zu erhalten.</p>
<h3>Wie wird die Behandlung durchgeführt?</h3>
<p>Der Zahn wird örtlich betäubt. Entzündetes oder abgestorbenes Gewebe im Inneren des Zahns wird entfernt. Die Kanäle werden aufbereitet und gefüllt. Die Behandlung kann eine oder mehrere Sitzungen dauern. Danach kann eine Füllung oder eine Krone nötig sein.</p>
<h3>Mögliche Risiken</h3>
<ul><li>Schmerzen und Empfindlichkeit für einige Tage nach der Behandlung</li><li>Abbrechen und Verbleiben eines feinen Instruments im Kanal</li><li>Durchbohrung der Kanalwand</li><li>Fortbestehen der Entzündung trotz Behandlung; erneute Behandlung, ein chirurgischer Eingriff oder die Entfernung werden nötig</li><li>Bruch oder Verfärbung des Zahns im Laufe der Zeit</li><li>Vorübergehende Taubheit oder Bluterguss durch die Betäubungsspritze</li></ul>
<h3>Alternativen</h3>
<p>Die Alternative ist die Entfernung des Zahns. Der entfernte Zahn kann durch ein Implantat, eine Brücke oder eine Prothese ersetzt werden. Keine Behandlung kann zu Schmerzen, einem Abszess und zur Ausbreitung der Entzündung führen.</p>
<h3>Erklärung</h3>
<p>Der Zweck, die Risiken und die Alternativen der Behandlung wurden mir erklärt. Meine Fragen wurden beantwortet. Ich willige in die Wurzelkanalbehandlung ein.</p>
<p>Datum: {tarih}</p>`,
    sorular: [
      q("Was ist das Ziel der Wurzelkanalbehandlung?", "Den Zahn zu erhalten", "Den Zahn zu entfernen", "Die Wurzelkanalbehandlung entfernt entzündetes Gewebe und erhält den Zahn."),
      q("Was kann geschehen, wenn die Behandlung nicht erfolgreich ist?", "Eine erneute Behandlung, ein chirurgischer Eingriff oder die Entfernung können nötig sein", "Es geschieht nichts", "Wenn die Entzündung fortbesteht, kann ein weiterer Eingriff nötig sein."),
      q("Was kann empfohlen werden, damit der Zahn nach der Behandlung nicht bricht?", "Eine Füllung oder eine Krone", "Mit diesem Zahn harte Speisen kauen", "Ein wurzelbehandelter Zahn bricht leichter. Eine Krone schützt ihn."),
    ],
  },

  anestezi: {
    baslik: "Einwilligungserklärung zur Anästhesie (Allgemein-, Regional-, Lokalanästhesie)",
    govde: `<h2>Einwilligungserklärung zur Anästhesie</h2>
<p>Sehr geehrte(r) {adsoyad},</p>
<p>Für den Eingriff {islem} ist bei Ihnen folgende Betäubung geplant: <strong>{anestezi_turu}</strong>. Die Anästhesie sorgt dafür, dass Sie während des Eingriffs keine Schmerzen spüren.</p>
<h3>Arten der Anästhesie</h3>
<ul><li><strong>Allgemeinanästhesie (Narkose):</strong> Sie werden mit Medikamenten vollständig in Schlaf versetzt. Ihre Atmung wird mit einer Maske oder einem Schlauch unterstützt.</li><li><strong>Regionalanästhesie:</strong> Mit einer Spritze in den Rücken oder an einen Nerv wird ein Teil des Körpers betäubt. Sie können wach bleiben oder leicht schlafen.</li><li><strong>Lokalanästhesie:</strong> Nur die Stelle des Eingriffs wird betäubt.</li></ul>
<p>Die Art der Anästhesie kann sich bei Bedarf ändern. Reicht zum Beispiel die Regionalanästhesie nicht aus, kann auf eine Allgemeinanästhesie gewechselt werden.</p>
<h3>Vor dem Eingriff</h3>
<ul><li>Essen und trinken Sie während der Ihnen genannten Zeit nichts.</li><li>Nennen Sie alle Medikamente, die Sie einnehmen, und Ihre Allergien.</li><li>Nennen Sie Ihre Erkrankungen, eine mögliche Schwangerschaft und herausnehmbaren Zahnersatz.</li></ul>
<h3>Häufige Nebenwirkungen</h3>
<p>Übelkeit, Erbrechen, Halsschmerzen, Kältezittern, Kopfschmerzen, Schwindel und Blutergüsse an der Einstichstelle können auftreten. Diese gehen meist rasch vorüber.</p>
<h3>Seltene Risiken</h3>
<ul><li>Verletzung von Zähnen, Lippen oder Zunge</li><li>Allergische Reaktion auf Medikamente</li><li>Übertritt von Mageninhalt in die Lunge</li><li>Bei Regionalanästhesie vorübergehende Taubheit oder starke Kopfschmerzen</li></ul>
<h3>Sehr seltene, aber schwere Risiken</h3>
<p>Eine schwere allergische Reaktion, bleibende Nervenschäden, Herz- oder Atemstillstand, Hirnschäden und Tod können, wenn auch sehr selten, auftreten. Das Anästhesieteam überwacht Sie während des gesamten Eingriffs genau.</p>
<h3>Alternativen</h3>
<p>Ihre Ärztin oder Ihr Arzt hat Ihnen die anderen für Ihren Eingriff geeigneten Anästhesiearten mit ihrem Nutzen und ihren Risiken erklärt. Ohne Anästhesie kann dieser Eingriff sehr schmerzhaft oder nicht durchführbar sein.</p>
<h3>Erklärung</h3>
<p>Die Arten der Anästhesie, ihre Risiken und die Alternativen wurden mir erklärt. Meine Fragen wurden beantwortet. Ich willige in die Anästhesie ein.</p>
<p>Anästhesist(in): {hekim} · Datum: {tarih}</p>`,
    sorular: [
      q("Warum müssen Sie vor dem Eingriff nüchtern bleiben?", "Um das Risiko zu senken, dass Mageninhalt in die Lunge gelangt", "Um abzunehmen", "Bei leerem Magen sinkt das Risiko, dass während der Anästhesie Mageninhalt in die Lunge gelangt."),
      q("Was sollten Sie Ihrer Anästhesistin oder Ihrem Anästhesisten sagen?", "Welche Medikamente ich nehme und welche Allergien ich habe", "Ich muss nichts sagen", "Ihre Medikamente und Allergien beeinflussen unmittelbar die Sicherheit der Anästhesie."),
      q("Was kann geschehen, wenn die Regionalanästhesie nicht ausreicht?", "Der Eingriff kann in Allgemeinanästhesie fortgesetzt werden", "Der Eingriff wird ohne Betäubung fortgesetzt", "Bei Bedarf kann auf eine Allgemeinanästhesie gewechselt werden. Diese Möglichkeit steht im Formular."),
    ],
  },

  "kan-transfuzyonu": {
    baslik: "Einwilligungserklärung zur Transfusion von Blut und Blutprodukten",
    govde: `<h2>Einwilligungserklärung zur Transfusion von Blut und Blutprodukten</h2>
<p>Sehr geehrte(r) {adsoyad},</p>
<p>Ihre Ärztin oder Ihr Arzt, {hekim}, empfiehlt, Ihnen <strong>{kan_urunu}</strong> zu geben. Blutprodukte werden bei Blutverlust, Blutarmut oder Gerinnungsstörungen gegeben.</p>
<h3>Woher kommt das Blut?</h3>
<p>Das Blut stammt von freiwilligen Spenderinnen und Spendern. Jede Spende wird auf HIV, Hepatitis B, Hepatitis C und Syphilis getestet. Das Blut, das Sie erhalten, wird passend zu Ihrer Blutgruppe ausgewählt.</p>
<h3>Wie wird es gegeben?</h3>
<p>Das Blutprodukt wird über eine Vene gegeben. Dies kann einige Stunden dauern. In dieser Zeit werden Ihre Temperatur, Ihr Puls und Ihr Blutdruck überwacht.</p>
<h3>Mögliche Risiken</h3>
<ul><li>Häufig und leicht: Fieber, Schüttelfrost, Juckreiz, Hautrötung</li><li>Selten: schwere allergische Reaktion, Atemnot, Flüssigkeitsansammlung im Körper</li><li>Sehr selten: schwere Reaktion durch unverträgliches Blut, Lungenschädigung</li><li>Sehr selten: Übertragung einer Infektion trotz der Tests</li></ul>
<p><strong>Sagen Sie sofort dem Personal Bescheid, wenn Schüttelfrost, Fieber, Atemnot, Rückenschmerzen oder Juckreiz auftreten.</strong></p>
<h3>Alternativen</h3>
<p>Je nach Ihrem Zustand können eine Behandlung mit Eisen oder anderen Medikamenten, Verfahren zur Verringerung des Blutverlusts bei Operationen oder die vorherige Entnahme Ihres eigenen Blutes in Frage kommen. Die Ablehnung von Blutprodukten kann Ihr Leben gefährden. Wenn Sie ein Produkt aus religiösen oder persönlichen Gründen ablehnen, sagen Sie dies Ihrer Ärztin oder Ihrem Arzt.</p>
<h3>Erklärung</h3>
<p>Der Grund, die Risiken und die Alternativen der Transfusion wurden mir erklärt. Meine Fragen wurden beantwortet. Ich willige in die Gabe von Blutprodukten ein.</p>
<p>Datum: {tarih}</p>`,
    sorular: [
      q("Was sollten Sie tun, wenn während der Transfusion Schüttelfrost oder Atemnot auftreten?", "Sofort dem Personal Bescheid sagen", "Warten, bis sie zu Ende ist", "Diese Anzeichen können der Beginn einer Reaktion sein. Sagen Sie sofort Bescheid."),
      q("Kann getestetes Blut eine Infektion übertragen?", "Ja, wenn auch sehr selten", "Nein, das Risiko ist völlig null", "Die Tests verringern das Risiko stark, aber nicht auf null."),
      q("Kann es eine Alternative zur Transfusion geben?", "Je nach meinem Zustand zum Beispiel eine Behandlung mit Medikamenten", "Es gibt keine Alternative", "Die Alternativen hängen von Ihrem Zustand ab. Ihre Ärztin oder Ihr Arzt hat die für Sie geeigneten erklärt."),
    ],
  },

  "estetik-islem": {
    baslik: "Einwilligungserklärung für einen ästhetischen Eingriff",
    govde: `<h2>Einwilligungserklärung für einen ästhetischen Eingriff</h2>
<p>Sehr geehrte(r) {adsoyad},</p>
<p>In der Einrichtung {kurum} ist geplant, dass {hekim} bei Ihnen folgenden Eingriff vornimmt: <strong>{islem}</strong>. Dieser Eingriff dient nicht der Behandlung einer Krankheit, sondern der Veränderung des Aussehens.</p>
<h3>Erwartetes Ergebnis</h3>
<p>Das Ergebnis ist von Mensch zu Mensch verschieden. Hautbeschaffenheit, Alter, Rauchen und Heilungsverlauf beeinflussen das Ergebnis. Das gewünschte Ergebnis kann nicht garantiert werden. Manchmal ist ein weiterer Eingriff (Korrektur) nötig.</p>
<h3>Mögliche Risiken</h3>
<ul><li>Schmerzen, Schwellung, Bluterguss und Rötung</li><li>Infektion</li><li>Deutlich sichtbare oder wulstige Narbe</li><li>Unterschiede zwischen beiden Seiten (Asymmetrie)</li><li>Vorübergehende oder dauerhafte Minderung des Gefühls</li><li>Allergie gegen ein verwendetes Medikament oder Material</li><li>Bei Unterspritzungen (Fillern) sehr selten: Gefäßverschluss, Absterben von Hautgewebe, Verlust des Sehvermögens</li></ul>
<h3>Alternativen</h3>
<p>Dieser Eingriff ist medizinisch nicht notwendig. Sie können auf den Eingriff verzichten oder ein anderes Verfahren wählen. Ihre Ärztin oder Ihr Arzt hat Ihnen die anderen Verfahren erklärt.</p>
<h3>Fotos</h3>
<p>Vor und nach dem Eingriff können Fotos für Ihre Krankenakte gemacht werden. Ohne Ihre gesonderte Erlaubnis werden sie weder für Werbung noch für die Lehre verwendet.</p>
<h3>Erklärung</h3>
<p>Ich habe verstanden, dass das Ergebnis nicht garantiert ist und ein weiterer Eingriff nötig sein kann. Die Risiken und Alternativen wurden mir erklärt. Ich willige aus freiem Willen in den Eingriff ein.</p>
<p>Datum: {tarih}</p>`,
    sorular: [
      q("Kann das gewünschte Ergebnis garantiert werden?", "Nein, das Ergebnis ist von Mensch zu Mensch verschieden", "Ja, es wird immer garantiert", "Das Ergebnis hängt von Haut, Alter und Heilung ab. Es kann nicht garantiert werden."),
      q("Was kann nach dem Eingriff auftreten?", "Schwellung, Bluterguss oder eine Narbe", "Keinerlei Nebenwirkungen", "Schwellungen und Blutergüsse sind häufig. Auch eine bleibende Narbe kann entstehen."),
      q("Ist es eine Möglichkeit, auf diesen Eingriff zu verzichten?", "Ja, der Eingriff ist medizinisch nicht notwendig", "Nein, er muss durchgeführt werden", "Ein ästhetischer Eingriff ist freiwillig. Auch der Verzicht ist eine Möglichkeit."),
    ],
  },

  "veteriner-cerrahi": {
    baslik: "Einwilligungserklärung für tierärztliche Operation und Anästhesie",
    govde: `<h2>Einwilligungserklärung für tierärztliche Operation und Anästhesie</h2>
<p>Ich, {adsoyad}, habe dieses Formular für das Tier <strong>{hayvan_ad}</strong> ({hayvan_tur}) gelesen, dessen Halter(in) oder verantwortliche Person ich bin.</p>
<p>In der Einrichtung {kurum} empfiehlt {hekim} für mein Tier folgenden Eingriff: <strong>{islem}</strong>.</p>
<h3>Vor dem Eingriff</h3>
<ul><li>Lassen Sie Ihr Tier während der von der Tierärztin oder vom Tierarzt genannten Zeit nüchtern.</li><li>Fragen Sie Ihre Tierärztin oder Ihren Tierarzt, ab wann kein Wasser mehr gegeben werden soll.</li><li>Nennen Sie die Medikamente, die es erhält, und seine bekannten Erkrankungen.</li></ul>
<h3>Risiken der Anästhesie</h3>
<p>Jede Anästhesie hat Risiken. Bei alten oder kranken Tieren und bei manchen Rassen ist das Risiko höher. Sehr selten können Herz- oder Atemstillstand und Tod auftreten.</p>
<h3>Risiken der Operation</h3>
<ul><li>Schmerzen, Blutung und Schwellung</li><li>Infektion</li><li>Aufgehen der Naht; das Risiko steigt, wenn das Tier die Wunde beleckt oder daran beißt</li><li>Notwendigkeit eines weiteren Eingriffs</li></ul>
<h3>Unerwartete Situationen</h3>
<p>Während der Operation kann eine unerwartete Situation eintreten. Die Tierärztin oder der Tierarzt kann dann zum Wohl Ihres Tieres den notwendigen zusätzlichen Eingriff vornehmen. Wenn möglich, werden Sie vorher kontaktiert.</p>
<h3>Alternativen</h3>
<p>Ihre Tierärztin oder Ihr Tierarzt hat Ihnen andere Möglichkeiten wie eine Behandlung mit Medikamenten oder eine Beobachtung erklärt, und was geschehen kann, wenn nicht operiert wird.</p>
<h3>Kosten und Nachsorge</h3>
<p>Die voraussichtlichen Kosten wurden mir mitgeteilt. Zusätzliche Eingriffe können die Kosten verändern. Die Nachsorge und die Kontrolltermine nach der Operation wurden mir erklärt.</p>
<h3>Erklärung</h3>
<p>Ich habe die Risiken und Alternativen verstanden. Meine Fragen wurden beantwortet. Ich willige in die Durchführung des Eingriffs und der Anästhesie ein.</p>
<p>Datum: {tarih}</p>`,
    sorular: [
      q("Warum sollten Sie Ihr Tier vor der Operation nüchtern lassen?", "Um das Risiko von Erbrechen und Übertritt in die Lunge bei der Anästhesie zu senken", "Damit es abnimmt", "Mit leerem Magen ist die Anästhesie sicherer."),
      q("Was kann geschehen, wenn Ihr Tier seine Naht beleckt?", "Die Wunde kann aufgehen oder sich entzünden", "Die Wunde heilt schneller", "Um das Belecken zu verhindern, kann ein Schutzkragen nötig sein."),
      q("Was kann die Tierärztin oder der Tierarzt tun, wenn während der Operation eine unerwartete Situation eintritt?", "Den zum Wohl des Tieres notwendigen zusätzlichen Eingriff vornehmen", "Gar nichts", "Diese Möglichkeit steht im Formular. Wenn möglich, werden Sie vorher kontaktiert."),
    ],
  },

  "kvkk-acik-riza": {
    baslik: "Ausdrückliche Einwilligung in die Verarbeitung personenbezogener Daten",
    govde: `<h2>Ausdrückliche Einwilligung in die Verarbeitung personenbezogener Daten</h2>
<p>Sehr geehrte(r) {adsoyad},</p>
<p>{kurum} ist nach dem türkischen Gesetz Nr. 6698 zum Schutz personenbezogener Daten (KVKK) der Verantwortliche für die Datenverarbeitung. Wie Ihre personenbezogenen Daten verarbeitet werden, wurde Ihnen gesondert in der Datenschutzinformation erklärt.</p>
<p>Die für Ihre Diagnose und Behandlung nötigen Daten werden nach dem Gesetz ohne Ihre ausdrückliche Einwilligung verarbeitet. Diese Erklärung gilt nur für die unten genannten zusätzlichen Zwecke.</p>
<h3>Zwecke, für die wir um Ihre ausdrückliche Einwilligung bitten</h3>
<ul><li>Verwendung von Fotos und Aufnahmen aus der Behandlung in Lehre und wissenschaftlichen Veröffentlichungen, ohne dass Sie erkennbar sind</li><li>Übermittlung Ihrer Gesundheitsdaten an Ihre private Krankenversicherung für Ihre Behandlungskosten</li><li>Speicherung Ihrer Daten bei unseren Dienstleistern, deren Server sich im Ausland befinden</li></ul>
<h3>Was Sie wissen sollten</h3>
<ul><li>Sie sind nicht verpflichtet, eine ausdrückliche Einwilligung zu geben.</li><li>Wenn Sie keine Einwilligung geben, hat dies keinerlei Einfluss auf Ihre Behandlung.</li><li>Sie können Ihre Einwilligung jederzeit widerrufen. Der Widerruf berührt nicht die bis dahin erfolgte Verarbeitung.</li><li>Für Ihre Rechte nach Artikel 11 des KVKK können Sie sich an {kurum} wenden.</li></ul>
<h3>Erklärung</h3>
<p>Ich habe diesen Text gelesen und verstanden. Ich erteile aus freiem Willen meine ausdrückliche Einwilligung in die Verarbeitung meiner personenbezogenen Daten zu den oben genannten Zwecken.</p>
<p>Datum: {tarih}</p>`,
    sorular: [
      q("Hat es Folgen für Ihre Behandlung, wenn Sie keine ausdrückliche Einwilligung geben?", "Nein, meine Behandlung ist davon nicht betroffen", "Ja, ich werde nicht behandelt", "Die ausdrückliche Einwilligung ist freiwillig. Ohne sie ändert sich an Ihrer Behandlung nichts."),
      q("Können Sie Ihre ausdrückliche Einwilligung widerrufen?", "Ja, jederzeit", "Nein, sie kann nicht widerrufen werden", "Sie können Ihre Einwilligung jederzeit widerrufen."),
      q("An wen wenden Sie sich, um Ihre Rechte auszuüben?", "An die Einrichtung als Verantwortliche für die Datenverarbeitung", "An niemanden", "Für Ihre Rechte nach dem KVKK können Sie sich an den Verantwortlichen wenden."),
    ],
  },
};
