// French translations of the starter forms (issue #52), made from the Turkish text: formal "vous", the
// same placeholders, headings and lists, the same teach-back questions with the same right answers.
import { q, type StarterCode, type StarterTranslation } from "../starter-form";

export const FR: Record<StarterCode, StarterTranslation> = {
  "genel-tibbi-girisim": {
    baslik: "Formulaire de consentement à un acte médical",
    govde: `<h2>Formulaire de consentement à un acte médical</h2>
<p>Madame, Monsieur {adsoyad},</p>
<p>Au sein de {kurum}, {hekim} vous propose l’acte suivant : <strong>{islem}</strong>. Veuillez lire attentivement ce formulaire. Posez à votre médecin toutes les questions sur ce que vous ne comprenez pas.</p>
<h3>But de l’acte</h3>
<p>Votre médecin vous a expliqué pourquoi l’acte est nécessaire et quel bénéfice il vous apportera. L’acte est réalisé pour comprendre ou pour traiter votre problème de santé.</p>
<h3>Risques possibles</h3>
<p>Tout acte médical comporte des risques. Le plus souvent, ils sont légers et passagers :</p>
<ul><li>Douleur, ecchymose ou gonflement à l’endroit de l’acte</li><li>Saignement</li><li>Infection</li><li>Allergie aux médicaments utilisés</li></ul>
<p>Même si c’est rare, des complications graves peuvent survenir. Un traitement complémentaire ou un nouvel acte peut alors être nécessaire. Les risques qui vous sont propres ont été discutés avec votre médecin.</p>
<h3>Alternatives</h3>
<p>Votre médecin vous a expliqué les autres traitements possibles, leurs bénéfices et leurs risques. Il vous a aussi expliqué ce qui peut arriver si vous refusez l’acte.</p>
<h3>Vos droits</h3>
<ul><li>Vous pouvez poser des questions et obtenir des réponses.</li><li>Vous pouvez refuser l’acte.</li><li>Vous pouvez retirer votre consentement avant le début de l’acte.</li></ul>
<h3>Déclaration</h3>
<p>J’ai lu et compris ce formulaire. On a répondu à mes questions. J’accepte de mon plein gré que l’acte soit réalisé.</p>
<p>Date : {tarih}</p>`,
    sorular: [
      q("Quand pouvez-vous retirer votre consentement ?", "À tout moment avant le début de l’acte", "Jamais", "Vous pouvez retirer votre consentement à tout moment avant le début de l’acte.", false),
      q("Cet acte comporte-t-il des risques ?", "Oui, par exemple douleur, saignement et infection", "Non, il ne comporte aucun risque", "Tout acte médical comporte des risques. Les plus fréquents sont écrits dans le formulaire."),
      q("Que devez-vous faire si vous ne comprenez pas quelque chose ?", "Poser la question à mon médecin", "Signer quand même le formulaire", "Avant de signer, posez à votre médecin toutes les questions sur ce que vous ne comprenez pas."),
    ],
  },

  "dis-cekimi": {
    baslik: "Formulaire de consentement à une extraction dentaire",
    govde: `<h2>Formulaire de consentement à une extraction dentaire</h2>
<p>Madame, Monsieur {adsoyad},</p>
<p>{hekim} vous propose l’extraction de votre dent numéro <strong>{dis_no}</strong>. Avant l’extraction, la zone est endormie par une anesthésie locale.</p>
<h3>Pourquoi est-ce nécessaire ?</h3>
<p>La dent ne peut peut-être pas être conservée à cause d’une carie avancée, d’une fracture, d’une infection, d’une maladie des gencives ou d’un manque de place. Votre dentiste vous a expliqué votre situation.</p>
<h3>Risques possibles</h3>
<ul><li>Douleur, gonflement, ecchymose et difficulté à ouvrir la bouche</li><li>Saignement</li><li>Infection ou alvéolite (inflammation douloureuse à l’endroit de l’extraction)</li><li>Dommage aux dents voisines, aux obturations ou aux couronnes</li><li>Fracture d’une pointe de racine qui reste en place et nécessite un acte complémentaire</li><li>À la mâchoire inférieure, engourdissement de la lèvre, du menton ou de la langue ; généralement temporaire, rarement définitif</li><li>À la mâchoire supérieure, ouverture entre la bouche et le sinus</li><li>Très rarement : fracture de la mâchoire</li></ul>
<h3>Alternatives</h3>
<p>Dans certains cas, la dent peut être conservée par une obturation ou un traitement de canal. L’absence de traitement peut entraîner des douleurs et la propagation de l’infection. La dent extraite peut plus tard être remplacée par un implant, un bridge ou une prothèse.</p>
<h3>Après l’extraction</h3>
<ul><li>Mordez sur la compresse pendant 30 minutes.</li><li>Le premier jour, ne crachez pas, ne buvez pas avec une paille et ne fumez pas.</li><li>Évitez les aliments et boissons chauds.</li><li>Prenez les médicaments prescrits par votre dentiste.</li><li>Appelez le cabinet si le saignement ne s’arrête pas ou si vous avez de la fièvre.</li></ul>
<h3>Déclaration</h3>
<p>La raison, les risques et les alternatives de l’extraction m’ont été expliqués. On a répondu à mes questions. J’accepte l’extraction de ma dent.</p>
<p>Date : {tarih}</p>`,
    sorular: [
      q("Que ne devez-vous pas faire le premier jour après l’extraction ?", "Fumer et cracher souvent", "Prendre le médicament prescrit par mon dentiste", "Fumer et cracher abîment le caillot et augmentent le risque d’alvéolite."),
      q("Quel risque comporte l’extraction d’une dent de la mâchoire inférieure ?", "Un engourdissement de la lèvre ou de la langue", "Une chute de cheveux", "Le nerf de la mâchoire inférieure peut être proche de la dent. L’engourdissement est généralement temporaire."),
      q("Est-il possible de conserver la dent ?", "Parfois, avec une obturation ou un traitement de canal", "Non, jamais", "Votre dentiste vous a expliqué quelles solutions sont possibles pour votre dent.", false),
    ],
  },

  implant: {
    baslik: "Formulaire de consentement à la pose d’un implant dentaire",
    govde: `<h2>Formulaire de consentement à la pose d’un implant dentaire</h2>
<p>Madame, Monsieur {adsoyad},</p>
<p>{hekim} vous propose la pose d’un implant à l’emplacement <strong>{dis_no}</strong>. Un implant est une vis en titane placée dans l’os de la mâchoire. Il porte la dent qui remplace la dent manquante.</p>
<h3>Étapes du traitement</h3>
<ol><li>Examen et radiographie ou scanner</li><li>Pose de l’implant dans l’os sous anesthésie locale</li><li>Attente de 2 à 6 mois pour que l’implant se soude à l’os</li><li>Réalisation de la dent (prothèse) sur l’implant</li></ol>
<p>Si l’os est insuffisant, un acte complémentaire avec un substitut osseux ou une membrane peut être nécessaire.</p>
<h3>Risques possibles</h3>
<ul><li>Douleur, gonflement, ecchymose et saignement</li><li>Infection</li><li>Implant qui ne se soude pas à l’os et doit être retiré</li><li>À la mâchoire inférieure, lésion d’un nerf : engourdissement de la lèvre, du menton ou de la langue ; généralement temporaire, rarement définitif</li><li>À la mâchoire supérieure, pénétration de l’implant dans le sinus ou sinusite</li><li>Dommage aux dents voisines</li><li>Au fil des années, inflammation et perte osseuse autour de l’implant</li></ul>
<p>Le tabac, un diabète mal contrôlé et une mauvaise hygiène buccale réduisent les chances de succès.</p>
<h3>Alternatives</h3>
<p>La dent manquante peut être remplacée par un bridge ou une prothèse amovible. Laisser l’espace vide est aussi une possibilité. Les dents voisines peuvent toutefois se déplacer avec le temps.</p>
<h3>Après le traitement</h3>
<p>Assurez chaque jour l’hygiène de votre bouche. Venez régulièrement aux contrôles. Un implant demande aussi de l’entretien.</p>
<h3>Déclaration</h3>
<p>Les étapes, les risques et les alternatives du traitement m’ont été expliqués. On a répondu à mes questions. J’accepte le traitement par implant.</p>
<p>Date : {tarih}</p>`,
    sorular: [
      q("Qu’est-ce qui réduit le plus le succès d’un implant ?", "Le tabac et une hygiène buccale négligée", "Venir régulièrement aux contrôles", "Le tabac et une mauvaise hygiène buccale augmentent le risque de perdre l’implant."),
      q("Quelle alternative à l’implant peut exister ?", "Un bridge ou une prothèse amovible", "Il n’existe aucune alternative", "Le bridge et la prothèse remplacent aussi la dent manquante. Votre dentiste vous a expliqué leurs différences."),
      q("Combien de temps l’implant peut-il mettre à se souder à l’os ?", "Quelques mois", "Un jour", "La soudure à l’os prend généralement 2 à 6 mois. La dent est réalisée ensuite.", false),
    ],
  },

  "kanal-tedavisi": {
    baslik: "Formulaire de consentement à un traitement de canal",
    govde: `<h2>Formulaire de consentement à un traitement de canal</h2>
<p>Madame, Monsieur {adsoyad},</p>
<p>{hekim} vous propose un traitement de canal sur votre dent numéro <strong>{dis_no}</strong>. Le but est de conserver votre dent.</p>
<h3>Comment se déroule le traitement ?</h3>
<p>La dent est endormie par une anesthésie locale. Le tissu infecté ou mort à l’intérieur de la dent est retiré. Les canaux sont mis en forme puis obturés. Le traitement peut demander une ou plusieurs séances. Une obturation ou une couronne peut ensuite être nécessaire.</p>
<h3>Risques possibles</h3>
<ul><li>Douleur et sensibilité pendant quelques jours après le traitement</li><li>Fracture d’un instrument fin qui reste dans le canal</li><li>Perforation de la paroi du canal</li><li>Persistance de l’infection malgré le traitement ; un nouveau traitement, un acte chirurgical ou l’extraction peuvent être nécessaires</li><li>Fracture ou assombrissement de la dent avec le temps</li><li>Engourdissement ou ecchymose temporaires dus à l’injection d’anesthésie</li></ul>
<h3>Alternatives</h3>
<p>L’alternative est l’extraction de la dent. La dent extraite peut être remplacée par un implant, un bridge ou une prothèse. L’absence de traitement peut entraîner des douleurs, un abcès et la propagation de l’infection.</p>
<h3>Déclaration</h3>
<p>Le but, les risques et les alternatives du traitement m’ont été expliqués. On a répondu à mes questions. J’accepte le traitement de canal.</p>
<p>Date : {tarih}</p>`,
    sorular: [
      q("Quel est le but du traitement de canal ?", "Conserver la dent", "Extraire la dent", "Le traitement de canal retire le tissu infecté et conserve la dent."),
      q("Que peut-il arriver si le traitement échoue ?", "Un nouveau traitement, un acte chirurgical ou l’extraction peuvent être nécessaires", "Rien du tout", "Si l’infection persiste, un autre acte peut être nécessaire."),
      q("Que peut-on conseiller pour que la dent ne se fracture pas après le traitement ?", "Une obturation ou une couronne", "Mâcher des aliments durs avec cette dent", "Une dent traitée se fracture plus facilement. Une couronne la protège."),
    ],
  },

  anestezi: {
    baslik: "Formulaire de consentement à l’anesthésie (générale, locorégionale, locale)",
    govde: `<h2>Formulaire de consentement à l’anesthésie</h2>
<p>Madame, Monsieur {adsoyad},</p>
<p>Pour l’acte {islem}, il est prévu de vous faire l’anesthésie suivante : <strong>{anestezi_turu}</strong>. L’anesthésie vous évite de ressentir la douleur pendant l’acte.</p>
<h3>Types d’anesthésie</h3>
<ul><li><strong>Anesthésie générale :</strong> vous êtes complètement endormi(e) par des médicaments. Votre respiration est assistée par un masque ou un tube.</li><li><strong>Anesthésie locorégionale :</strong> une injection dans le dos ou autour d’un nerf endort une partie du corps. Vous pouvez rester éveillé(e) ou être légèrement endormi(e).</li><li><strong>Anesthésie locale :</strong> seule la zone de l’acte est endormie.</li></ul>
<p>Si nécessaire, le type d’anesthésie peut changer. Par exemple, si l’anesthésie locorégionale ne suffit pas, on peut passer à une anesthésie générale.</p>
<h3>Avant l’acte</h3>
<ul><li>Ne mangez pas et ne buvez pas pendant la durée qui vous a été indiquée.</li><li>Signalez tous les médicaments que vous prenez et vos allergies.</li><li>Signalez vos maladies, une éventuelle grossesse et vos prothèses dentaires amovibles.</li></ul>
<h3>Effets indésirables fréquents</h3>
<p>Nausées, vomissements, mal de gorge, frissons, maux de tête, vertiges et ecchymose au point d’injection peuvent survenir. Ils disparaissent généralement rapidement.</p>
<h3>Risques peu fréquents</h3>
<ul><li>Lésion des dents, des lèvres ou de la langue</li><li>Réaction allergique aux médicaments</li><li>Passage du contenu de l’estomac dans les poumons</li><li>Après une anesthésie locorégionale, engourdissement temporaire ou violent mal de tête</li></ul>
<h3>Risques très rares mais graves</h3>
<p>Une réaction allergique grave, une lésion nerveuse définitive, un arrêt cardiaque ou respiratoire, une lésion cérébrale et le décès peuvent survenir, même si c’est très rare. L’équipe d’anesthésie vous surveille de près pendant tout l’acte.</p>
<h3>Alternatives</h3>
<p>Votre médecin vous a expliqué les autres types d’anesthésie adaptés à votre acte, avec leurs bénéfices et leurs risques. Sans anesthésie, cet acte peut être très douloureux ou impossible à réaliser.</p>
<h3>Déclaration</h3>
<p>Les types d’anesthésie, leurs risques et les alternatives m’ont été expliqués. On a répondu à mes questions. J’accepte l’anesthésie.</p>
<p>Médecin anesthésiste : {hekim} · Date : {tarih}</p>`,
    sorular: [
      q("Pourquoi devez-vous être à jeun avant l’acte ?", "Pour réduire le risque que le contenu de l’estomac passe dans les poumons", "Pour perdre du poids", "L’estomac vide réduit le risque que son contenu passe dans les poumons pendant l’anesthésie."),
      q("Que devez-vous dire à votre médecin anesthésiste ?", "Les médicaments que je prends et mes allergies", "Je n’ai rien à dire", "Vos médicaments et vos allergies ont un effet direct sur la sécurité de l’anesthésie."),
      q("Que peut-il se passer si l’anesthésie locorégionale ne suffit pas ?", "L’acte peut se poursuivre sous anesthésie générale", "L’acte se poursuit sans anesthésie", "Si nécessaire, on peut passer à une anesthésie générale. Cette possibilité est écrite dans le formulaire."),
    ],
  },

  "kan-transfuzyonu": {
    baslik: "Formulaire de consentement à la transfusion de sang et de produits sanguins",
    govde: `<h2>Formulaire de consentement à la transfusion de sang et de produits sanguins</h2>
<p>Madame, Monsieur {adsoyad},</p>
<p>Votre médecin, {hekim}, vous propose de recevoir <strong>{kan_urunu}</strong>. Les produits sanguins sont donnés en cas de perte de sang, d’anémie ou de trouble de la coagulation.</p>
<h3>D’où vient le sang ?</h3>
<p>Le sang provient de donneurs bénévoles. Chaque don est testé pour le VIH, l’hépatite B, l’hépatite C et la syphilis. Le sang qui vous est donné est choisi compatible avec votre groupe sanguin.</p>
<h3>Comment est-il administré ?</h3>
<p>Le produit sanguin est donné par une perfusion dans une veine. Cela peut durer quelques heures. Pendant ce temps, votre température, votre pouls et votre tension sont surveillés.</p>
<h3>Risques possibles</h3>
<ul><li>Fréquents et légers : fièvre, frissons, démangeaisons, rougeur de la peau</li><li>Peu fréquents : réaction allergique grave, essoufflement, accumulation de liquide dans le corps</li><li>Très rares : réaction grave due à un sang incompatible, lésion des poumons</li><li>Très rares : transmission d’une infection malgré les tests</li></ul>
<p><strong>Prévenez immédiatement un soignant en cas de frissons, de fièvre, d’essoufflement, de douleur dans le dos ou de démangeaisons.</strong></p>
<h3>Alternatives</h3>
<p>Selon votre état, un traitement par fer ou par d’autres médicaments, des méthodes qui réduisent les pertes de sang pendant une opération ou le prélèvement préalable de votre propre sang peuvent être possibles. Refuser les produits sanguins peut mettre votre vie en danger. Si vous refusez un produit pour des raisons religieuses ou personnelles, dites-le à votre médecin.</p>
<h3>Déclaration</h3>
<p>La raison, les risques et les alternatives de la transfusion m’ont été expliqués. On a répondu à mes questions. J’accepte de recevoir des produits sanguins.</p>
<p>Date : {tarih}</p>`,
    sorular: [
      q("Que devez-vous faire si vous avez des frissons ou du mal à respirer pendant la transfusion ?", "Prévenir immédiatement un soignant", "Attendre la fin de la transfusion", "Ces signes peuvent être le début d’une réaction. Prévenez immédiatement."),
      q("Du sang testé peut-il transmettre une infection ?", "Oui, même si c’est très rare", "Non, le risque est totalement nul", "Les tests réduisent fortement le risque, mais pas jusqu’à zéro."),
      q("Peut-il exister une alternative à la transfusion ?", "Selon mon état, par exemple un traitement par médicaments", "Il n’existe aucune alternative", "Les alternatives dépendent de votre état. Votre médecin vous a expliqué celles qui vous conviennent."),
    ],
  },

  "estetik-islem": {
    baslik: "Formulaire de consentement à un acte esthétique",
    govde: `<h2>Formulaire de consentement à un acte esthétique</h2>
<p>Madame, Monsieur {adsoyad},</p>
<p>Au sein de {kurum}, il est prévu que {hekim} réalise sur vous l’acte suivant : <strong>{islem}</strong>. Cet acte n’a pas pour but de traiter une maladie, mais de modifier l’apparence.</p>
<h3>Résultat attendu</h3>
<p>Le résultat varie d’une personne à l’autre. La nature de la peau, l’âge, le tabac et la vitesse de cicatrisation influencent le résultat. Le résultat souhaité ne peut pas être garanti. Un acte complémentaire (retouche) est parfois nécessaire.</p>
<h3>Risques possibles</h3>
<ul><li>Douleur, gonflement, ecchymose et rougeur</li><li>Infection</li><li>Cicatrice visible ou en relief</li><li>Différence entre les deux côtés (asymétrie)</li><li>Diminution temporaire ou définitive de la sensibilité</li><li>Allergie à un médicament ou à un produit utilisé</li><li>Avec les produits de comblement, très rarement : obstruction d’un vaisseau, perte de tissu cutané, perte de la vue</li></ul>
<h3>Alternatives</h3>
<p>Cet acte n’est pas une nécessité médicale. Il est possible de ne pas le faire ou de choisir une autre méthode. Votre médecin vous a expliqué les autres méthodes.</p>
<h3>Photographies</h3>
<p>Des photographies avant et après l’acte peuvent être prises pour votre dossier médical. Elles ne sont pas utilisées pour la publicité ni pour l’enseignement sans votre autorisation distincte.</p>
<h3>Déclaration</h3>
<p>J’ai compris que le résultat n’est pas garanti et qu’un acte complémentaire peut être nécessaire. Les risques et les alternatives m’ont été expliqués. J’accepte l’acte de mon plein gré.</p>
<p>Date : {tarih}</p>`,
    sorular: [
      q("Le résultat souhaité peut-il être garanti ?", "Non, le résultat varie d’une personne à l’autre", "Oui, il est toujours garanti", "Le résultat dépend de la peau, de l’âge et de la cicatrisation. Il ne peut pas être garanti."),
      q("Que peut-on observer après l’acte ?", "Un gonflement, une ecchymose ou une cicatrice", "Aucun effet indésirable", "Le gonflement et les ecchymoses sont fréquents. Une cicatrice durable peut aussi se former."),
      q("Ne pas faire cet acte est-il une possibilité ?", "Oui, cet acte n’est pas une nécessité médicale", "Non, il est obligatoire", "Un acte esthétique est facultatif. Ne pas le faire est aussi une possibilité."),
    ],
  },

  "veteriner-cerrahi": {
    baslik: "Formulaire de consentement à une chirurgie et à une anesthésie vétérinaires",
    govde: `<h2>Formulaire de consentement à une chirurgie et à une anesthésie vétérinaires</h2>
<p>Je soussigné(e), {adsoyad}, déclare avoir lu ce formulaire concernant l’animal <strong>{hayvan_ad}</strong> ({hayvan_tur}), dont je suis le propriétaire ou le responsable.</p>
<p>Au sein de {kurum}, {hekim} propose pour mon animal l’acte suivant : <strong>{islem}</strong>.</p>
<h3>Avant l’acte</h3>
<ul><li>Laissez votre animal à jeun pendant la durée indiquée par le vétérinaire.</li><li>Demandez à votre vétérinaire à partir de quand l’eau doit être retirée.</li><li>Signalez les médicaments qu’il prend et ses maladies connues.</li></ul>
<h3>Risques de l’anesthésie</h3>
<p>Toute anesthésie comporte des risques. Le risque est plus élevé chez les animaux âgés ou malades et chez certaines races. Même si c’est très rare, un arrêt cardiaque ou respiratoire et le décès peuvent survenir.</p>
<h3>Risques de la chirurgie</h3>
<ul><li>Douleur, saignement et gonflement</li><li>Infection</li><li>Ouverture des points de suture ; le risque augmente si l’animal lèche ou mord sa plaie</li><li>Nécessité d’un acte complémentaire</li></ul>
<h3>Situations imprévues</h3>
<p>Une situation imprévue peut survenir pendant l’opération. Le vétérinaire peut alors réaliser l’acte complémentaire nécessaire dans l’intérêt de votre animal. Si possible, on vous contacte d’abord.</p>
<h3>Alternatives</h3>
<p>Votre vétérinaire vous a expliqué les autres possibilités, comme un traitement médicamenteux ou une surveillance, et ce qui peut arriver sans opération.</p>
<h3>Coût et soins</h3>
<p>Le coût estimé m’a été communiqué. Des actes complémentaires peuvent modifier ce coût. Les soins après l’opération et les dates de contrôle m’ont été expliqués.</p>
<h3>Déclaration</h3>
<p>J’ai compris les risques et les alternatives. On a répondu à mes questions. J’accepte la réalisation de l’acte et de l’anesthésie.</p>
<p>Date : {tarih}</p>`,
    sorular: [
      q("Pourquoi devez-vous laisser votre animal à jeun avant l’opération ?", "Pour réduire le risque de vomissement et de passage dans les poumons pendant l’anesthésie", "Pour qu’il perde du poids", "L’anesthésie est plus sûre quand l’estomac est vide."),
      q("Que peut-il arriver si votre animal lèche ses points de suture ?", "La plaie peut s’ouvrir ou s’infecter", "La plaie guérit plus vite", "Une collerette de protection peut être nécessaire pour empêcher le léchage."),
      q("Que peut faire le vétérinaire si une situation imprévue survient pendant l’opération ?", "Réaliser l’acte complémentaire nécessaire dans l’intérêt de l’animal", "Il ne peut rien faire", "Cette possibilité est écrite dans le formulaire. Si possible, on vous contacte d’abord."),
    ],
  },

  "kvkk-acik-riza": {
    baslik: "Consentement explicite au traitement des données personnelles",
    govde: `<h2>Consentement explicite au traitement des données personnelles</h2>
<p>Madame, Monsieur {adsoyad},</p>
<p>{kurum} est responsable du traitement au sens de la loi turque n° 6698 sur la protection des données personnelles (KVKK). La manière dont vos données personnelles sont traitées vous a été expliquée séparément dans la notice d’information.</p>
<p>Les données nécessaires à votre diagnostic et à votre traitement sont traitées, conformément à la loi, sans qu’il soit nécessaire de recueillir votre consentement explicite. La présente déclaration ne concerne que les finalités supplémentaires ci-dessous.</p>
<h3>Finalités pour lesquelles nous demandons votre consentement explicite</h3>
<ul><li>Utilisation des photographies et images prises pendant le traitement, de façon à ce que vous ne soyez pas identifiable, dans l’enseignement et les publications scientifiques</li><li>Transmission de vos données de santé à votre assurance santé privée pour vos frais de traitement</li><li>Conservation de vos données chez nos prestataires dont les serveurs se trouvent à l’étranger</li></ul>
<h3>Ce que vous devez savoir</h3>
<ul><li>Vous n’êtes pas obligé(e) de donner votre consentement explicite.</li><li>Ne pas le donner n’a aucun effet sur votre traitement.</li><li>Vous pouvez retirer votre consentement à tout moment. Le retrait ne remet pas en cause les traitements effectués jusque-là.</li><li>Pour exercer vos droits prévus à l’article 11 de la KVKK, vous pouvez contacter {kurum}.</li></ul>
<h3>Déclaration</h3>
<p>J’ai lu et compris ce texte. Je donne librement mon consentement explicite au traitement de mes données personnelles pour les finalités ci-dessus.</p>
<p>Date : {tarih}</p>`,
    sorular: [
      q("Votre traitement est-il affecté si vous ne donnez pas votre consentement explicite ?", "Non, mon traitement n’est pas affecté", "Oui, je ne serai pas soigné(e)", "Le consentement explicite est facultatif. Ne pas le donner n’affecte pas votre traitement."),
      q("Pouvez-vous retirer le consentement explicite que vous avez donné ?", "Oui, à tout moment", "Non, il ne peut pas être retiré", "Vous pouvez retirer votre consentement quand vous le souhaitez."),
      q("À qui vous adressez-vous pour exercer vos droits ?", "À l’établissement, responsable du traitement", "Je ne peux m’adresser à personne", "Pour vos droits prévus par la KVKK, vous pouvez vous adresser au responsable du traitement."),
    ],
  },
};
