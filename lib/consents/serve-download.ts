// GET /d/{id}/{kind}?exp&sig: the signed download links of a consent's document, evidence report
// and timestamp token.
import { downloadRow } from "@/lib/db/consent-reads";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { readStoredDocument } from "@/lib/documents/read-stored-document";
import { DOWNLOAD_KINDS, verifyDownload, type DownloadKind } from "@/lib/documents/download-links";
import { evidenceReportJson, getEvidenceReport } from "@/lib/consents/get-evidence-report";
import { evidenceReportPdf } from "@/lib/consents/evidence-report-pdf";

export interface Download {
  body: Uint8Array<ArrayBuffer> | string;
  contentType: string;
  filename: string;
}

export async function serveDownload(consentId: string, kind: string, query: URLSearchParams): Promise<Download> {
  if (!(DOWNLOAD_KINDS as readonly string[]).includes(kind) || !verifyDownload(consentId, kind, query.get("exp"), query.get("sig"), now())) {
    throw new AppError("forbidden");
  }
  const c = await downloadRow(consentId);
  if (!c) throw new AppError("not_found", "Onam bulunamadı.");
  // After a kurum purge (decisions §12) only the timestamp token is still served.
  if (c.purgedAt && kind !== "tsr") {
    throw new AppError("purged", "Belge ve kanıt raporu saklama politikası (kurum) gereği hizmetten silindi; kurumunuzdaki kopyayı kullanın.");
  }
  switch (kind as DownloadKind) {
    case "pdf": {
      const bytes = await readStoredDocument(consentId, c.documentKey, c.documentSha256);
      if (!bytes) throw new AppError("not_found", "Belge henüz yok.");
      return { body: new Uint8Array(bytes), contentType: "application/pdf", filename: `${consentId}.pdf` };
    }
    case "evidence": {
      const report = await getEvidenceReport(c.tenantId, consentId);
      if (query.get("format") === "json") {
        return { body: JSON.stringify(evidenceReportJson(report), null, 2), contentType: "application/json", filename: `${consentId}-kanit.json` };
      }
      const pdf = await evidenceReportPdf(c.tenantId, report);
      return { body: new Uint8Array(pdf), contentType: "application/pdf", filename: `${consentId}-kanit.pdf` };
    }
    case "receipt": {
      // issue #51: the sealed withdrawal receipt, checked against its digest on record like the document.
      const bytes = c.receiptKey && c.receiptSha256 ? await readStoredDocument(consentId, c.receiptKey, c.receiptSha256) : null;
      if (!bytes) throw new AppError("not_found", "Geri çekme tutanağı henüz yok.");
      return { body: new Uint8Array(bytes), contentType: "application/pdf", filename: `${consentId}-geri-cekme-tutanagi.pdf` };
    }
    case "tsr": {
      if (!c.tsToken) throw new AppError("not_found", "Zaman damgası henüz alınmadı.");
      return { body: new Uint8Array(c.tsToken), contentType: "application/timestamp-reply", filename: `${consentId}.tsr` };
    }
  }
}
