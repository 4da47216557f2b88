// The verification page in German (decisions §17).
import type { Messages } from "../message-types";

const STATUS: Record<string, string> = {
  draft: "Entwurf",
  sent: "wartet auf Unterschrift",
  completed: "unterschrieben",
  rejected: "abgelehnt",
  expired: "abgelaufen",
  cancelled: "storniert",
  withdrawn: "unterschrieben, dann widerrufen",
};

export const de: Messages = {
  pageTitle: "Dokument prüfen",
  intro:
    "Prüfen Sie, ob das Einwilligungsdokument (PDF) in Ihrer Hand seit der Unterschrift verändert wurde. Die Datei verlässt Ihren Computer oder Ihr Telefon nicht: Gesendet wird nur ihr SHA-256-Hashwert, den Ihr Browser berechnet.",
  otherLanguage: "Türkçe",
  otherLanguageLabel: "Türkçe'ye geç",
  languages: "Diese Seite in anderen Sprachen",

  idLabel: "Dokumentnummer (optional)",
  idHelp: "Die Nummer auf dem PDF, zum Beispiel ons_261122_… Bleibt das Feld leer, wird das Dokument über den Hashwert der Datei gefunden.",
  methodLegend: "Womit möchten Sie prüfen?",
  methodFile: "Mit der PDF-Datei",
  methodHash: "Mit einem SHA-256-Hashwert",
  fileLabel: "PDF-Datei auswählen",
  fileDrop: "PDF-Datei hier ablegen",
  fileChoose: "oder eine Datei auswählen",
  fileHelp: "Die Datei wird nicht hochgeladen; ihr Hashwert wird in Ihrem Browser berechnet.",
  fileChosen: (name, size) => `Ausgewählte Datei: ${name} (${size})`,
  hashLabel: "SHA-256-Hashwert",
  hashHelp: "64 Zeichen, 0-9 und a-f. Zum Beispiel: sha256sum onam.pdf",
  submit: "Prüfen",
  hashing: "Der Hashwert der Datei wird berechnet…",
  checking: "Wird geprüft…",

  digestNotFoundTitle: "Kein gespeichertes Dokument passt zu dieser Datei",
  digestNotFoundText:
    "Die Datei wurde seit der Unterschrift möglicherweise verändert oder stammt nicht von diesem Dienst. Geben Sie zusätzlich die Dokumentnummer aus dem PDF ein und versuchen Sie es erneut.",
  badId: "Das ist keine gültige Dokumentnummer. Bitte prüfen Sie die mit „ons_“ beginnende Nummer auf dem PDF.",
  missingFile: "Bitte wählen Sie eine PDF-Datei aus.",
  badHash: "Der SHA-256-Hashwert muss aus 64 Hexadezimalzeichen (0-9, a-f) bestehen.",
  readFailed: "Die Datei konnte nicht gelesen werden. Bitte wählen Sie sie erneut aus.",
  noSubtle: "Dieser Browser kann den Hashwert der Datei nicht berechnen. Bitte verwenden Sie die Option „Mit einem SHA-256-Hashwert“.",

  matchTitle: "Stimmt überein — dieses Dokument wurde seit der Unterschrift nicht verändert",
  mismatchTitle: "Stimmt nicht überein — dieses Dokument ist nicht identisch mit dem hinterlegten (es wurde möglicherweise verändert)",
  notFoundTitle: "Unter dieser Nummer ist kein Dokument hinterlegt",
  notFoundText: "Vergleichen Sie die Dokumentnummer mit der auf dem PDF und versuchen Sie es erneut.",
  mismatchText:
    "Die geprüfte Datei ist keine exakte Kopie des unter dieser Nummer hinterlegten unterschriebenen Dokuments. Fordern Sie das Original bei der Einrichtung an.",
  unsignedTitle: "Diese Einwilligung wurde nicht unterschrieben — es gibt kein unterschriebenes Dokument zu prüfen",
  unsignedText: "Für die unter dieser Nummer hinterlegte Einwilligung wurde kein unterschriebenes Dokument erstellt; Ihre Datei kann also keines sein.",
  institution: "Einrichtung",
  documentId: "Dokumentnummer",
  signedAt: "Unterschrieben am",
  notSigned: "nicht unterschrieben",
  status: (s) => STATUS[s] ?? s,
  statusLabel: "Status",
  timestamp: "Zeitstempel",
  tsProvider: "Anbieter",
  tsTime: "Zeit",
  tsSerial: "Seriennummer",
  tsLegal: "rechtsgültiger Zeitstempel",
  tsTest: "Test-Zeitstempel (nicht rechtsgültig)",
  tsQueued: "noch nicht erhalten (in der Warteschlange)",
  tsFailed: "konnte nicht erhalten werden",
  tsNone: "keiner",
  computedHash: "Berechneter SHA-256",
  seal: "Dokumentsiegel (PAdES)",
  sealValid: (signer, level) => `gültig — ${signer} (${level})`,
  sealNone: "keines (das Dokument ist nicht versiegelt)",
  log: "Öffentliches Protokoll",
  logEntry: (position, signedAt) => `im öffentlichen Protokoll an Position ${position} verzeichnet; Prüfpunkt signiert am ${signedAt}`,

  rateLimited: (s) => `Zu viele Versuche. Bitte versuchen Sie es in ${s} Sekunden erneut.`,
  genericError: "Etwas ist schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.",
  networkError: "Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.",

  guideTitle: "Prüfen, ohne uns zu vertrauen",
  guideIntro:
    "Sie müssen der Antwort dieser Seite nicht vertrauen. Die folgenden Schritte brauchen nur das Dokument, den Zeitstempel und die Nachweisdatei, auf Ihrem eigenen Computer.",
  guidePdfTitle: "1. Der Hashwert des Dokuments",
  guidePdfText: "Die Ausgabe muss dem document.sha256 entsprechen, den Ihnen die Einrichtung gegeben hat:",
  guideTsTitle: "2. Der Zeitstempel (RFC 3161)",
  guideTsText: (url) =>
    `Laden Sie die Zeitstempel-Antwort (onam.tsr) und das Zertifikat des Anbieters (tsa.pem; für den Testanbieter ${url}) herunter und prüfen Sie sie gegen den Hashwert des Dokuments; die Ausgabe muss „Verification: OK“ lauten:`,
  guideChainTitle: "3. Die Nachweiskette",
  guideChainText:
    "In der Nachweisdatei (JSON) ist der hash jedes Eintrags der SHA-256 des kanonischen JSON nach RFC 8785 (JCS) des Eintrags ohne sein hash-Feld, und prev_hash gleicht dem hash des vorigen Eintrags (null beim ersten). Mit Node.js:",
  guideChainNote: "Installation: npm install canonicalize — Ausführen: node kette.mjs nachweis.json",
  guideSealTitle: "4. Das eigene Siegel des PDF und der Nachweis darin",
  guideSealText: (url) =>
    `Das Dokument ist versiegelt (PAdES, PDF/A-3): Jeder PDF-Reader wie Adobe Reader zeigt das Siegel. Auf der Kommandozeile muss pdfsig von poppler „Signature is Valid“ ausgeben; mit der Wurzel des Siegelzertifikats (${url}) als vertrauenswürdig hinzugefügt auch „Certificate is Trusted“. Die Nachweiseinträge bis zur Unterschrift stecken im Dokument (kanit.json); extrahieren Sie sie mit pdfdetach und prüfen Sie sie mit dem Skript aus Schritt 3:`,
  guideDetachText: "Das Siegel beweist auch, dass sich kein Byte des Dokuments geändert hat: Ändert sich ein einziges Byte, meldet pdfsig das Siegel als ungültig. Die zweite Signatur ist der Archivzeitstempel über das ganze Dokument (PAdES B-LTA): Er beweist, dass das Dokument zu diesem Zeitpunkt existierte, auch nach Ablauf der Zertifikate. Alles offline in einem Schritt prüfen: npx e-onam-verify onam.pdf --key log.key",
};
