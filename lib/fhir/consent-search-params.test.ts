// The FHIR Consent search's parameters: what each value means, and a 400 naming the parameter for
// anything the search does not support (decisions §21).
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { pageToken, parseConsentSearch } from "@/lib/fhir/consent-search-params";

const TZ = "Europe/Istanbul";
const parse = (q: string) => parseConsentSearch(new URLSearchParams(q), TZ);
const iso = (d: Date | undefined) => d?.toISOString();

function refused(q: string): { name: string; issue: unknown } {
  try {
    parse(q);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.code).toBe("bad_request");
    expect(e.status).toBe(400);
    return { name: Object.keys(e.errors ?? {})[0]!, issue: e.extra?.fhirIssue };
  }
  throw new Error(`${q} was accepted`);
}

describe("parseConsentSearch", () => {
  it("defaults to 20 a page, any status, any date", () => {
    expect(parse("")).toEqual({ count: 20 });
    expect(parse("_count=0").count).toBe(0);
    expect(parse("_count=100&_format=application/fhir%2Bjson").count).toBe(100);
    expect(parse("_format=application/fhir+json").count).toBe(20);
  });

  it("maps FHIR statuses to the consent statuses they stand for; a comma is or, a repeat is and", () => {
    expect(parse("status=proposed").statuses).toEqual(["sent", "signed"]);
    expect(parse("status=inactive").statuses).toEqual(["expired", "withdrawn", "superseded"]);
    expect(parse("status=active,entered-in-error").statuses).toEqual(["completed", "cancelled"]);
    expect(parse("status=http://hl7.org/fhir/consent-state-codes|rejected").statuses).toEqual(["rejected"]);
    expect(parse("status=draft").statuses).toEqual([]);
    expect(parse("status=active,rejected&status=rejected").statuses).toEqual(["rejected"]);
  });

  it("reads dates at their precision in the service's time zone, prefixes eq ge gt le lt", () => {
    expect([parse("date=2026-11-22")].map((s) => [iso(s.createdFrom), iso(s.createdBefore)])[0]).toEqual(["2026-11-21T21:00:00.000Z", "2026-11-22T21:00:00.000Z"]);
    expect(iso(parse("date=ge2026-11").createdFrom)).toBe("2026-10-31T21:00:00.000Z");
    expect(parse("date=ge2026-11").createdBefore).toBeUndefined();
    expect(iso(parse("date=gt2026-11").createdFrom)).toBe("2026-11-30T21:00:00.000Z");
    expect(iso(parse("date=lt2026").createdBefore)).toBe("2025-12-31T21:00:00.000Z");
    expect(iso(parse("date=le2026-12").createdBefore)).toBe("2026-12-31T21:00:00.000Z");
    expect(iso(parse("date=ge2026-11-22T14:03:09%2B03:00").createdFrom)).toBe("2026-11-22T11:03:09.000Z");
    expect(iso(parse("date=gt2026-11-22T14:03:09Z").createdFrom)).toBe("2026-11-22T14:03:10.000Z");
    expect(iso(parse("date=ge2026-11-22T14:03").createdFrom)).toBe("2026-11-22T11:03:00.000Z");
    // A range by repeating the parameter: the intersection.
    const range = parse("date=ge2026-11-01&date=lt2026-12-01&date=ge2026-11-10");
    expect([iso(range.createdFrom), iso(range.createdBefore)]).toEqual(["2026-11-09T21:00:00.000Z", "2026-11-30T21:00:00.000Z"]);
  });

  it("takes one identifier as system|value, and the page token of its own next links", () => {
    expect(parse("identifier=https://x/fhir/sid/hasta/acme|H-1").identifier).toEqual({ system: "https://x/fhir/sid/hasta/acme", value: "H-1" });
    const cursor = { createdAt: new Date("2026-11-22T11:03:09.123Z"), id: "ons_261122_k3v9x2m8q7p4ab" };
    expect(parse(`_page_token=${pageToken(cursor)}`).cursor).toEqual(cursor);
  });

  it.each([
    ["foo=bar", "foo", "not-supported"],
    ["patient=Patient/1", "patient", "not-supported"],
    ["status:not=active", "status:not", "not-supported"],
    ["_sort=date", "_sort", "not-supported"],
    ["_count=101", "_count", "invalid"],
    ["_count=-1", "_count", "invalid"],
    ["_count=abc", "_count", "invalid"],
    ["_count=5&_count=6", "_count", "invalid"],
    ["status=signed", "status", "invalid"],
    ["date=2026-13-01", "date", "invalid"],
    ["date=2026-02-30", "date", "invalid"],
    ["date=22.11.2026", "date", "invalid"],
    ["date=ge2026-11-22T25:00", "date", "invalid"],
    ["date=ne2026-11-22", "date", "not-supported"],
    ["date=ge2026,le2027", "date", "not-supported"],
    ["identifier=H-1", "identifier", "invalid"],
    ["identifier=https://x|", "identifier", "invalid"],
    ["identifier=a|1&identifier=b|2", "identifier", "invalid"],
    ["_page_token=bm9wZQ", "_page_token", "invalid"],
    ["_format=xml", "_format", "not-supported"],
  ])("refuses %s with 400 naming %s", (q, name, issue) => {
    expect(refused(q)).toEqual({ name, issue });
  });
});
