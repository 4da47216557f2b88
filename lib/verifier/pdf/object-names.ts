// Where an object sits in a revision, in words a reader of the verdict can follow: "page 1 /Contents",
// "catalog /Names /EmbeddedFiles \"kanit.json\" /EF /F". The pages in reading order, then a
// breadth-first walk from the catalog that names each object by the first path reaching it.
import type { PdfFile } from "@/lib/verifier/pdf/pdf-file";
import { PdfDict, PdfRef, PdfStream, PdfString, PdfSyntaxError, type PdfValue } from "@/lib/verifier/pdf/pdf-values";

const MAX_PAGES = 100_000;
const MAX_NAMED = 200_000;
const MAX_TREE_DEPTH = 64;

/** The page objects of a revision, in order (ISO 32000-1 §7.7.3). */
export function pageRefs(file: PdfFile, rev: number): PdfRef[] {
  const catalog = file.dict(rev, file.revisions[rev]!.trailer.get("Root"));
  const out: PdfRef[] = [];
  const seen = new Set<number>();
  const walk = (node: PdfValue | undefined, depth: number) => {
    if (!(node instanceof PdfRef) || seen.has(node.num)) return;
    if (depth > MAX_TREE_DEPTH || out.length > MAX_PAGES) throw new PdfSyntaxError("the page tree is too deep or too large");
    seen.add(node.num);
    const dict = file.dict(rev, node);
    if (!dict) return;
    if (dict.name("Type") === "Pages" || dict.get("Kids") !== undefined) {
      for (const kid of file.array(rev, dict.get("Kids")) ?? []) walk(kid, depth + 1);
    } else out.push(node);
  };
  walk(catalog?.get("Pages"), 0);
  return out;
}

/** Object number → where it is first reached from the catalog of revision `rev`. */
export function objectNames(file: PdfFile, rev: number): Map<number, string> {
  const names = new Map<number, string>();
  const root = file.revisions[rev]!.trailer.get("Root");
  if (root instanceof PdfRef) names.set(root.num, "catalog");
  pageRefs(file, rev).forEach((p, i) => names.set(p.num, `page ${i + 1}`));
  const queue: [PdfValue, string][] = [];
  const start = (ref: PdfValue | undefined, label: string) => {
    const v = file.value(rev, ref);
    if (v !== undefined) queue.push([v, label]);
  };
  start(root, "catalog");
  for (const [num, label] of [...names]) if (label.startsWith("page")) start(new PdfRef(num, 0), label);
  for (let i = 0; i < queue.length && names.size < MAX_NAMED; i++) {
    const [value, path] = queue[i]!;
    const visit = (child: PdfValue, label: string) => {
      if (child instanceof PdfRef) {
        if (names.has(child.num)) return;
        names.set(child.num, label);
        const v = file.object(rev, child.num)?.value;
        if (v !== undefined) queue.push([v, label]);
      } else if (typeof child === "object" && child !== null) queue.push([child, label]);
    };
    const dict = value instanceof PdfStream ? value.dict : value instanceof PdfDict ? value : null;
    if (dict) {
      // Back-references name nothing; /AF repeats the embedded files the name tree names as readers list them.
      for (const [key, child] of dict.entries) if (key !== "Parent" && key !== "P" && key !== "AF") visit(child, `${path} /${key}`);
    } else if (Array.isArray(value)) {
      // A name tree's /Names alternates keys and values: the key names the value.
      value.forEach((child, k) => {
        const key = k > 0 ? value[k - 1] : undefined;
        visit(child, key instanceof PdfString && k % 2 === 1 ? `${path} "${key.text()}"` : `${path}[${k}]`);
      });
    }
  }
  return names;
}
