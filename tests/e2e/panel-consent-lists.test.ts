// The panel's consent list and page as a clinic's day needs them (issue #42 item 4), through Chromium:
// consents titled by the person and the template, evidence actors by name, the documents gathered
// under "Belgeler" (each link answering its file), filters by template, language, physician and
// procedure (the last two only encrypted in the address) over pages, and the CSV export of the filtered
// list (masked identifiers, no health text, a BOM, never another tenant's rows) and the ZIP of its PDFs.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, SHOTS } from "./browser";
import { base, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";
import { call, DOCUMENT_WAIT_MS, eventually, keys } from "../api/client";
import { consentBody, createConsent, createTestTemplate, validTc } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";

const chrome = chromiumPerFile();
const code = `lists-${Date.now().toString(36)}`;

/** RFC 4180 rows: quoted fields with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += ch;
    }
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe("the panel's consent list and documents", () => {
  it("titles consents by the person and the template, names who acted, and gathers the documents under Belgeler", async () => {
    const kod = await createTestTemplate();
    const c = await createConsent(consentBody(kod, { adsoyad: "Ayşe Yılmaz", dis_ref: `TITLE-${code}` }));
    const cookie = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    type Doc = { pdf_url: string | null; evidence_url: string | null; tsr_url: string | null };
    await eventually(async () => {
      const r = await call<{ document: Doc | null; timestamp: { status: string } }>("GET", `/v1/consents/${c.id}`);
      return r.body.document && r.body.timestamp.status === "ok";
    }, DOCUMENT_WAIT_MS);

    const page = await newPage(chrome, "phone");
    await signIn(page, users.staff);
    // The list: the person and the template's title, the id smaller beneath.
    await page.goto(`${base}/panel/consents?external_ref=TITLE-${code}`);
    const item = page.getByTestId("consent-list").locator("li");
    expect(await item.count()).toBe(1);
    expect(await item.getByTestId("consent-title").innerText()).toBe("Ayşe Yılmaz — Diş Çekimi Onam Formu");
    expect(await item.getByTestId("consent-id").innerText()).toBe(c.id);
    await noHorizontalScroll(page, 360);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "panel-consent-list-titles-phone.png"), fullPage: true });

    await item.getByTestId("consent-title").click();
    await page.waitForURL(`${base}/panel/consents/${c.id}`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Ayşe Yılmaz — Diş Çekimi Onam Formu");
    expect(await page.getByTestId("consent-id").innerText()).toBe(c.id);
    // The API key that made it, by its name; never its bare id.
    const first = await page.getByTestId("evidence-record").first().innerText();
    expect(first).toContain("API anahtarı test file panel-consent-lists.test.ts");

    // Belgeler: the signed PDF, the evidence report, the time-stamp token, and Yazdır (the PDF, inline, in a new tab).
    const card = page.getByTestId("documents-card");
    await card.getByRole("heading", { name: "Belgeler" }).waitFor();
    const href = (id: string) => card.getByTestId(id).getAttribute("href");
    for (const [id, type, disposition] of [
      ["download-pdf", "application/pdf", "attachment"],
      ["download-evidence", "application/pdf", "attachment"],
      ["download-tsr", "application/timestamp-reply", "attachment"],
      ["print-link", "application/pdf", "inline"],
    ] as const) {
      const res = await page.request.get((await href(id))!);
      expect(res.status(), id).toBe(200);
      expect(res.headers()["content-type"], id).toBe(type);
      expect(res.headers()["content-disposition"], id).toMatch(new RegExp(`^${disposition};`));
    }
    // The list's ZIP of the filtered PDFs: this consent's signed document, byte for byte, named by its id.
    const zipRes = await page.request.get(`${base}/panel/consents/documents?external_ref=TITLE-${code}`);
    expect(zipRes.status()).toBe(200);
    expect(zipRes.headers()["content-type"]).toBe("application/zip");
    expect(zipRes.headers()["content-disposition"]).toMatch(/^attachment; filename="onam-belgeleri-\d{4}-\d\d-\d\d\.zip"$/);
    const entries = unzipSync(new Uint8Array(await zipRes.body()));
    expect(Object.keys(entries)).toEqual([`${c.id}.pdf`]);
    const pdf = await (await page.request.get((await href("download-pdf"))!)).body();
    expect(Buffer.from(entries[`${c.id}.pdf`]!).equals(pdf)).toBe(true);
    // Another tenant's owner asking for the same list gets none of it.
    const other = await newPage(chrome, "desktop");
    await signIn(other, users.other_owner);
    const none = await other.request.get(`${base}/panel/consents/documents?external_ref=TITLE-${code}`, { maxRedirects: 0 });
    expect(none.status()).toBe(303);
    expect(new URL(none.headers().location!).pathname).toBe("/panel/consents");

    // issue #51: an empty ZIP leaves the person in the panel, on the same list, with a message —
    // clicked as a person does (the link downloads; with nothing to zip it lands back on the list).
    const unsignedRef = `ZIPBOS-${code}`;
    await createConsent(consentBody(await createTestTemplate({ key: keys.other }), { dis_ref: unsignedRef }), { key: keys.other });
    await other.goto(`${base}/panel/consents?external_ref=${unsignedRef}`);
    await other.getByTestId("export-zip").click();
    await other.getByTestId("zip-empty").waitFor();
    expect(new URL(other.url()).pathname).toBe("/panel/consents");
    expect(new URL(other.url()).searchParams.get("external_ref")).toBe(unsignedRef);
    expect(await other.getByTestId("zip-empty").innerText()).toBe("Seçilen aralıkta indirilebilir imzalı belge yok; ZIP oluşturulmadı.");
    expect(await other.getByRole("heading", { level: 1 }).innerText()).toBe("Onamlar");
    expect(await other.getByTestId("consent-list").locator("li").count()).toBe(1);
    await other.screenshot({ path: path.join(SHOTS, "panel-consent-zip-empty-desktop.png"), fullPage: true });

    const print = card.getByRole("link", { name: "Yazdır" });
    expect(await print.getAttribute("target")).toBe("_blank");
    // The time-stamp card keeps its status only: the downloads moved to Belgeler.
    expect(await page.getByRole("link", { name: "İmzalı belge (PDF)" }).count()).toBe(1);
    await noHorizontalScroll(page, 360);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "panel-consent-documents-phone.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, "panel-consent-documents-desktop.png"), fullPage: true });
  });

  it("filters by template, language, physician and procedure, physician and procedure only encrypted in the address, over pages", async () => {
    const s = [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
    const kod = await createTestTemplate();
    const kod2 = await createTestTemplate();
    const a = await createConsent(consentBody(kod, { hekim: `Dr. Ayşe Öztürk${s}`, islem: `İmplant ${s}` }));
    const b = await createConsent(consentBody(kod, { hekim: `Dr. Mehmet Kaya${s}`, islem: `Kanal tedavisi ${s}` }));
    const c = await createConsent(consentBody(kod2, { hekim: `Dr. Ayşe Öztürk${s}`, islem: `Dolgu ${s}` }));
    const otherKod = await createTestTemplate({ key: keys.other });
    await createConsent(consentBody(otherKod, { hekim: `Dr. Ayşe Öztürk${s}` }), { key: keys.other });

    const page = await newPage(chrome, "phone");
    await signIn(page, users.staff);
    await page.goto(`${base}/panel/consents`);
    const filter = async (fields: { template?: string; language?: string; physician?: string; procedure?: string }) => {
      // "Tümü" is the first option, of value "".
      await page.getByLabel("Şablon").selectOption(fields.template ?? { index: 0 });
      await page.getByLabel("Metnin dili").selectOption(fields.language ?? { index: 0 });
      await page.getByLabel("Hekim").fill(fields.physician ?? "");
      await page.getByLabel("İşlem").fill(fields.procedure ?? "");
      const before = page.url();
      await page.getByRole("button", { name: "Filtrele" }).click();
      await page.waitForURL((u) => u.href !== before);
      // Physician and procedure travel encrypted, in the search token; the template and language as typed.
      const address = decodeURIComponent(page.url()).toLowerCase();
      expect(address).not.toContain(s);
      expect(address).not.toContain("implant");
      expect(address).not.toContain("öztürk");
      const list = page.getByTestId("consent-list");
      return (await list.isVisible()) ? (await list.getByTestId("consent-id").allInnerTexts()).sort() : [];
    };
    expect(await filter({ physician: `ozturk${s}` })).toEqual([a.id, c.id].sort());
    expect(await filter({ template: kod, physician: `ozturk${s}` })).toEqual([a.id]);
    expect(new URL(page.url()).searchParams.get("template")).toBe(kod);
    expect(await page.getByLabel("Hekim").inputValue()).toBe(`ozturk${s}`);
    expect(await filter({ procedure: `kanal TEDAVISI ${s}` })).toEqual([b.id]);
    expect(await filter({ template: kod, language: "tr", procedure: s })).toEqual([a.id, b.id].sort());
    expect(await filter({ template: kod, language: "en" })).toEqual([]);
    await page.getByText("Koşullara uyan onam yok.").waitFor();
    await noHorizontalScroll(page, 360);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "panel-consent-filters-phone.png"), fullPage: true });

    // Over pages: 21 of one physician, the second page keeps the encrypted filter.
    const many = await createTestTemplate();
    for (let i = 0; i < 21; i++) await createConsent(consentBody(many, { hekim: `Dr. Sayfa${s}` }));
    await page.reload(); // the template choice lists the new template
    expect((await filter({ template: many, physician: `sayfa${s}` })).length).toBe(20);
    await page.getByText("21 onam").waitFor();
    await page.getByRole("link", { name: "Sonraki" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    expect(new URL(page.url()).searchParams.has("s")).toBe(true);
    expect(await page.getByTestId("consent-list").getByTestId("consent-id").count()).toBe(1);

    // Bad input names the problem, never a 500.
    for (const bad of ["from=2026-02-30", "template=%3Cscript%3E", "language=xx", `to=2026-01-01&from=2026-02-01`]) {
      const res = await page.goto(`${base}/panel/consents?${bad}`);
      expect(res?.status(), bad).toBe(200);
      await page.getByRole("alert").first().waitFor();
    }
  });

  it("exports the filtered list as CSV: masked identifiers, no health text, a BOM, the tenant's own rows only", async () => {
    const s = [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
    const kod = await createTestTemplate();
    const tc = validTc();
    const mine = await createConsent(consentBody(kod, { adsoyad: `Şükran Öztürk${s}`, tc, hekim: `Dr. Ayşe${s}`, islem: `İmplant ${s}`, dis_ref: `=HYPERLINK("x")` }));
    const second = await createConsent(consentBody(kod, { hekim: `Dr. Başka${s}` }));
    const otherKod = await createTestTemplate({ key: keys.other });
    const elsewhere = await createConsent(consentBody(otherKod, { hekim: `Dr. Ayşe${s}` }), { key: keys.other });

    const page = await newPage(chrome, "desktop");
    await signIn(page, users.staff);
    await page.goto(`${base}/panel/consents?template=${kod}`);
    await page.getByLabel("Hekim").fill(`ayse${s}`);
    await page.getByRole("button", { name: "Filtrele" }).click();
    await page.waitForURL((u) => u.searchParams.has("s"));
    const href = await page.getByTestId("export-csv").getAttribute("href");
    expect(decodeURIComponent(href!).toLowerCase()).not.toContain(s);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "panel-consent-export-desktop.png"), fullPage: true });

    const res = await page.request.get(`${base}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="onamlar-\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.headers()["x-row-cap"]).toBe("10000");
    const text = (await res.body()).toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(text.slice(1));
    // issue #51: Turkish headers in a stable order (docs/panel.md), the status as its status_text.
    expect(header).toEqual(["Onam no", "Durum", "Şablon kodu", "Şablon sürümü", "Dil", "T.C. kimlik no (maskeli)", "Telefon (maskeli)", "Dış referans", "Oluşturulma", "Son geçerlilik", "İmzalanma", "Hekim onayı", "Ret", "İptal", "Geri alınma", "Zaman damgası", "Belge SHA-256", "Kişisel veriler silindi"]);
    expect(rows.map((r) => r[0])).toEqual([mine.id]);
    const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({ Durum: "Gönderildi", "Şablon kodu": kod, "Şablon sürümü": "1", Dil: "tr", "T.C. kimlik no (maskeli)": mine.patient.tc_masked, "Telefon (maskeli)": mine.patient.phone, "Dış referans": `'=HYPERLINK("x")`, "Zaman damgası": "Yok", "Kişisel veriler silindi": "Hayır" });
    expect(row["T.C. kimlik no (maskeli)"]).toMatch(/^\d{3}\*{6}\d{2}$/);
    expect(row["Telefon (maskeli)"]).toMatch(/^\+90\d{3}\*+\d{2}$/);
    // No name, national id, physician or procedure.
    expect(text.toLowerCase()).not.toContain(s);
    expect(text).not.toContain(tc);

    // Unfiltered: this tenant's rows, never another's.
    const all = (await (await page.request.get(`${base}/panel/consents/export`)).body()).toString("utf8");
    const ids = parseCsv(all.slice(1)).slice(1).map((r) => r[0]);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(elsewhere.id);

    // Another tenant's owner with acme's search token exports nothing; a visitor signed out is sent to sign in.
    const other = await newPage(chrome, "desktop");
    await signIn(other, users.other_owner);
    const foreign = await other.request.get(`${base}${href}`);
    expect(foreign.status()).toBe(422);
    expect((await foreign.text())).not.toContain(mine.id);
    const anonymous = await fetch(`${base}${href}`, { redirect: "manual" });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/\/panel\/login$/);
  });
});
