// What the revisions after a signature changed, judged the way Adobe Reader's "changes after signing"
// analysis does (decisions §24 rule 2): every object they define is compared with the signed
// revision's. After the institution's seal only validation data may be added — a Document Security
// Store (the catalog's /DSS and what it holds) and document time-stamps with their invisible signature
// fields and widgets. Before it (after a physician's signature), further signatures may be added too.
// Anything else — a page's content or resources, an annotation, an embedded file, another catalog
// entry, a form option — is named, object by object.
import type { PdfFile } from "@/lib/verifier/pdf/pdf-file";
import { objectNames, pageRefs } from "@/lib/verifier/pdf/object-names";
import { PdfDict, PdfRef, PdfStream, sameValue, type PdfValue } from "@/lib/verifier/pdf/pdf-values";

interface ChangeRules {
  /** the signature dictionaries (object numbers) added after the base that the verifier checks */
  signatures: Map<number, { type: string }>;
  /** whether signatures other than document time-stamps may follow (false after the seal) */
  signaturesAllowed: boolean;
}

const FORM_KEYS = new Set(["Fields", "SigFlags"]);
const WIDGET_KEYS = new Set(["Type", "Subtype", "FT", "Rect", "V", "T", "TU", "TM", "F", "Ff", "P", "AP", "AS", "Parent", "Kids", "MK", "DA", "Lock", "SV", "StructParent"]);
const HIDDEN = 2;
const NO_VIEW = 32;
const MAX_DSS_OBJECTS = 100_000;

/** Objects reachable from a value (a DSS): validation data, which later revisions may rewrite. */
function reachable(file: PdfFile, rev: number, from: PdfValue | undefined, stop: Set<number>): Set<number> {
  const out = new Set<number>();
  const queue: PdfValue[] = from === undefined ? [] : [from];
  for (let i = 0; i < queue.length && out.size < MAX_DSS_OBJECTS; i++) {
    const v = queue[i]!;
    if (v instanceof PdfRef) {
      if (out.has(v.num) || stop.has(v.num)) continue;
      out.add(v.num);
      const target = file.object(rev, v.num)?.value;
      if (target !== undefined) queue.push(target);
    } else if (Array.isArray(v)) queue.push(...v);
    else if (v instanceof PdfDict) queue.push(...v.entries.values());
    else if (v instanceof PdfStream) queue.push(...v.dict.entries.values());
  }
  return out;
}

const refNums = (items: PdfValue[]) => new Set(items.filter((v): v is PdfRef => v instanceof PdfRef).map((r) => r.num));

/** Problems, each naming what changed; empty when the revisions after `base` only add what the rules allow. */
export function changesAfter(file: PdfFile, base: number, rules: ChangeRules): string[] {
  const last = file.revisions.length - 1;
  if (base >= last) return [];
  const problems: string[] = [];
  let names: Map<number, string> | undefined;
  const describe = (num: number) => {
    names ??= objectNames(file, base);
    const where = names.get(num);
    return `object ${num}${where ? ` (${where})` : ""}`;
  };
  const baseTrailer = file.revisions[base]!.trailer;
  const lastTrailer = file.revisions[last]!.trailer;
  for (const r of file.revisions.slice(base + 1)) if (r.trailer.get("Encrypt") !== undefined) problems.push(`the revision ending at byte ${r.end} encrypts the document`);
  const baseRoot = baseTrailer.get("Root");
  const lastRoot = lastTrailer.get("Root");
  if (!(baseRoot instanceof PdfRef) || !(lastRoot instanceof PdfRef)) return [...problems, "the trailer names no catalog"];
  if (!sameValue(baseTrailer.get("Info"), lastTrailer.get("Info"))) problems.push("the trailer's /Info (the document's title and author) now points elsewhere");

  // Objects whose final value differs from the signed one.
  const changed = new Set<number>();
  for (const r of file.revisions.slice(base + 1)) {
    for (const num of r.entries.keys()) {
      if (changed.has(num) || num === 0) continue;
      if (!sameValue(file.object(base, num)?.value, file.object(last, num)?.value)) changed.add(num);
    }
  }

  const baseCatalog = file.dict(base, baseRoot);
  const lastCatalog = file.dict(last, lastRoot);
  if (!baseCatalog || !lastCatalog) return [...problems, "the catalog cannot be read"];
  const pages = pageRefs(file, base);
  const pageNums = new Map(pages.map((p, i) => [p.num, i + 1]));
  const annotsArrays = new Map<number, number>();
  for (const p of pages) {
    const annots = file.dict(base, p)?.get("Annots");
    if (annots instanceof PdfRef) annotsArrays.set(annots.num, p.num);
  }
  const formValue = baseCatalog.get("AcroForm");
  const formNum = formValue instanceof PdfRef ? formValue.num : -1;
  const fieldsValue = file.dict(base, formValue)?.get("Fields");
  const fieldsNum = fieldsValue instanceof PdfRef ? fieldsValue.num : -1;
  const structural = new Set([baseRoot.num, lastRoot.num, formNum, fieldsNum, ...pageNums.keys(), ...annotsArrays.keys()]);
  const dss = reachable(file, base, baseCatalog.get("DSS"), structural);

  const pagesToCheck = new Set<number>();
  for (const num of changed) {
    if (num === baseRoot.num || num === lastRoot.num || num === formNum || num === fieldsNum) continue;
    if (pageNums.has(num)) pagesToCheck.add(num);
    else if (annotsArrays.has(num)) pagesToCheck.add(annotsArrays.get(num)!);
    else if (file.object(base, num) === undefined) {
      // New objects are judged by what refers to them — unless the signed revision already did: a
      // reference it left dangling, filled in afterwards, is content added under the signature.
      names ??= objectNames(file, base);
      if (names.has(num)) problems.push(`object ${num}, which the signed revision refers to (${names.get(num)}) without defining it, was defined afterwards`);
    } else if (dss.has(num)) continue;
    else problems.push(`${describe(num)} was ${file.object(last, num) ? "changed" : "deleted"}`);
  }

  // The catalog: only /DSS and the form may differ.
  for (const key of new Set([...baseCatalog.entries.keys(), ...lastCatalog.entries.keys()])) {
    if (key === "DSS" || key === "AcroForm") continue;
    if (!sameValue(baseCatalog.get(key), lastCatalog.get(key))) problems.push(`the catalog's /${key} was ${lastCatalog.get(key) === undefined ? "removed" : baseCatalog.get(key) === undefined ? "added" : "changed"}`);
  }

  const widgets = new Set<number>();
  /** A new signature field: signature or time-stamp dictionary the verifier checks, invisible widgets, no actions. */
  const newField = (ref: PdfValue): string | null => {
    if (!(ref instanceof PdfRef) || file.object(base, ref.num) !== undefined) return "an existing object was added as a form field";
    const field = file.dict(last, ref);
    if (!field || field.name("FT") !== "Sig") return `object ${ref.num}, a form field that is not a signature field, was added`;
    const v = field.get("V");
    const sig = v instanceof PdfRef ? rules.signatures.get(v.num) : undefined;
    if (!sig) return `the signature field (object ${ref.num}) was added with a value that is not a verified signature`;
    if (sig.type !== "DocTimeStamp" && !rules.signaturesAllowed) return `a signature (object ${ref.num}) that is not a document time-stamp was added after the seal`;
    const kids = file.array(last, field.get("Kids"));
    for (const w of kids ?? [ref]) {
      const widget = file.dict(last, w);
      if (!(w instanceof PdfRef) || !widget) return `the signature field (object ${ref.num}) has a malformed widget`;
      const extra = [...widget.entries.keys()].find((k) => !WIDGET_KEYS.has(k));
      if (extra) return `the signature widget (object ${w.num}) carries /${extra}`;
      const rect = file.array(last, widget.get("Rect"));
      const flags = typeof widget.get("F") === "number" ? (widget.get("F") as number) : 0;
      const [x1, y1, x2, y2] = (rect ?? []).map((n) => (typeof n === "number" ? n : NaN));
      const invisible = (x1 === x2 || y1 === y2) || (flags & (HIDDEN | NO_VIEW)) !== 0;
      if (!invisible) return `the signature widget (object ${w.num}) added after signing is visible on the page: it can paint over the signed content`;
      widgets.add(w.num);
    }
    return null;
  };

  // The form: only its /Fields (new signature fields appended) and /SigFlags.
  const baseForm = file.dict(base, formValue);
  const lastForm = file.dict(last, lastCatalog.get("AcroForm"));
  if (baseForm && !lastForm) problems.push("the form (/AcroForm) was removed");
  if (lastForm) {
    for (const key of new Set([...(baseForm?.entries.keys() ?? []), ...lastForm.entries.keys()])) {
      if (!FORM_KEYS.has(key) && !sameValue(baseForm?.get(key), lastForm.get(key))) problems.push(`the form's /${key} was changed`);
    }
    const before = file.array(base, baseForm?.get("Fields")) ?? [];
    const after = file.array(last, lastForm.get("Fields")) ?? [];
    const kept = refNums(after);
    if ([...refNums(before)].some((n) => !kept.has(n))) problems.push("a form field was removed");
    const old = refNums(before);
    for (const f of after) {
      if (f instanceof PdfRef && old.has(f.num)) continue;
      const problem = newField(f);
      if (problem) problems.push(problem);
    }
  }

  // Pages: only their /Annots, by appending the new signature fields' widgets.
  for (const num of pagesToCheck) {
    const page = pageNums.get(num)!;
    const p0 = file.dict(base, new PdfRef(num, 0));
    const p1 = file.dict(last, new PdfRef(num, 0));
    if (!p0 || !p1) {
      problems.push(`page ${page} was removed`);
      continue;
    }
    for (const key of new Set([...p0.entries.keys(), ...p1.entries.keys()])) {
      if (key !== "Annots" && !sameValue(p0.get(key), p1.get(key))) problems.push(`page ${page}'s /${key} was changed`);
    }
    const before = file.array(base, p0.get("Annots")) ?? [];
    const after = file.array(last, p1.get("Annots")) ?? [];
    const kept = refNums(after);
    if ([...refNums(before)].some((n) => !kept.has(n)) || before.some((a) => !(a instanceof PdfRef))) problems.push(`an annotation of page ${page} was removed or changed`);
    const old = refNums(before);
    for (const a of after) {
      if (a instanceof PdfRef && (old.has(a.num) || widgets.has(a.num))) continue;
      const subtype = file.dict(last, a)?.name("Subtype");
      problems.push(`an annotation${a instanceof PdfRef ? ` (object ${a.num}${subtype ? `, /${subtype}` : ""})` : ""} was added to page ${page}`);
    }
  }
  return problems;
}
