import { describe, expect, it } from "vitest";
import { downloadUrl, verifyDownload } from "@/lib/documents/download-links";

describe("download links", () => {
  const at = new Date("2026-11-22T10:00:00Z");
  const parts = (u: string) => {
    const url = new URL(u);
    return { path: url.pathname, exp: url.searchParams.get("exp"), sig: url.searchParams.get("sig") };
  };

  it("verifies for 24 hours, for that consent and kind only", () => {
    const { path, exp, sig } = parts(downloadUrl("ons_1", "pdf", at));
    expect(path).toBe("/d/ons_1/pdf");
    expect(verifyDownload("ons_1", "pdf", exp, sig, at)).toBe(true);
    expect(verifyDownload("ons_1", "pdf", exp, sig, new Date(at.getTime() + 24 * 3_600_000 - 1000))).toBe(true);
    expect(verifyDownload("ons_1", "pdf", exp, sig, new Date(at.getTime() + 24 * 3_600_000))).toBe(false);
    expect(verifyDownload("ons_2", "pdf", exp, sig, at)).toBe(false);
    expect(verifyDownload("ons_1", "tsr", exp, sig, at)).toBe(false);
  });

  it("refuses an altered expiry or signature", () => {
    const { exp, sig } = parts(downloadUrl("ons_1", "evidence", at));
    expect(verifyDownload("ons_1", "evidence", String(Number(exp) + 3600), sig, at)).toBe(false);
    const flipped = `${sig!.slice(0, -1)}${sig!.endsWith("A") ? "B" : "A"}`;
    expect(verifyDownload("ons_1", "evidence", exp, flipped, at)).toBe(false);
    expect(verifyDownload("ons_1", "evidence", exp, null, at)).toBe(false);
    expect(verifyDownload("ons_1", "evidence", "1e12", sig, at)).toBe(false);
  });
});
