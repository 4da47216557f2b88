// The ZIP of the panel's filtered list's signed PDFs (fflate, streamed): each pull of the response
// reads the next document and writes it, so one document is in memory at a time and a slow or gone
// client stops the reading. At most MAX_DOCUMENTS documents and MAX_BYTES bytes, newest first; when
// the list had more, or a document could not be read, a BENIOKU.txt inside says so. Entries are
// stored, not deflated: a PDF is compressed already, and the CPU is the clinic's other requests'.
// Files are named by the consent's id only (a name in a file name outlives the service's access control).
import { Zip, ZipPassThrough } from "fflate";
import { consentDocumentRefs } from "@/lib/db/consent-documents";
import { readStoredDocument } from "@/lib/documents/read-stored-document";
import type { PatientSearch } from "@/lib/consents/patient-search";
import { panelConsentFilter } from "@/lib/consents/panel-consent-filter";

export const MAX_DOCUMENTS = 200;
export const MAX_BYTES = 200 * 1024 * 1024;

interface DocumentsZip {
  /** consents of the filtered list with a document to add, MAX_DOCUMENTS + 1 meaning "more" */
  matched: number;
  stream: ReadableStream<Uint8Array>;
}

async function readOrNull(ref: { id: string; documentKey: string; documentSha256: string }): Promise<Buffer | null> {
  try {
    return await readStoredDocument(ref.id, ref.documentKey, ref.documentSha256);
  } catch {
    // readStoredDocument logged a mismatch; the archive notes the document as not added.
    return null;
  }
}

export async function zipConsentDocuments(tenantId: string, query: Record<string, string>, patient?: PatientSearch): Promise<DocumentsZip> {
  const { filter, scanCapped } = await panelConsentFilter(tenantId, { ...query, limit: "1", offset: "0" }, patient);
  const refs = await consentDocumentRefs(tenantId, filter, MAX_DOCUMENTS + 1);
  const kept = refs.slice(0, MAX_DOCUMENTS);
  const notes: string[] = [];
  if (refs.length > MAX_DOCUMENTS || scanCapped) notes.push(`Süzülen listenin en yeni ${MAX_DOCUMENTS} belgesi eklendi; daha fazlası için listeyi daraltın.`);
  let next = 0;
  let bytes = 0;
  let zip: Zip | undefined;
  const finish = (z: Zip) => {
    if (notes.length) {
      const readme = new ZipPassThrough("BENIOKU.txt");
      z.add(readme);
      readme.push(new TextEncoder().encode(notes.join("\r\n") + "\r\n"), true);
    }
    z.end();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((err, chunk, final) => {
          if (err) return controller.error(err);
          controller.enqueue(chunk);
          if (final) controller.close();
        });
      },
      // One document per pull (several when one is unreadable): fflate enqueues as it is pushed.
      async pull() {
        const z = zip!;
        while (next < kept.length) {
          const ref = kept[next++]!;
          const pdf = await readOrNull(ref);
          if (!pdf) {
            notes.push(`${ref.id}: belge okunamadı, eklenmedi.`);
            continue;
          }
          if (bytes + pdf.length > MAX_BYTES) {
            notes.push(`Toplam ${MAX_BYTES / 1024 / 1024} MB sınırına ulaşıldı: ${kept.length - next + 1} belge eklenmedi.`);
            next = kept.length;
            break;
          }
          bytes += pdf.length;
          const entry = new ZipPassThrough(`${ref.id}.pdf`);
          z.add(entry);
          entry.push(new Uint8Array(pdf), true);
          return;
        }
        finish(z);
      },
      cancel() {
        next = kept.length;
        zip?.terminate();
      },
    },
    { highWaterMark: 1 },
  );
  return { matched: refs.length, stream };
}
