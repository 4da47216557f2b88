// The panel editor's live preview: the body sanitized exactly as it would be stored, with sample
// values in its placeholders (values are HTML-escaped as in a real consent).
import { escapeHtml, fillPlaceholdersWithin } from "@/lib/templates/fill-placeholders";
import { htmlShapeProblem } from "@/lib/documents/html-limits";
import { sanitizeTemplateHtml, strippedParts } from "@/lib/templates/sanitize-template-html";
import type { BUILTIN_PLACEHOLDERS } from "@/lib/templates/variables";
import { unknownPlaceholders, unknownPlaceholdersMessage } from "@/lib/templates/check-placeholders";

const BUILTIN_SAMPLES: Record<(typeof BUILTIN_PLACEHOLDERS)[number], string> = {
  adsoyad: "Ayşe Yılmaz",
  tc_masked: "100******46",
  dogum_tarih: "1985-04-12",
  hekim: "Dr. Mehmet Öz",
  islem: "Diş çekimi",
  kurum: "Örnek Klinik",
  tarih: "2026-01-15",
  onaylayan_ad: "Ayşe Yılmaz",
  yakinlik: "anne",
  hayvan_ad: "Pamuk",
  hayvan_tur: "kedi",
};

export interface PreviewVariable {
  ad: string;
  etiket?: string | null;
  tip?: string;
  varsayilan?: string | null;
}

function sampleFor(v: PreviewVariable): string {
  if (v.varsayilan) return v.varsayilan;
  if (v.tip === "sayi") return "12";
  if (v.tip === "tarih") return "2026-01-15";
  return `[${v.etiket || v.ad}]`;
}

export function previewTemplate(body: string, variables: readonly PreviewVariable[]): string {
  // What saving would refuse (html-limits.ts) is said here as the author types, in the API's words,
  // and a body nested thousands deep is not walked on every pause in typing.
  const text = body.slice(0, 200_000);
  const problem = htmlShapeProblem(text);
  if (problem) return `<p role="alert"><strong>${escapeHtml(problem)}</strong></p>`;
  const clean = sanitizeTemplateHtml(text);
  const values: Record<string, string> = { ...BUILTIN_SAMPLES };
  for (const v of variables) if (v.ad) values[v.ad] ??= sampleFor(v);
  // Placeholders that name nothing stay as written, so the author sees the typo, and are listed
  // above the text: saving refuses them (decisions §23).
  // Bounded like a consent's text (decisions §15): a preview past 512 KiB shows the body unfilled.
  const unknown = unknownPlaceholders(clean, variables.map((v) => v.ad));
  const notice = unknown.length ? `<p role="alert"><strong>${escapeHtml(`Kaydedilemez: ${unknownPlaceholdersMessage(unknown)}.`)}</strong></p>` : "";
  // What saving will remove is named, so an author does not wonder where their image or script went.
  const stripped = strippedParts(text);
  const removed = stripped.length ? `<p role="note" data-stripped="">${escapeHtml(`Kaydederken kaldırılacak: ${stripped.join(", ")}`)}</p>` : "";
  return notice + removed + (fillPlaceholdersWithin(clean, values) ?? clean);
}
