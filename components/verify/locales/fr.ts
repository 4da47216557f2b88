// The verification page in French (decisions §17).
import type { Messages } from "../message-types";

const STATUS: Record<string, string> = {
  draft: "brouillon",
  sent: "en attente de signature",
  completed: "signé",
  rejected: "refusé",
  expired: "expiré",
  cancelled: "annulé",
  withdrawn: "signé, puis retiré",
};

export const fr: Messages = {
  pageTitle: "Vérification du document",
  intro:
    "Vérifiez que le document de consentement (PDF) que vous détenez n’a pas été modifié depuis sa signature. Le fichier ne quitte jamais votre ordinateur ou votre téléphone : seule son empreinte SHA-256, calculée par votre navigateur, est envoyée.",
  otherLanguage: "Türkçe",
  otherLanguageLabel: "Türkçe'ye geç",
  languages: "Cette page dans d’autres langues",

  idLabel: "Numéro du document (facultatif)",
  idHelp: "Le numéro figurant sur le PDF, par exemple ons_261122_… S’il reste vide, le document est retrouvé par l’empreinte du fichier.",
  methodLegend: "Avec quoi voulez-vous vérifier ?",
  methodFile: "Avec le fichier PDF",
  methodHash: "Avec une empreinte SHA-256",
  fileLabel: "Choisissez le fichier PDF",
  fileDrop: "Déposez le fichier PDF ici",
  fileChoose: "ou choisissez un fichier",
  fileHelp: "Le fichier n’est pas envoyé ; son empreinte est calculée dans votre navigateur.",
  fileChosen: (name, size) => `Fichier choisi : ${name} (${size})`,
  hashLabel: "Empreinte SHA-256",
  hashHelp: "64 caractères, 0-9 et a-f. Par exemple : sha256sum onam.pdf",
  submit: "Vérifier",
  hashing: "Calcul de l’empreinte du fichier…",
  checking: "Vérification…",

  digestNotFoundTitle: "Aucun document enregistré ne correspond à ce fichier",
  digestNotFoundText:
    "Le fichier a peut-être été modifié depuis sa signature, ou n’a pas été produit par ce service. Saisissez aussi le numéro du document figurant sur le PDF et réessayez.",
  badId: "Ce n’est pas un numéro de document valide. Veuillez vérifier le numéro commençant par « ons_ » sur le PDF.",
  missingFile: "Veuillez choisir un fichier PDF.",
  badHash: "L’empreinte SHA-256 doit comporter 64 caractères hexadécimaux (0-9, a-f).",
  readFailed: "Le fichier n’a pas pu être lu. Veuillez le choisir à nouveau.",
  noSubtle: "Ce navigateur ne peut pas calculer l’empreinte du fichier. Veuillez utiliser l’option « Avec une empreinte SHA-256 ».",

  matchTitle: "Correspond — ce document n’a pas été modifié depuis sa signature",
  mismatchTitle: "Ne correspond pas — ce document n’est pas identique au document enregistré (il a peut-être été modifié)",
  notFoundTitle: "Aucun document n’est enregistré sous ce numéro",
  notFoundText: "Comparez le numéro du document avec celui du PDF et réessayez.",
  mismatchText:
    "Le fichier vérifié n’est pas une copie exacte du document signé enregistré sous ce numéro. Demandez l’original à l’établissement.",
  unsignedTitle: "Ce consentement n’a pas été signé — il n’y a pas de document signé à vérifier",
  unsignedText: "Aucun document signé n’a été produit pour le consentement enregistré sous ce numéro ; votre fichier ne peut donc pas en être un.",
  institution: "Établissement",
  documentId: "Numéro du document",
  signedAt: "Signé le",
  notSigned: "non signé",
  status: (s) => STATUS[s] ?? s,
  statusLabel: "Statut",
  timestamp: "Horodatage",
  tsProvider: "Fournisseur",
  tsTime: "Heure",
  tsSerial: "Numéro de série",
  tsLegal: "horodatage ayant valeur légale",
  tsTest: "horodatage de test (sans valeur légale)",
  tsQueued: "pas encore obtenu (en file d’attente)",
  tsFailed: "n’a pas pu être obtenu",
  tsNone: "aucun",
  computedHash: "SHA-256 calculé",
  seal: "Cachet du document (PAdES)",
  sealValid: (signer, level) => `valide — ${signer} (${level})`,
  sealNone: "aucun (le document n’est pas cacheté)",
  log: "Journal public",
  logEntry: (position, signedAt) => `inscrit au journal public en position ${position} ; point de contrôle signé le ${signedAt}`,

  rateLimited: (s) => `Trop de tentatives. Veuillez réessayer dans ${s} secondes.`,
  genericError: "Un problème est survenu. Veuillez réessayer dans un instant.",
  networkError: "Impossible de joindre le serveur. Vérifiez votre connexion Internet et réessayez.",

  guideTitle: "Vérifier sans nous faire confiance",
  guideIntro:
    "Vous n’êtes pas obligé de croire la réponse de cette page. Les étapes ci-dessous ne demandent que le document, l’horodatage et le fichier de preuves, sur votre propre ordinateur.",
  guidePdfTitle: "1. L’empreinte du document",
  guidePdfText: "Le résultat doit être égal au document.sha256 que l’établissement vous a remis :",
  guideTsTitle: "2. L’horodatage (RFC 3161)",
  guideTsText: (url) =>
    `Téléchargez la réponse d’horodatage (onam.tsr) et le certificat du fournisseur (tsa.pem ; pour le fournisseur de test ${url}) et vérifiez-les avec l’empreinte du document ; le résultat doit être « Verification: OK » :`,
  guideChainTitle: "3. La chaîne de preuves",
  guideChainText:
    "Dans le fichier de preuves (JSON), le hash de chaque enregistrement est le SHA-256 du JSON canonique RFC 8785 (JCS) de l’enregistrement sans son champ hash, et prev_hash est égal au hash de l’enregistrement précédent (null pour le premier). Avec Node.js :",
  guideChainNote: "Installation : npm install canonicalize — exécution : node chaine.mjs preuves.json",
  guideSealTitle: "4. Le cachet du PDF lui-même et les preuves qu’il contient",
  guideSealText: (url) =>
    `Le document est cacheté (PAdES, PDF/A-3) : tout lecteur PDF comme Adobe Reader affiche le cachet. En ligne de commande, pdfsig de poppler doit afficher « Signature is Valid » ; avec la racine du certificat du cachet (${url}) ajoutée comme fiable, il affiche aussi « Certificate is Trusted ». Les enregistrements de preuve jusqu’à la signature sont dans le document (kanit.json) ; extrayez-les avec pdfdetach et vérifiez-les avec le script de l’étape 3 :`,
  guideDetachText: "Le cachet prouve aussi qu’aucun octet du document n’a changé : si un seul octet change, pdfsig déclare le cachet invalide. La seconde signature est l’horodatage d’archive sur tout le document (PAdES B-LTA) : il prouve que le document existait à ce moment, même après l’expiration des certificats. Pour tout vérifier hors ligne en une étape : npx e-onam-verify onam.pdf --key log.key",
};
