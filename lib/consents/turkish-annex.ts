// decisions §25: a consent signed in another language carries, as an annex after the signatures, the
// Turkish text of the same template version filled with the same values — a Turkish court reads
// Turkish. The values are the consent's own, as prepare-consent.ts filled the text the person signed.
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { formatDate } from "@/lib/time";
import type { DocumentRow } from "@/lib/db/completion";
import { decryptField } from "@/lib/consents/encrypted-fields";
import { printedValues } from "@/lib/consents/resolve-variables";
import { fillPlaceholdersWithin } from "@/lib/templates/fill-placeholders";
import { parseStoredVariables } from "@/lib/templates/variables";

function storedValues(json: string | null): Record<string, string> {
  if (!json) return {};
  const parsed: unknown = JSON.parse(decrypt(json));
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** What the annex is filled from: the document's row, or (issue #51) the countersign page's. */
type AnnexSource = Pick<
  DocumentRow,
  | "language" | "patientName" | "tcMasked" | "birthDate" | "physician" | "procedure" | "createdAt" | "approverName" | "approverType"
  | "approverRelation" | "animalName" | "animalSpecies" | "variables"
> & { tenant: { name: string }; templateVer: Pick<DocumentRow["templateVer"], "title" | "body" | "variables"> };

export function turkishAnnex(c: AnnexSource): { title: string; html: string } | null {
  if (c.language === "tr" || !c.patientName) return null;
  const patientName = decrypt(c.patientName);
  // The built-in placeholders (decisions §5) as prepare-consent.ts's builtins() filled them.
  const builtins: Record<string, string> = {
    adsoyad: patientName,
    tc_masked: c.tcMasked ?? "",
    dogum_tarih: c.birthDate ? decrypt(c.birthDate) : "",
    hekim: decryptField(c.physician) ?? "",
    islem: decryptField(c.procedure) ?? "",
    kurum: c.tenant.name,
    tarih: formatDate(c.createdAt, env().APP_TIMEZONE),
    onaylayan_ad: c.approverName ? decrypt(c.approverName) : c.approverType === "veli" || c.approverType === "vasi" ? "" : patientName,
    yakinlik: decryptField(c.approverRelation) ?? "",
    hayvan_ad: decryptField(c.animalName) ?? "",
    hayvan_tur: decryptField(c.animalSpecies) ?? "",
  };
  const values = printedValues({ ...builtins, ...storedValues(c.variables) }, parseStoredVariables(c.templateVer.variables), "tr");
  const html = fillPlaceholdersWithin(c.templateVer.body, values);
  return html === null ? null : { title: c.templateVer.title, html };
}
