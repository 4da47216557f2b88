// kanit.json as a reader of the PDF finds it: the catalog's /Names /EmbeddedFiles name tree (what
// pdfdetach lists), the file specification named kanit.json, its embedded stream decoded.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from "pdf-lib";

const text = (o: PDFObject | undefined) => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined);

/** Every (name, file specification) pair of a name tree, its kids followed. */
function namePairs(doc: PDFDocument, tree: PDFDict | undefined, depth = 0): [string, PDFDict][] {
  if (!tree || depth > 16) return [];
  const out: [string, PDFDict][] = [];
  const names = tree.lookupMaybe(PDFName.of("Names"), PDFArray);
  for (let i = 0; names && i + 1 < names.size(); i += 2) {
    const name = text(names.lookup(i));
    const spec = names.lookup(i + 1);
    if (name !== undefined && spec instanceof PDFDict) out.push([name, spec]);
  }
  const kids = tree.lookupMaybe(PDFName.of("Kids"), PDFArray);
  for (let i = 0; kids && i < kids.size(); i++) {
    const kid = kids.lookup(i);
    if (kid instanceof PDFDict) out.push(...namePairs(doc, kid, depth + 1));
  }
  return out;
}

/** The bytes of the embedded file named `name`, or null when the PDF has none by that name. */
export async function embeddedFile(pdf: Buffer, name: string): Promise<Buffer | null> {
  const doc = await PDFDocument.load(new Uint8Array(pdf), { updateMetadata: false, ignoreEncryption: true });
  const names = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  const spec = namePairs(doc, tree).find(([n]) => n === name)?.[1];
  const ef = spec?.lookupMaybe(PDFName.of("EF"), PDFDict);
  const stream = ef?.lookup(PDFName.of("F"));
  if (!(stream instanceof PDFRawStream)) return null;
  return Buffer.from(decodePDFRawStream(stream).decode());
}
