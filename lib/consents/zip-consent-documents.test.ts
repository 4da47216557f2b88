// The ZIP's stream and caps with the database and storage stubbed: documents named by id, an
// unreadable one left out and named in BENIOKU.txt, the document cap said inside the archive.
import { describe, expect, it, vi } from "vitest";
import { unzipSync, strFromU8 } from "fflate";

const refs = vi.hoisted(() => ({ list: [] as { id: string; documentKey: string; documentSha256: string }[] }));
vi.mock("@/lib/consents/panel-consent-filter", () => ({ panelConsentFilter: async () => ({ filter: {}, query: {}, scanCapped: false }) }));
vi.mock("@/lib/db/consent-documents", () => ({ consentDocumentRefs: async (_t: string, _f: unknown, limit: number) => refs.list.slice(0, limit) }));
vi.mock("@/lib/documents/read-stored-document", () => ({
  readStoredDocument: async (id: string) => {
    if (id === "ons_broken") throw new Error("integrity");
    return id === "ons_missing" ? null : Buffer.from(`%PDF-1.7 ${id}`);
  },
}));

const { zipConsentDocuments, MAX_DOCUMENTS } = await import("@/lib/consents/zip-consent-documents");

async function entries(stream: ReadableStream<Uint8Array>): Promise<Record<string, string>> {
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([k, v]) => [k, strFromU8(v)]));
}

const ref = (id: string) => ({ id, documentKey: `k/${id}`, documentSha256: "x" });

describe("the ZIP of the filtered list's documents", () => {
  it("holds each readable document under its consent id, and names the ones left out", async () => {
    refs.list = ["ons_a", "ons_broken", "ons_missing", "ons_b"].map(ref);
    const zip = await zipConsentDocuments("ten_a", {});
    expect(zip.matched).toBe(4);
    const files = await entries(zip.stream);
    expect(Object.keys(files).sort()).toEqual(["BENIOKU.txt", "ons_a.pdf", "ons_b.pdf"]);
    expect(files["ons_a.pdf"]).toBe("%PDF-1.7 ons_a");
    expect(files["BENIOKU.txt"]).toContain("ons_broken: belge okunamadı");
    expect(files["BENIOKU.txt"]).toContain("ons_missing: belge okunamadı");
  });

  it("stops at the document cap and says so inside", async () => {
    refs.list = Array.from({ length: MAX_DOCUMENTS + 5 }, (_, i) => ref(`ons_${i}`));
    const zip = await zipConsentDocuments("ten_a", {});
    expect(zip.matched).toBe(MAX_DOCUMENTS + 1);
    const files = await entries(zip.stream);
    expect(Object.keys(files).filter((k) => k.endsWith(".pdf"))).toHaveLength(MAX_DOCUMENTS);
    expect(files["BENIOKU.txt"]).toContain(`en yeni ${MAX_DOCUMENTS} belgesi`);
  });

  it("writes no BENIOKU.txt when everything fitted", async () => {
    refs.list = [ref("ons_only")];
    expect(Object.keys(await entries((await zipConsentDocuments("ten_a", {})).stream))).toEqual(["ons_only.pdf"]);
  });
});
