// A document rendered only to warm a fresh document thread (render-document.ts warmDocuments): it
// takes the same paths as a signed consent (Turkish text, a signature image, PDF/A-3 with kanit.json
// and a signature placeholder), so the thread has loaded its modules and fonts and compiled the
// renderer before the person signs. Nothing in it is anyone's data, and its bytes are thrown away.
import type { DocumentTask } from "@/lib/documents/document-task";

/** A transparent 1×1 PNG: the signature image's decoder runs once. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=", "base64");

export function warmUpTask(): DocumentTask {
  const at = new Date(0);
  return {
    kind: "consent",
    data: {
      consentId: "ons_000000_warmupwarmup",
      institution: "Isınma",
      templateTitle: "Isınma belgesi",
      templateVersion: 1,
      contentSha256: "0".repeat(64),
      renderedHtml: "<h2>Başlık</h2><p>Çağrı <b>ışığı</b> <i>öğün</i>:</p><ul><li>Şu</li></ul><table><tr><td>Ğ</td></tr></table>",
      patientName: "Isınma",
      tcMasked: "100******46",
      phoneMasked: "+90532*****67",
      approver: { type: "hasta", name: null, relation: null },
      physician: "Isınma",
      procedure: "Isınma",
      animal: null,
      signedAt: "1970-01-01 02:00:00",
      signerIp: "192.0.2.1",
      signerUserAgent: "warm-up",
      otpPhoneMasked: "+90532*****67",
      signaturePng: PIXEL,
      verifyUrl: "http://localhost/dogrula/ons_000000_warmupwarmup",
      language: "tr",
      interpreter: null,
      witness: null,
      countersignature: null,
    },
    options: {},
    archive: { title: "Isınma", author: "Isınma", createdAt: at, attachment: { name: "kanit.json", description: "Isınma", json: "{}" } },
    signature: { signerName: "Isınma", reason: "Isınma", location: "Türkiye", signingTime: at, certificates: [], contentsBytes: 8_192 },
  };
}
