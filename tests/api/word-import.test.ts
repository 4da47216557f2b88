// POST /panel/word-import: the template editor's Word import (issue #52), a route of the panel that
// counts the file's bytes as they arrive, so that no server action's body needs more than the
// template form's (next.config.ts: 2 MB, read by Next before any action checks the session).
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./client";
import { signInPanel, type PanelClient } from "./panel-actions";
import { consentFormDocx } from "../fixtures/word-document";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const users = run.fixtures.users;
let admin: PanelClient;
let staff: PanelClient;

beforeAll(async () => {
  [admin, staff] = await Promise.all([signInPanel(users.admin.email, users.admin.password), signInPanel(users.staff.email, users.staff.password)]);
}, 60_000);

function send(body: Uint8Array, o: { name?: string; type?: string; cookie?: string; origin?: string } = {}): Promise<Response> {
  return fetch(`${run.url}/panel/word-import?name=${encodeURIComponent(o.name ?? "İmplant onam formu.docx")}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": o.type ?? DOCX, Origin: o.origin ?? run.url, ...(o.cookie === undefined ? { Cookie: admin.cookie } : o.cookie ? { Cookie: o.cookie } : {}) },
    body: new Uint8Array(body),
  });
}

describe("the Word import's route", () => {
  it("converts a .docx an admin sends: the text, what was left out, its placeholders", async () => {
    const r = await send(consentFormDocx());
    expect(r.status).toBe(200);
    const body = (await r.json()) as { html: string; dropped: { kind: string }[]; placeholders: string[] };
    expect(body.html).toContain("<h1>İmplant Tedavisi Onam Formu</h1>");
    expect(body.html).not.toContain("<img");
    expect(body.dropped.map((d) => d.kind)).toEqual(expect.arrayContaining(["images", "macros", "headers_footers"]));
    expect(body.placeholders).toEqual(["adsoyad", "dis_no", "girisim_tarihi", "hekim"]);
  });

  it("refuses another type on the file's field, and a file over 5 MB with 413 as it arrives", async () => {
    const pdf = await send(Buffer.from("%PDF-1.7\n"), { name: "onam.pdf", type: "application/pdf" });
    expect(pdf.status).toBe(422);
    expect(await pdf.json()).toMatchObject({ code: "validation_failed", errors: { dosya: [expect.stringContaining("yalnızca Word belgesi (.docx)")] } });
    const empty = await send(new Uint8Array(0));
    expect(empty.status).toBe(422);
    const big = await send(new Uint8Array(5 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.headers.get("content-type")).toContain("application/problem+json");
    expect(await big.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("answers only a signed-in admin or owner, from the panel's own pages", async () => {
    const docx = consentFormDocx();
    const none = await send(docx, { cookie: "" });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: "unauthorized" });
    expect((await send(docx, { cookie: staff.cookie })).status).toBe(403);
    const foreign = await send(docx, { origin: "https://baska.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: "forbidden" });
    expect((await fetch(`${run.url}/panel/word-import`, { headers: { Cookie: admin.cookie } })).status).toBe(405);
  });

  it("leaves no server action a body past 2 MB: the template form's six texts fit, more is a 413, never a 500", async () => {
    // As much as six texts of 256 KiB each, the largest template form there is, reaches an action.
    const fits = await admin.action("lib/actions/template-forms.ts", "measureReadabilityAction", ["<p>" + "ş".repeat(6 * 128 * 1024 - 8) + "</p>"]);
    expect(fits.status).toBe(200);
    expect(fits.result).toMatchObject({ score: expect.any(Number) });
    // More is refused before it is read, signed in or not.
    for (const cookie of [admin.cookie, ""]) {
      const over = await fetch(`${run.url}/panel/templates/new`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: run.url, "Next-Action": "0".repeat(42), "Content-Type": "text/plain;charset=UTF-8" },
        body: JSON.stringify(["x".repeat(2 * 1024 * 1024)]),
      });
      expect(over.status).toBe(413);
      expect(await over.json()).toMatchObject({ code: "payload_too_large", detail: expect.stringContaining("2 MiB") });
    }
    // A chunked body declares no length: it is refused the same way rather than read up to Next's own
    // cut-off (a plain 500 past it).
    const chunks = [new TextEncoder().encode(JSON.stringify(["x".repeat(3 * 1024 * 1024)]))];
    const chunked = await fetch(`${run.url}/panel/templates/new`, {
      method: "POST",
      headers: { Cookie: admin.cookie, Origin: run.url, "Next-Action": "0".repeat(42), "Content-Type": "text/plain;charset=UTF-8" },
      body: new ReadableStream({ pull: (c) => { const next = chunks.shift(); if (next) c.enqueue(next); else c.close(); } }),
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ code: "payload_too_large", detail: expect.stringContaining("Content-Length") });
  });
});
