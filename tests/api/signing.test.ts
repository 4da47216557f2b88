// The patient's signing endpoints: OTP rules, signing and declining, the race, documents and downloads.
import { createHash, randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, eventually, expectProblem, run, setServerClock } from "./client";
import { consentBody, createConsent, createTestTemplate, e164, eventsOf, outbox, quotaOf, type Consent } from "./consent-helpers";
import { blankSignature, lastOtp, pngDataUrl, signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { pdfPages, squash } from "@/tests/fixtures/pdf-text";
import { pngOf } from "@/tests/fixtures/png";

let kod: string;
beforeAll(async () => {
  kod = await createTestTemplate();
});
afterEach(async () => {
  await setServerClock(0);
});

type Doc = { sha256: string; pdf_url: string; evidence_url: string; tsr_url: string; verify_url: string };

describe("OTP", () => {
  it("sends a 6-digit code by SMS to the consent's phone, free of quota, recording otp_gonderildi", async () => {
    const body = consentBody(kod);
    const c = await createConsent(body);
    const before = await quotaOf();
    const res = await signer(tokenOf(c), "otp");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ phone: "+90532*****67", expires_in: 300, retry_after: 60 });
    const line = outbox().filter((l) => l.kind === "otp" && l.consent_id === c.id);
    expect(line).toHaveLength(1);
    expect(line[0]!.to).toBe(e164(body.telefon));
    expect(lastOtp(c.id)).toMatch(/^\d{6}$/);
    expect(await quotaOf()).toBe(before);
    const ev = await eventsOf(c.id);
    expect(ev.data.at(-1)).toMatchObject({ event: "otp_gonderildi", actor: "signer", user_agent: expect.stringContaining("test-phone") });
  });

  it("allows a new code at most every 60 seconds", async () => {
    const c = await createConsent(consentBody(kod));
    expect((await signer(tokenOf(c), "otp")).status).toBe(200);
    const again = await signer(tokenOf(c), "otp");
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: "rate_limited", retry_after: expect.any(Number) });
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    await setServerClock(61_000);
    expect((await signer(tokenOf(c), "otp")).status).toBe(200);
  });

  it("locks the code after 5 wrong entries, even for the right code, until a new one is sent", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    await signer(token, "otp");
    const right = lastOtp(c.id);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 0; left--) {
      const res = await signer(token, "verify", { code: wrong });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "validation_failed", attempts_left: left });
    }
    const locked = await signer(token, "verify", { code: right });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ code: "invalid_state", reason: "otp_locked" });
    const ev = await eventsOf(c.id);
    expect(ev.data.filter((e) => e.event === "otp_hatali")).toHaveLength(5);
    await setServerClock(61_000);
    await signer(token, "otp");
    // As the message groups it, pasted with a space or a dash: the same code, not a wrong entry.
    const fresh = lastOtp(c.id);
    expect((await signer(token, "verify", { code: `${fresh.slice(0, 3)}-${fresh.slice(3)} ` })).status).toBe(200);
  });

  it("expires a code after 5 minutes", async () => {
    const c = await createConsent(consentBody(kod));
    await signer(tokenOf(c), "otp");
    await setServerClock(5 * 60_000 + 1000);
    const res = await signer(tokenOf(c), "verify", { code: lastOtp(c.id) });
    expect(res.body).toMatchObject({ code: "invalid_state", reason: "otp_expired" });
  });

  it("stores no code in the clear", async () => {
    const c = await createConsent(consentBody(kod));
    await signer(tokenOf(c), "otp");
    const ev = await eventsOf(c.id);
    expect(JSON.stringify(ev)).not.toContain(lastOtp(c.id));
  });

  it("goes through the same pipeline as /v1: an incoming X-Request-Id echoed, RateLimit headers, no caching", async () => {
    const c = await createConsent(consentBody(kod));
    const res = await fetch(`${run.url}/s/${tokenOf(c)}/otp`, { method: "POST", headers: { "X-Request-Id": "phone-trace-1" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("phone-trace-1");
    expect(res.headers.get("ratelimit-limit")).toBe("60");
    expect(Number(res.headers.get("ratelimit-remaining"))).toBe(59);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers a method an endpoint lacks with 405 problem+json naming the ones it has", async () => {
    const c = await createConsent(consentBody(kod));
    for (const [method, step, allow] of [
      ["GET", "otp", "POST"],
      ["PUT", "sign", "POST"],
      ["DELETE", "verify", "POST"],
      ["PATCH", "decline", "POST"],
      ["GET", "withdraw", "POST"],
      ["POST", "document", "GET"],
    ] as const) {
      const res = await call(method, `/s/${tokenOf(c)}/${step}`, { key: null });
      expectProblem(res, 405, "method_not_allowed");
      expect(res.headers.get("allow"), `${method} ${step}`).toBe(allow);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const options = await call("OPTIONS", `/s/${tokenOf(c)}/sign`, { key: null });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("POST");
    // Nothing happened to the consent: no code was sent, nothing recorded beyond its creation.
    expect((await eventsOf(c.id)).data.map((e) => e.event)).toEqual(["olusturuldu"]);
  });

  it("answers 404 for an unknown token and refuses a code before one was requested", async () => {
    expect((await signer("x".repeat(43), "otp")).status).toBe(404);
    const c = await createConsent(consentBody(kod));
    expect((await signer(tokenOf(c), "verify", { code: "123456" })).body).toMatchObject({ reason: "otp_missing" });
  });
});

describe("signing", () => {
  it("needs a verified code from this browser, both ticks and a drawn signature", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const signature = await signaturePng();
    const noSession = await signer(token, "sign", { signature, read: true, understood: true });
    expect(noSession.status).toBe(401);
    expect(noSession.body).toMatchObject({ code: "unauthorized", reason: "otp_required" });
    // Not a Basic challenge: that would make a browser hold the page's request behind a sign-in prompt.
    expect(noSession.headers.get("www-authenticate")).toBe('OTP realm="signing"');
    expect((await signer(token, "decline", {})).status).toBe(401);
    // No pixels are decoded for a stranger holding the link: an empty pad, a bomb header, garbage all
    // meet the missing session first (they used to be inflated before it was looked at).
    const bombHeader = pngDataUrl(pngOf(11_000, 11_000, Buffer.alloc(11_000 * 4 + 1)));
    for (const image of [blankSignature(), bombHeader]) {
      const stranger = await signer(token, "sign", { signature: image, read: true, understood: true });
      expect(stranger.status).toBe(401);
      expect(stranger.body).toMatchObject({ code: "unauthorized", reason: "otp_required" });
    }
    const cookie = await verifiedSession(token, c.id);
    expect((await signer(token, "sign", { signature, read: true, understood: true }, "onam_oturum=forged")).status).toBe(401);
    const ticks = await signer(token, "sign", { signature, read: true, understood: false }, cookie);
    expect(ticks.status).toBe(422);
    const empty = await signer(token, "sign", { signature: blankSignature(), read: true, understood: true }, cookie);
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ code: "validation_failed", errors: { signature: ["imza boş"] } });
    expect((await signer(token, "sign", { signature: "data:image/jpeg;base64,AAAA", read: true, understood: true }, cookie)).status).toBe(422);
    // Not a PNG behind the PNG signature bytes, and a header claiming 11 000 × 11 000 pixels (one such
    // file of 470 KB took the renderer to 2.4 GB): refused before anything is kept.
    const garbage = pngDataUrl(Buffer.concat([pngOf(300, 100, Buffer.alloc(0)).subarray(0, 8), randomBytes(2000)]));
    const bomb = pngDataUrl(pngOf(11_000, 11_000, Buffer.alloc(11_000 * 4 + 1)));
    for (const bad of [garbage, bomb]) {
      const refused = await signer(token, "sign", { signature: bad, read: true, understood: true }, cookie);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: "validation_failed", errors: { signature: ["imza bir PNG görüntüsü olmalı"] } });
    }
    expect((await call<Consent>("GET", `/v1/consents/${c.id}`)).body.status).toBe("sent");
  });

  it("completes the consent, produces the document once and serves it through signed links", async () => {
    const c = await createConsent(consentBody(kod, { tc: "10000000146", hekim: "Dr. Şule Işık" }));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    // The signature answers before its document exists (issue #46); read at once, as an integrator
    // would on the patient's "done", the consent is `completed` only with its document (decisions §5).
    const res = await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, run.url, { waitForDocument: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "completed", signed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });

    // Listed as completed only with its document, too (an integrator polling ?status=completed keeps what it finds).
    const listed = await call<{ data: (Consent & { document: Doc | null })[] }>("GET", "/v1/consents?status=completed&limit=200");
    const listedNow = listed.body.data.find((x) => x.id === c.id);
    expect(listedNow === undefined || listedNow.document !== null, "listed as completed without its document").toBe(true);
    const read = await call<Consent & { document: Doc; signed_at: string; timestamp: { status: string } }>("GET", `/v1/consents/${c.id}`);
    expect(read.body).toMatchObject({ status: "completed", status_text: "Tamamlandı", signed_at: res.body.signed_at });
    const doc = read.body.document;
    expect(doc).toEqual({
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      pdf_url: expect.stringMatching(/\/d\/ons_[a-z0-9_]+\/pdf\?exp=\d+&sig=/),
      evidence_url: expect.stringMatching(/\/evidence\?/),
      tsr_url: expect.stringMatching(/\/tsr\?/),
      verify_url: expect.stringMatching(new RegExp(`/dogrula/${c.id}$`)),
    });
    const download = await fetch(doc.pdf_url);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    const pdf = Buffer.from(await download.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(createHash("sha256").update(pdf).digest("hex")).toBe(doc.sha256);

    // The first timestamp attempt follows the document on its own; wait for it so the chain is final.
    const ev = await eventually(async () => {
      const e = await eventsOf(c.id);
      return e.data.at(-1)?.event === "zaman_damgasi_alindi" ? e : null;
    });
    expect(ev.chain.ok).toBe(true);
    expect(ev.data.map((e) => e.event)).toEqual(["olusturuldu", "otp_gonderildi", "otp_dogrulandi", "imzalandi", "belge_olusturuldu", "zaman_damgasi_alindi"]);
    expect(ev.data[3]!.data).toMatchObject({ method: "drawn", otp_phone: "+90532*****67", read: true, understood: true, signature_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(ev.data[4]!.data).toEqual({ sha256: doc.sha256 });

    const evidence = await (await fetch(`${doc.evidence_url}&format=json`)).json();
    expect(evidence).toMatchObject({ consent_id: c.id, document: { sha256: doc.sha256 }, chain: { ok: true, count: 6 } });
    expect(evidence.events).toEqual(ev.data);
    const evidencePdf = await fetch(doc.evidence_url);
    expect(evidencePdf.headers.get("content-type")).toBe("application/pdf");

    expect((await call<{ data: Consent[] }>("GET", "/v1/consents?status=completed&limit=200")).body.data.map((x) => x.id)).toContain(c.id);
    // Fresh links on every read, the same digest.
    const again = await call<{ document: Doc }>("GET", `/v1/consents/${c.id}`);
    expect(again.body.document.sha256).toBe(doc.sha256);
    // Further actions on the closed consent are refused (a new code stays possible: it leads only to withdrawal, decisions §18).
    expect((await signer(token, "decline", {}, cookie)).body).toMatchObject({ code: "invalid_state", reason: "closed" });
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).body).toMatchObject({ code: "invalid_state", reason: "closed" });
    expectProblem(await call("POST", `/v1/consents/${c.id}/cancel`), 409, "invalid_state");
  });

  it("takes a typed name instead of a drawing (decisions §23): imzalandi says typed, the PDF prints it marked 'yazılarak imzalandı'", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    const signWith = (extra: Record<string, unknown>) => signer(token, "sign", { read: true, understood: true, ...extra }, cookie, run.url, { waitForDocument: false });
    // Exactly one of the two, a name that is not empty once trimmed, at most 200 characters, printable.
    const refusals: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ typed_name: "" }, { typed_name: ["zorunlu"] }],
      [{ typed_name: " \t " }, { typed_name: ["zorunlu"] }],
      [{ typed_name: "a".repeat(201) }, { typed_name: ["en fazla 200 karakter olmalı"] }],
      [{ typed_name: "Ayşe\nYılmaz" }, { typed_name: ["kontrol karakteri içeremez"] }],
      [{ typed_name: 42 }, { typed_name: [expect.any(String)] }],
      [{ typed_name: "Ayşe Yılmaz", signature: await signaturePng() }, { typed_name: ["imza ile yazılan ad birlikte verilemez"] }],
      [{}, { signature: ["imza gerekli"] }],
    ];
    for (const [extra, errors] of refusals) {
      const res = await signWith(extra);
      expect(res.status, JSON.stringify(extra).slice(0, 60)).toBe(422);
      expect(res.body).toMatchObject({ code: "validation_failed", errors });
    }
    expect((await call<Consent>("GET", `/v1/consents/${c.id}`)).body.status).toBe("sent");

    // The name is the person's input: trimmed, kept as text, never markup.
    const name = "Ayşe <b>Yılmaz</b> & Oğlu";
    const res = await signWith({ typed_name: `  ${name} ` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "completed" });
    // Read at once: the document's own record is moments away, and the read answers with it.
    const ev = await eventsOf(c.id);
    expect(ev.data.map((e) => e.event)).toContain("belge_olusturuldu");
    const signed = ev.data.find((e) => e.event === "imzalandi")!;
    expect(signed.data).toEqual({
      method: "typed",
      signature_sha256: createHash("sha256").update(name).digest("hex"),
      otp_phone: "+90532*****67",
      read: true,
      understood: true,
    });
    const doc = (await call<{ document: Doc }>("GET", `/v1/consents/${c.id}`)).body.document;
    const text = squash(pdfPages(Buffer.from(await (await fetch(doc.pdf_url)).arrayBuffer())).join("\n"));
    // The person's block (the name, marked typed) beside the physician's (decisions §25): read in columns.
    expect(text).toContain(name);
    expect(text).toMatch(new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?: [^.]{0,80})? yazılarak imzalandı`));
  });

  it("refuses altered and expired download links with 403", async () => {
    const c = await createConsent(consentBody(kod));
    const cookie = await verifiedSession(tokenOf(c), c.id);
    await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie);
    const doc = (await call<{ document: Doc }>("GET", `/v1/consents/${c.id}`)).body.document;
    const u = new URL(doc.pdf_url);
    const sig = u.searchParams.get("sig")!;
    const altered = [
      doc.pdf_url.replace(/sig=[^&]+/, `sig=${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`),
      doc.pdf_url.replace(/exp=\d+/, `exp=${Number(u.searchParams.get("exp")) + 3600}`),
      doc.pdf_url.replace("/pdf?", "/evidence?"),
      doc.pdf_url.replace(/sig=[^&]+/, ""),
    ];
    for (const url of altered) {
      const res = await fetch(url);
      expect(res.status, url).toBe(403);
      expect(res.headers.get("content-type")).toMatch(/problem\+json/);
    }
    await setServerClock(24 * 3_600_000 + 60_000);
    expect((await fetch(doc.pdf_url)).status).toBe(403);
    const fresh = (await call<{ document: Doc }>("GET", `/v1/consents/${c.id}`)).body.document;
    expect((await fetch(fresh.pdf_url)).status).toBe(200);
  });

  it("gives the person who signed their own copy of the PDF, only in the browser session that verified the code", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const other = await createConsent(consentBody(kod));
    const otherCookie = await verifiedSession(tokenOf(other), other.id);
    const cookie = await verifiedSession(token, c.id);
    const download = (session?: string) => fetch(`${run.url}/s/${token}/document`, { headers: session ? { Cookie: session } : {} });
    // Nothing signed yet: nothing to download, even with the code verified.
    const early = await download(cookie);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: "invalid_state", reason: "not_signed" });
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    const res = await download(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${c.id}.pdf"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await res.arrayBuffer());
    const doc = (await call<{ document: Doc }>("GET", `/v1/consents/${c.id}`)).body.document;
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(doc.sha256);
    // A forwarded link without the code, or another consent's session, gets nothing personal.
    for (const session of [undefined, otherCookie, "onam_oturum=forged"]) {
      const refused = await download(session);
      expect(refused.status, String(session)).toBe(401);
      expect(await refused.json()).toMatchObject({ code: "unauthorized", reason: "otp_required" });
    }
    // The session ends 30 minutes after its code, and the copy with it.
    await setServerClock(31 * 60_000);
    expect((await download(cookie)).status).toBe(401);
  });

  it("gives twenty concurrent submits exactly one signature and one document; the others are 409", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    const signature = await signaturePng();
    const results = await Promise.all(Array.from({ length: 20 }, () => signer(token, "sign", { signature, read: true, understood: true }, cookie)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === "invalid_state")).toHaveLength(19);
    const ev = await eventsOf(c.id);
    expect(ev.data.filter((e) => e.event === "imzalandi")).toHaveLength(1);
    expect(ev.data.filter((e) => e.event === "belge_olusturuldu")).toHaveLength(1);
    expect(ev.chain.ok).toBe(true);
  });

  it("answers any further sign or decline of a signed consent with 409, before looking at the body", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    const body = { signature: await signaturePng(), read: true, understood: true };
    expect((await signer(token, "sign", body, cookie)).status).toBe(200);
    for (const [step, b, session] of [
      ["sign", body, cookie],
      ["sign", body, undefined],
      ["sign", { signature: "not a png" }, cookie],
      ["decline", { reason: 42 }, undefined],
    ] as const) {
      const res = await signer(token, step, b, session);
      expect(res.status, `${step} ${JSON.stringify(b).slice(0, 40)}`).toBe(409);
      expect(res.body).toMatchObject({ code: "invalid_state", reason: "closed" });
    }
  });
});

describe("declining", () => {
  it("rejects with an optional reason after a verified code, and the consent object says so", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    const res = await signer(token, "decline", { reason: "Başka bir hastanede olacağım" }, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "rejected" });
    const read = await call<Consent>("GET", `/v1/consents/${c.id}`);
    expect(read.body).toMatchObject({ status: "rejected", status_text: "Reddedildi", reject_reason: "Başka bir hastanede olacağım", document: null });
    expect(read.body.rejected_at).toMatch(/^\d{4}-/);
    const ev = await eventsOf(c.id);
    expect(ev.data.at(-1)).toMatchObject({ event: "reddedildi", actor: "signer", data: { reason: "Başka bir hastanede olacağım" } });
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(409);
  });

  it("keeps a reason with a lone UTF-16 surrogate, as U+FFFD, instead of failing", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    const res = await fetch(`${run.url}/s/${token}/decline`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: '{"reason":"x \\ud800 y"}',
    });
    expect(res.status).toBe(200);
    expect((await call<Consent>("GET", `/v1/consents/${c.id}`)).body.reject_reason).toBe("x \ufffd y");
    expect((await eventsOf(c.id)).chain.ok).toBe(true);
  });

  it("cannot decline or sign an expired consent", async () => {
    const c = await createConsent(consentBody(kod, { gecerlilik_saat: 1 }));
    const cookie = await verifiedSession(tokenOf(c), c.id);
    await setServerClock(2 * 3_600_000);
    expect((await signer(tokenOf(c), "decline", {}, cookie)).body).toMatchObject({ code: "invalid_state", reason: "closed" });
  });
});
