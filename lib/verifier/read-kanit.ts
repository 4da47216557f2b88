// kanit.json as the sealed revision holds it (decisions §14, §24 rule 1): the catalog's /Names
// /EmbeddedFiles name tree (what pdfdetach lists), the file specification named kanit.json, its
// embedded stream decoded — read from the revision the seal covers, never from a later one.
import type { PdfFile } from "@/lib/verifier/pdf/pdf-file";
import { decodeStream } from "@/lib/verifier/pdf/stream-data";
import { PdfDict, PdfStream, PdfString } from "@/lib/verifier/pdf/pdf-values";

const MAX_DEPTH = 16;
const MAX_NODES = 10_000;

/** The bytes of the embedded file named `name` as revision `rev` has it, or null when there is none by that name. */
export function embeddedFile(file: PdfFile, rev: number, name: string): Buffer | null {
  const catalog = file.dict(rev, file.revisions[rev]!.trailer.get("Root"));
  const tree = file.dict(rev, file.dict(rev, catalog?.get("Names"))?.get("EmbeddedFiles"));
  let visited = 0;
  const find = (node: PdfDict | undefined, depth: number): PdfDict | undefined => {
    if (!node || depth > MAX_DEPTH || ++visited > MAX_NODES) return undefined;
    const names = file.array(rev, node.get("Names")) ?? [];
    for (let i = 0; i + 1 < names.length; i += 2) {
      const key = names[i];
      if (key instanceof PdfString && key.text() === name) return file.dict(rev, names[i + 1]);
    }
    for (const kid of file.array(rev, node.get("Kids")) ?? []) {
      const found = find(file.dict(rev, kid), depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  const spec = find(tree, 0);
  const stream = file.value(rev, file.dict(rev, spec?.get("EF"))?.get("F"));
  return stream instanceof PdfStream ? decodeStream(stream) : null;
}
