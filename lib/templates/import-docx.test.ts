// A Word form written here (tests/fixtures/word-document.ts), converted by the real mammoth and the
// template sanitizer: structure kept, pictures, macros and the header dropped and named, placeholders found.
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { consentFormDocx } from "../../tests/fixtures/word-document";
import { importDocx, MAX_DOCX_BYTES } from "./import-docx";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

async function refusal(file: { name: string; type: string; bytes: Uint8Array }): Promise<Record<string, string[]> | undefined> {
  try {
    await importDocx(file);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("validation_failed");
    return (err as AppError).errors;
  }
  throw new Error("accepted");
}

describe("importDocx", () => {
  it("keeps headings, lists, a table, bold and italic, finds the placeholders and names what it dropped", async () => {
    const r = await importDocx({ name: "İmplant onam.docx", type: DOCX, bytes: consentFormDocx() });
    expect(r.html).toContain("<h1>İmplant Tedavisi Onam Formu</h1>");
    expect(r.html).toContain("<h2>Olası riskler</h2>");
    expect(r.html).toContain("<p>Sayın <strong>{adsoyad}</strong>, bu form <em>dikkatle</em> okunmalıdır.</p>");
    expect(r.html).toContain("<ul><li>Ağrı ve şişlik</li><li>Enfeksiyon</li><li>Sinir hasarı ve uyuşukluk</li></ul>");
    expect(r.html).toContain("<ol><li>Muayene ve görüntüleme</li><li>İmplantın yerleştirilmesi</li></ol>");
    expect(r.html).toMatch(/<table><thead><tr><th><p><strong>Aşama<\/strong><\/p><\/th><th><p><strong>Süre<\/strong><\/p><\/th><\/tr><\/thead><tbody><tr><td><p>İyileşme<\/p><\/td><td><p>3 ay<\/p><\/td><\/tr><\/tbody><\/table>/);
    // The page's later parts are there too (the form runs over three pages).
    expect(r.html).toContain("<h2>Onay</h2><p>Hekim: {hekim}. Bu formu okudum ve anladım.</p>");
    expect(r.html).not.toMatch(/<img|src=|Örnek Klinik — gizli/);
    // A placeholder Word split over two runs is whole again.
    expect(r.placeholders).toEqual(["adsoyad", "dis_no", "girisim_tarihi", "hekim"]);
    expect(r.dropped).toEqual([{ kind: "images", count: 1 }, { kind: "macros" }, { kind: "headers_footers" }]);
    expect(r.readability?.words).toBeGreaterThan(400);
    expect(r.readability?.score).toBeGreaterThan(0);
  });

  it("refuses other types, empty, oversized and broken files on `dosya`", async () => {
    const bytes = consentFormDocx();
    expect(await refusal({ name: "form.pdf", type: "application/pdf", bytes })).toEqual({ dosya: [expect.stringContaining("yalnızca Word belgesi (.docx)")] });
    expect(await refusal({ name: "form.doc", type: "application/msword", bytes })).toEqual({ dosya: [expect.stringContaining(".docx")] });
    expect(await refusal({ name: "form.docx", type: "text/html", bytes })).toEqual({ dosya: [expect.stringContaining(".docx")] });
    expect(await refusal({ name: "form.docx", type: DOCX, bytes: new Uint8Array() })).toEqual({ dosya: ["dosya boş"] });
    expect(await refusal({ name: "form.docx", type: DOCX, bytes: new Uint8Array(MAX_DOCX_BYTES + 1) })).toEqual({ dosya: ["dosya en çok 5 MB olabilir"] });
    expect(await refusal({ name: "form.docx", type: DOCX, bytes: strToU8("<html>not a zip</html>") })).toEqual({ dosya: [expect.stringContaining("geçerli bir .docx")] });
    // A zip without a Word document in it.
    expect(await refusal({ name: "form.docx", type: DOCX, bytes: zipSync({ "a.txt": strToU8("x") }) })).toEqual({ dosya: [expect.stringContaining("belgenin metni bulunamadı")] });
  });

  it("refuses a zip bomb from its declared sizes, before unpacking it", async () => {
    // 30 MB of one letter compresses to a few hundred KB: declared as such, it is refused unread.
    const bomb = zipSync({ "word/document.xml": new Uint8Array(30 * 1024 * 1024).fill(65), "[Content_Types].xml": strToU8("<Types/>") }, { level: 1 });
    expect(bomb.byteLength).toBeLessThan(MAX_DOCX_BYTES);
    expect(await refusal({ name: "bomb.docx", type: DOCX, bytes: bomb })).toEqual({ dosya: [expect.stringContaining("çok büyük")] });
  });
});
