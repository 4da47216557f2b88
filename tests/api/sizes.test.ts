// decisions §15 sizes: a variable value at most 10 000 characters, a template body at most 256 KiB,
// a rendered text at most 512 KiB; beyond that 422 validation_failed naming the field, nothing created.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem } from "./client";
import { consentBody, createTestTemplate, uniq } from "./consent-helpers";

let kod: string;
beforeAll(async () => {
  kod = await createTestTemplate();
});

async function consentsWithRef(ref: string): Promise<number> {
  const res = await call<{ count: number }>("GET", `/v1/consents?external_ref=${encodeURIComponent(ref)}`);
  expect(res.status).toBe(200);
  return res.body.count;
}

describe("sizes", () => {
  it("takes a variable value of 10 000 characters and refuses 10 001, naming the variable", async () => {
    const ok = uniq("ref");
    const fits = await call("POST", "/v1/consents", { body: consentBody(kod, { dis_ref: ok, degiskenler: { dis_no: "36", not: "ç".repeat(10_000) } }) });
    expect(fits.status, fits.text).toBe(201);

    const ref = uniq("ref");
    const res = await call("POST", "/v1/consents", { body: consentBody(kod, { dis_ref: ref, degiskenler: { dis_no: "36", not: "ç".repeat(10_001) } }) });
    const p = expectProblem(res, 422, "validation_failed");
    expect(p.errors).toEqual({ "degiskenler.not": [expect.stringContaining("10000")] });
    expect(await consentsWithRef(ref)).toBe(0);
  });

  it("refuses a template body over 256 KiB, naming govde, and creates no template", async () => {
    const code = uniq("buyuk");
    const govde = `<p>${"a".repeat(256 * 1024)}</p>`;
    const res = await call("POST", "/v1/templates", { body: { kod: code, baslik: "Büyük", govde, yayimla: true } });
    const p = expectProblem(res, 422, "validation_failed");
    expect(Object.keys(p.errors as object)).toEqual(["govde"]);
    expect((await call("GET", `/v1/templates/${code}`)).status).toBe(404);
    // Just under the limit is fine.
    const fits = await call("POST", "/v1/templates", { body: { kod: uniq("sinirda"), baslik: "Sınırda", govde: `<p>${"a".repeat(256 * 1024 - 100)}</p>`, yayimla: true } });
    expect(fits.status, fits.text.slice(0, 300)).toBe(201);
  });

  it("refuses a request whose rendered text would pass 512 KiB, before building it, and creates nothing", async () => {
    const code = uniq("tekrar");
    const govde = "<p>{not}</p>".repeat(2_000);
    const t = await call("POST", "/v1/templates", {
      body: { kod: code, baslik: "Tekrar", govde, yayimla: true, degiskenler: [{ ad: "not", tip: "metin", zorunlu: false }] },
    });
    expect(t.status, t.text.slice(0, 300)).toBe(201);
    const ref = uniq("ref");
    // A 10 KB request that would have rendered 20 MB.
    const started = Date.now();
    const res = await call("POST", "/v1/consents", { body: consentBody(code, { dis_ref: ref, degiskenler: { not: "x".repeat(10_000) } }) });
    const p = expectProblem(res, 422, "validation_failed");
    expect(Object.keys(p.errors as object)).toEqual(["degiskenler"]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await consentsWithRef(ref)).toBe(0);
    // Shorter values fit.
    const fits = await call("POST", "/v1/consents", { body: consentBody(code, { degiskenler: { not: "x".repeat(100) } }) });
    expect(fits.status, fits.text.slice(0, 300)).toBe(201);
  });
});
