// The panel's consent list address: what names a person (the search, the integrator's patient id)
// goes into it only encrypted for the user who filtered; the other filters stay readable.
import { afterAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { encryptBytes } from "@/lib/encryption";
import { consentListAddress, decryptFilters, encryptFilters, readConsentListAddress, SEARCH_PARAM } from "@/lib/consents/consent-list-params";

vi.stubEnv("APP_SECRET", "s".repeat(32));
vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 9).toString("base64"));
resetEnvForTests();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

const user = { id: "usr_a", tenantId: "ten_a" };
const form: Record<string, string> = { q: "Ayşe Öztürk", external_patient_id: "HST-998877", external_ref: "randevu-12", status: "completed" };

describe("the consent list's address", () => {
  it("carries the search and the patient id only encrypted, for this user alone", () => {
    const address = consentListAddress(user, (k) => form[k] ?? "");
    const url = new URL(address, "http://panel.example");
    expect(decodeURIComponent(address)).not.toContain("HST-998877");
    expect(decodeURIComponent(address)).not.toContain("Öztürk");
    expect(url.searchParams.get("external_patient_id")).toBeNull();
    expect(url.searchParams.get("external_ref")).toBe("randevu-12");
    expect(url.searchParams.get("status")).toBe("completed");
    const searchToken = url.searchParams.get(SEARCH_PARAM)!;
    expect(decryptFilters(user, searchToken)).toEqual({ q: "Ayşe Öztürk", external_patient_id: "HST-998877" });
    expect(decryptFilters({ id: "usr_b", tenantId: "ten_a" }, searchToken)).toBeNull();
    expect(decryptFilters(user, "bm90LXNlYWxlZA")).toBeNull();
  });

  it("puts no search token in an address without a person's fields, and opens an earlier address's search text", () => {
    expect(consentListAddress(user, (k) => (k === "status" ? "sent" : ""))).toBe("/panel/consents?status=sent");
    expect(consentListAddress(user, () => "")).toBe("/panel/consents");
    expect(decryptFilters(user, encryptFilters(user, { external_patient_id: "P1" }))).toEqual({ external_patient_id: "P1" });
    // Before the patient id was encrypted too, the parameter held the search text alone.
    const earlier = encryptBytes(Buffer.from("Ayşe", "utf8"), "panel-search:ten_a:usr_a").toString("base64url");
    expect(decryptFilters(user, earlier)).toEqual({ q: "Ayşe" });
  });

  it("encrypts the physician and the procedure with the person, keeps template and language readable, and reads the address back bounded", () => {
    const fields: Record<string, string> = { physician: "Dr. Ayşe Öztürk", procedure: "İmplant", template: "dis-cekimi", language: "en" };
    const address = consentListAddress(user, (k) => fields[k] ?? "");
    const url = new URL(address, "http://panel.example");
    expect(decodeURIComponent(address)).not.toMatch(/Öztürk|İmplant/);
    expect([...url.searchParams.keys()].sort()).toEqual(["language", SEARCH_PARAM, "template"].sort());
    const read = readConsentListAddress(user, { ...Object.fromEntries(url.searchParams), status: ["sent", "completed"], external_ref: "x".repeat(500) });
    expect(read.filters).toEqual({ physician: "Dr. Ayşe Öztürk", procedure: "İmplant", template: "dis-cekimi", language: "en", status: "sent", external_ref: "x".repeat(200) });
    expect(read.opened?.q).toBeUndefined();
    // Another user's address opens nothing, and lists by nothing encrypted.
    const theirs = readConsentListAddress({ id: "usr_b", tenantId: "ten_a" }, Object.fromEntries(url.searchParams));
    expect(theirs.opened).toBeNull();
    expect(theirs.filters).toEqual({ template: "dis-cekimi", language: "en" });
  });
});
