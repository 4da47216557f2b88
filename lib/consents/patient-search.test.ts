import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { resetEnvForTests } from "@/lib/env";
import { nameWords, patientSearch, searchDigests } from "@/lib/consents/patient-search";

beforeAll(() => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "search-")));
  vi.stubEnv("APP_SECRET", "s".repeat(40));
  resetEnvForTests();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("nameWords", () => {
  it("folds Turkish letters and marks, so a name typed without them is found", () => {
    expect(nameWords("İpek Gülşah ÇAĞRI Özdöğer")).toEqual(["ipek", "gulsah", "cagri", "ozdoger"]);
    expect(nameWords("Ipek  gulsah")).toEqual(["ipek", "gulsah"]);
    expect(nameWords("IŞIK Yılmaz")).toEqual(["isik", "yilmaz"]);
    expect(nameWords("Renée Müller-Lüdenscheidt")).toEqual(["renee", "muller", "ludenscheidt"]);
  });

  it("keeps Arabic and Cyrillic words, drops initials, punctuation and repeats", () => {
    expect(nameWords("محمد أحمد")).toEqual(["محمد", "احمد"]);
    expect(nameWords("Анна Петрова")).toEqual(["анна", "петрова"]);
    expect(nameWords("A. Yılmaz, Yılmaz")).toEqual(["yilmaz"]);
  });
});

describe("searchDigests and patientSearch", () => {
  // After the settings above are in place (describe bodies run before beforeAll).
  let stored: string[] = [];
  beforeAll(() => {
    stored = searchDigests("tenant-a", { names: ["Ayşe Yılmaz", "Fatma Yılmaz"], phone: "+905321234567" });
  });
  const finds = (tenantId: string, text: string) => {
    const s = patientSearch(tenantId, text);
    return "searchDigests" in s && s.searchDigests.every((d) => stored.includes(d));
  };

  it("finds a consent by any whole words of the patient's or the approver's name, however typed", () => {
    expect(stored).toHaveLength(4);
    expect(finds("tenant-a", "yilmaz")).toBe(true);
    expect(finds("tenant-a", "AYŞE yılmaz")).toBe(true);
    expect(finds("tenant-a", "Fatma")).toBe(true);
    expect(finds("tenant-a", "Ayşe Demir")).toBe(false);
    expect(finds("tenant-a", "yılma")).toBe(false);
  });

  it("finds it by the phone in any common writing", () => {
    for (const phone of ["0532 123 45 67", "+90 532 123 45 67", "5321234567", "(0532) 123-45-67"]) expect(finds("tenant-a", phone), phone).toBe(true);
    expect(finds("tenant-a", "0532 123 45 68")).toBe(false);
  });

  it("keys the digests per tenant and by APP_SECRET", () => {
    expect(finds("tenant-b", "yilmaz")).toBe(false);
    expect(stored.join()).not.toContain("yilmaz");
    expect(stored.every((d) => /^[0-9a-f]{32}$/.test(d))).toBe(true);
    vi.stubEnv("APP_SECRET", "t".repeat(40));
    resetEnvForTests();
    expect(finds("tenant-a", "yilmaz")).toBe(false);
    vi.stubEnv("APP_SECRET", "s".repeat(40));
    resetEnvForTests();
    expect(finds("tenant-a", "yilmaz")).toBe(true);
  });

  it("searches a valid national id by its own digest, and refuses text with nothing to search", () => {
    expect(patientSearch("tenant-a", " 10000000146 ")).toEqual({ tcDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    for (const text of ["", "  ", "a", "a. b.", "?!"]) {
      expect(() => patientSearch("tenant-a", text), text).toThrow(AppError);
    }
    try {
      patientSearch("tenant-a", "x");
    } catch (err) {
      expect((err as AppError).errors).toEqual({ q: [expect.any(String)] });
    }
  });
});
