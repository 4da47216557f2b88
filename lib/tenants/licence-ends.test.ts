import { describe, expect, it } from "vitest";
import { licenceEndsInOneYear } from "@/lib/tenants/create-tenant";

describe("licenceEndsInOneYear", () => {
  it("is the same calendar day a year later, in the service time zone", () => {
    // 22:30 UTC on 31 December is already 1 January in Istanbul (UTC+3).
    expect(licenceEndsInOneYear(new Date("2026-12-31T22:30:00Z"), "Europe/Istanbul")).toBe("2028-01-01");
    expect(licenceEndsInOneYear(new Date("2026-12-31T22:30:00Z"), "UTC")).toBe("2027-12-31");
  });
  it("rolls 29 February over to 1 March", () => {
    expect(licenceEndsInOneYear(new Date("2028-02-29T12:00:00Z"), "Europe/Istanbul")).toBe("2029-03-01");
  });
});
