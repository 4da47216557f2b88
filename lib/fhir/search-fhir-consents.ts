// GET /fhir/r4/Consent?status=&date=&identifier=&_count=: the tenant's consents as a FHIR R4
// `searchset` Bundle, newest first, `next` links to the following pages (decisions §21).
import type { Bundle, BundleLink, Consent } from "@medplum/fhirtypes";
import { now } from "@/lib/clock";
import { fhirConsentPage, fhirTenantCode, type ConsentFilter } from "@/lib/db/consents";
import { env } from "@/lib/env";
import { formatIsoOffset } from "@/lib/time";
import { fhirBase, fhirIdOf, systems } from "@/lib/fhir/fhir-ids";
import { PAGE_TOKEN, pageToken, parseConsentSearch, type ConsentSearch } from "@/lib/fhir/consent-search-params";
import { toFhirConsent } from "@/lib/fhir/to-fhir-consent";

/**
 * What an identifier names among the tenant's consents: its own consent id, or the institution's
 * patient id or reference under the institution's own system. Any other system — another
 * institution's included — names none of them.
 */
async function identifierFilter(tenantId: string, identifier: NonNullable<ConsentSearch["identifier"]>): Promise<Partial<ConsentFilter> | null> {
  if (identifier.system === systems.consent()) return { id: identifier.value };
  const code = await fhirTenantCode(tenantId);
  if (code === undefined) return null;
  if (identifier.system === systems.patient(code)) return { externalPatientId: identifier.value };
  if (identifier.system === systems.externalRef(code)) return { externalRef: identifier.value };
  return null;
}

export async function searchFhirConsents(tenantId: string, url: URL): Promise<Bundle<Consent>> {
  const at = now();
  const tz = env().APP_TIMEZONE;
  const q = parseConsentSearch(url.searchParams, tz);
  const byIdentifier = q.identifier ? await identifierFilter(tenantId, q.identifier) : {};
  const self: BundleLink = { relation: "self", url: `${fhirBase()}/Consent${url.search}` };
  const bundle = (total: number, entry: Bundle<Consent>["entry"], links: BundleLink[]): Bundle<Consent> => ({
    resourceType: "Bundle",
    type: "searchset",
    timestamp: formatIsoOffset(at, tz),
    total,
    link: links,
    ...(entry?.length ? { entry } : {}),
  });
  if (byIdentifier === null) return bundle(0, [], [self]);
  const filter: ConsentFilter = { at, statuses: q.statuses, createdFrom: q.createdFrom, createdBefore: q.createdBefore, ...byIdentifier };
  // One row beyond the page says whether another page follows.
  const { rows, total } = await fhirConsentPage(tenantId, filter, q.count + 1, q.cursor);
  const page = rows.slice(0, q.count);
  const links = [self];
  const last = page.at(-1);
  if (rows.length > q.count && last) {
    const next = new URLSearchParams(url.searchParams);
    next.set(PAGE_TOKEN, pageToken({ createdAt: last.createdAt, id: last.id }));
    next.set("_count", String(q.count));
    links.push({ relation: "next", url: `${fhirBase()}/Consent?${next.toString()}` });
  }
  return bundle(
    total,
    page.map((row) => ({ fullUrl: `${fhirBase()}/Consent/${fhirIdOf(row.id)}`, resource: toFhirConsent(row, at), search: { mode: "match" } })),
    links,
  );
}
