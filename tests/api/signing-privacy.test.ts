// decisions §15 through the real server: the signing link shows nothing personal before the code,
// the OTP caps per link and per phone, the evidence IP nobody can choose, and the page headers.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, keys, loopbackClient, run, setServerClock } from "./client";
import { consentBody, createConsent, createTestTemplate, eventsOf, testPhone, type Consent } from "./consent-helpers";
import { lastOtp, signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";

let kod: string;
beforeAll(async () => {
  kod = await createTestTemplate();
});
afterEach(async () => {
  await setServerClock(0);
});

const PERSONAL = { adsoyad: "Zeynep Gizlioğlu", hekim: "Dr. Saklı Hekimoğlu", islem: "Gizli Kanal Tedavisi", degiskenler: { dis_no: "36", not: "özel-not-7731" } };

async function page(c: Consent, cookie?: string, userAgent = "test-browser"): Promise<{ status: number; html: string; headers: Headers }> {
  const headers: Record<string, string> = { "User-Agent": userAgent };
  if (cookie) headers.Cookie = cookie;
  const res = await fetch(c.link.url, { headers, redirect: "manual" });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

function expectNothingPersonal(html: string): void {
  for (const secret of [PERSONAL.adsoyad, PERSONAL.hekim, PERSONAL.islem, "özel-not-7731", "Diş Çekimi Onam Formu", "Sayın"]) {
    expect(html, secret).not.toContain(secret);
  }
}

/** A code that is not the newest one sent. */
function wrongFor(consentId: string): string {
  return lastOtp(consentId) === "000000" ? "111111" : "000000";
}

describe("the signing page before and after the code", () => {
  it("shows the institution, that a form waits, the masked phone and the expiry; the text only after otp_dogrulandi in that browser", async () => {
    const c = await createConsent(consentBody(kod, PERSONAL));
    const before = await page(c);
    expect(before.status).toBe(200);
    expectNothingPersonal(before.html);
    expect(before.html).toContain("Acme Diş Kliniği");
    expect(before.html).toContain("+90532*****67");
    expect(before.html).toContain("Onayınızı bekleyen bir onam formu var");
    expect(before.html).toContain("Son geçerlilik");

    const cookie = await verifiedSession(tokenOf(c), c.id);
    const after = await page(c, cookie);
    for (const shown of [PERSONAL.adsoyad, PERSONAL.hekim, PERSONAL.islem, "özel-not-7731", "Diş Çekimi Onam Formu"]) expect(after.html).toContain(shown);
    // Another browser (no cookie, or someone else's) still sees nothing.
    expectNothingPersonal((await page(c)).html);
    expectNothingPersonal((await page(c, "onam_oturum=forged")).html);
  });

  it("a closed link shows its outcome and nothing personal, even to the browser that verified", async () => {
    const c = await createConsent(consentBody(kod, PERSONAL));
    const cookie = await verifiedSession(tokenOf(c), c.id);
    expect((await call("POST", `/v1/consents/${c.id}/cancel`, { body: {} })).status).toBe(200);
    const closed = await page(c, cookie);
    expect(closed.status).toBe(200);
    expect(closed.html).toContain("Bu onam iptal edildi");
    expectNothingPersonal(closed.html);

    const expired = await createConsent(consentBody(kod, { ...PERSONAL, gecerlilik_saat: 1 }));
    await setServerClock(2 * 3_600_000);
    const e = await page(expired);
    expect(e.html).toContain("Bu bağlantının süresi doldu");
    expectNothingPersonal(e.html);
  });

  it("records goruntulendi at most once per 10 minutes per browser", async () => {
    const c = await createConsent(consentBody(kod));
    const first = await page(c);
    const viewCookie = first.headers.get("set-cookie")?.split(";")[0];
    expect(viewCookie).toMatch(/^onam_goruntu=/);
    await page(c, viewCookie);
    await page(c, viewCookie);
    // The same browser after a restart of its own (the same cookie, another user agent string).
    await page(c, viewCookie, "test-browser/2");
    // A client that keeps no cookies: the same address and user agent.
    await page(c);
    const views = (await eventsOf(c.id)).data.filter((e) => e.event === "goruntulendi");
    expect(views).toHaveLength(1);
    // Another browser is another view.
    await page(c, undefined, "another-browser");
    expect((await eventsOf(c.id)).data.filter((e) => e.event === "goruntulendi")).toHaveLength(2);
    // Ten minutes later (service clock), the cookie-less client is recorded again.
    await setServerClock(10 * 60_000 + 1000);
    await page(c);
    expect((await eventsOf(c.id)).data.filter((e) => e.event === "goruntulendi")).toHaveLength(3);
  });

  it("records at most 100 views of one consent, whatever user agents a cookie-less client sends", async () => {
    const c = await createConsent(consentBody(kod));
    for (let i = 0; i < 105; i++) expect((await page(c, undefined, `scripted-client/${i}`)).status).toBe(200);
    expect((await eventsOf(c.id)).data.filter((e) => e.event === "goruntulendi")).toHaveLength(100);
    // The person still gets the page, asks for a code and signs as before.
    await verifiedSession(tokenOf(c), c.id);
  });

  it("answers an unknown link with 404 and its message in the HTML itself, readable before any script runs", async () => {
    const unknown = `${run.url}/s/${"u".repeat(40)}`;
    // A caller's own "this link is known" or "unknown" headers change nothing.
    for (const headers of [{}, { "x-eonam-not-found": "", "x-eonam-signing-token": "u".repeat(40) }] as Record<string, string>[]) {
      const res = await fetch(unknown, { headers, redirect: "manual" });
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).not.toContain('id="__next_error__"');
      expect(html).toMatch(/<h1[^>]*>Bağlantı bulunamadı<\/h1>/);
      expect(html).toMatch(/<h2[^>]*>Link not found<\/h2>/);
      // No view cookie for a link behind which there is nothing to view.
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    // Between Turkish and English, the reader's own language when the browser names one the pages speak.
    const arabic = await (await fetch(unknown, { headers: { "Accept-Language": "ar-SA,ar;q=0.9,en;q=0.8" } })).text();
    expect(arabic).toMatch(/<h1[^>]*>Bağlantı bulunamadı<\/h1>.*<section lang="ar" dir="rtl"[^>]*><h2[^>]*>الرابط غير موجود<\/h2>.*<h2[^>]*>Link not found<\/h2>/s);
    // An address that is no page at all says so, in the same way; a known link is not affected.
    const other = await fetch(`${run.url}/boyle-bir-sayfa-yok`);
    expect(other.status).toBe(404);
    expect(await other.text()).toMatch(/<h1[^>]*>Sayfa bulunamadı<\/h1>/);
    const c = await createConsent(consentBody(kod));
    const known = await fetch(c.link.url, { headers: { "x-eonam-not-found": "signing-link" } });
    expect(known.status).toBe(200);
    expect(await known.text()).not.toMatch(/<h1[^>]*>Bağlantı bulunamadı/);
  });

  it("sends the security headers on the signing page, the panel's sign-in and the public verification page", async () => {
    const c = await createConsent(consentBody(kod));
    for (const url of [c.link.url, `${run.url}/s/${"u".repeat(40)}`, `${run.url}/panel/login`, `${run.url}/dogrula`, `${run.url}/dogrula/${c.id}`]) {
      const res = await fetch(url, { redirect: "manual" });
      const html = await res.text();
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, url).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      // APP_URL is http here: no HSTS.
      expect(res.headers.get("strict-transport-security")).toBeNull();
      // Every script of the page carries this response's nonce.
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) expect(s, url).toContain(`nonce="${nonce}"`);
    }
  });
});

describe("OTP caps (decisions §15)", () => {
  it("allows 5 codes an hour and 10 in all; the 11th locks the link with link_kilitlendi", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    let offset = 0;
    for (let i = 1; i <= 5; i++) {
      expect((await signer(token, "otp")).status, `code ${i}`).toBe(200);
      offset += 61_000;
      await setServerClock(offset);
    }
    const sixth = await signer(token, "otp");
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: "rate_limited", reason: "otp_hourly", retry_after: expect.any(Number) });
    const wait = Number(sixth.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(String(sixth.body.detail)).toMatch(/saniye bekleyin/);

    offset += 3_600_000;
    for (let i = 6; i <= 10; i++) {
      await setServerClock(offset);
      expect((await signer(token, "otp")).status, `code ${i}`).toBe(200);
      offset += 61_000;
    }
    await setServerClock(offset + 3_600_000);
    const eleventh = await signer(token, "otp");
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ code: "rate_limited", reason: "link_locked" });
    expect(String(eleventh.body.detail)).toMatch(/kurumla iletişime geçin/);
    const ev = await eventsOf(c.id);
    expect(ev.data.filter((e) => e.event === "otp_gonderildi")).toHaveLength(10);
    expect(ev.data.filter((e) => e.event === "link_kilitlendi")).toHaveLength(1);
    expect(ev.data.at(-1)).toMatchObject({ event: "link_kilitlendi", actor: "signer", data: { reason: "codes" } });
    expect(ev.chain.ok).toBe(true);
    // Locked means locked: even the last code sent is no longer accepted.
    expect((await signer(token, "verify", { code: lastOtp(c.id) })).body).toMatchObject({ reason: "link_locked" });
    // Until the institution sends the link again.
    expect((await call("POST", `/v1/consents/${c.id}/resend`, { body: {} })).status).toBe(200);
    expect((await signer(token, "otp")).status).toBe(200);
    expect((await signer(token, "verify", { code: lastOtp(c.id) })).status).toBe(200);
  });

  it("locks the link at the 15th wrong entry, refuses the 16th, and a resend by the institution unlocks it", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    let offset = 0;
    let wrong = 0;
    for (let code = 1; code <= 3; code++) {
      expect((await signer(token, "otp")).status).toBe(200);
      const bad = wrongFor(c.id);
      for (let i = 0; i < 5; i++) {
        wrong++;
        const res = await signer(token, "verify", { code: bad });
        if (wrong < 15) expect(res.status, `wrong entry ${wrong}`).toBe(422);
        else expect(res.body, `wrong entry ${wrong}`).toMatchObject({ code: "rate_limited", reason: "link_locked" });
      }
      offset += 61_000;
      await setServerClock(offset);
    }
    const sixteenth = await signer(token, "verify", { code: lastOtp(c.id) });
    expect(sixteenth.status).toBe(429);
    expect(sixteenth.body).toMatchObject({ code: "rate_limited", reason: "link_locked" });
    expect((await signer(token, "otp")).body).toMatchObject({ reason: "link_locked" });
    let ev = await eventsOf(c.id);
    expect(ev.data.filter((e) => e.event === "otp_hatali")).toHaveLength(15);
    expect(ev.data.filter((e) => e.event === "link_kilitlendi")).toHaveLength(1);
    expect(ev.data.find((e) => e.event === "link_kilitlendi")).toMatchObject({ data: { reason: "wrong_entries", wrong: 15 } });
    // The page says so up front.
    expect((await page(c)).html).toContain("kurumla iletişime geçin");

    // The institution sends the link again: the counters start over.
    expect((await call("POST", `/v1/consents/${c.id}/resend`, { body: {} })).status).toBe(200);
    expect((await signer(token, "otp")).status).toBe(200);
    expect((await signer(token, "verify", { code: lastOtp(c.id) })).status).toBe(200);
    ev = await eventsOf(c.id);
    const names = ev.data.map((e) => e.event);
    expect(names.lastIndexOf("yeniden_gonderildi")).toBeGreaterThan(names.indexOf("link_kilitlendi"));
    expect(names.slice(-2)).toEqual(["otp_gonderildi", "otp_dogrulandi"]);
  });

  it("counts the caps from the consent's last turn: entries before the signature do not lock the completed consent's link", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    let offset = 0;
    // Three codes and 14 wrong entries, then the right code and the signature.
    for (let code = 1; code <= 3; code++) {
      if (code > 1) await setServerClock((offset += 61_000));
      expect((await signer(token, "otp")).status).toBe(200);
      const bad = wrongFor(c.id);
      for (let i = 0; i < (code < 3 ? 5 : 4); i++) expect((await signer(token, "verify", { code: bad })).status).toBe(422);
    }
    const verified = await signer(token, "verify", { code: lastOtp(c.id) });
    expect(verified.status).toBe(200);
    const cookie = verified.headers.get("set-cookie")!.split(";")[0]!;
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    // Completed, the link asks for a code again (to withdraw, or for a copy), and a typo does not lock it.
    await setServerClock((offset += 61_000));
    expect((await signer(token, "otp")).status).toBe(200);
    expect((await signer(token, "verify", { code: wrongFor(c.id) })).status).toBe(422);
    expect((await signer(token, "verify", { code: lastOtp(c.id) })).status).toBe(200);
    expect((await eventsOf(c.id)).data.filter((e) => e.event === "link_kilitlendi")).toEqual([]);
  });

  it("sends at most 10 OTP messages an hour to one phone number, at most 5 of them for one tenant, and two tenants leave codes for a third", async () => {
    const telefon = testPhone();
    const [kodB, kodC] = [await createTestTemplate({ key: keys.unlimited }), await createTestTemplate({ key: keys.other })];
    const a: Consent[] = [];
    const b: Consent[] = [];
    for (let i = 0; i < 6; i++) a.push(await createConsent(consentBody(kod, { telefon })));
    for (let i = 0; i < 4; i++) b.push(await createConsent(consentBody(kodB, { telefon }), { key: keys.unlimited }));
    const c = await createConsent(consentBody(kodC, { telefon }), { key: keys.other });
    for (const [i, x] of a.slice(0, 5).entries()) expect((await signer(tokenOf(x), "otp")).status, `clinic a, message ${i + 1}`).toBe(200);
    // The 6th for the same clinic is refused: its share is spent, not the phone's hour.
    const sixth = await signer(tokenOf(a[5]!), "otp");
    expect(sixth.body).toMatchObject({ code: "rate_limited", reason: "phone_hourly" });
    // So another clinic's patient still gets codes, but not the phone's last two (issue #49).
    for (const [i, x] of b.slice(0, 3).entries()) expect((await signer(tokenOf(x), "otp")).status, `clinic b, message ${i + 1}`).toBe(200);
    const reserved = await signer(tokenOf(b[3]!), "otp");
    expect(reserved.status).toBe(429);
    // Answered as a spent share: the same reason, a wait of the clinic's own hour.
    expect(reserved.body).toMatchObject({ code: "rate_limited", reason: "phone_hourly" });
    expect(Number(reserved.headers.get("retry-after"))).toBeGreaterThan(3000);
    // Two clinics together have not taken the hour from a third clinic's patient.
    expect((await signer(tokenOf(c), "otp")).status).toBe(200);
    expect((await eventsOf(c.id, { key: keys.other })).data.map((e) => e.event)).toEqual(["olusturuldu", "otp_gonderildi"]);
    // Another number is not affected.
    const elsewhere = await createConsent(consentBody(kod));
    expect((await signer(tokenOf(elsewhere), "otp")).status).toBe(200);
    // An hour later (the service clock) the phone may receive codes again.
    await setServerClock(3_600_000 + 1000);
    expect((await signer(tokenOf(a[5]!), "otp")).status).toBe(200);
  });
});

describe("the evidence IP", () => {
  it("is the socket's peer: a forged X-Forwarded-For reaches neither evidence nor the signing record", async () => {
    const c = await createConsent(consentBody(kod), { headers: { "X-Forwarded-For": "6.6.6.6" } });
    const token = tokenOf(c);
    const forged = { "X-Forwarded-For": "6.6.6.6", "X-Real-IP": "6.6.6.7", "X-Eonam-Peer": "6.6.6.8", "Content-Type": "application/json" };
    await fetch(c.link.url, { headers: forged });
    await fetch(`${run.url}/s/${token}/otp`, { method: "POST", headers: forged });
    await fetch(`${run.url}/s/${token}/verify`, { method: "POST", headers: forged, body: JSON.stringify({ code: lastOtp(c.id) }) });
    const ev = await eventsOf(c.id);
    expect(ev.data.map((e) => e.event)).toEqual(["olusturuldu", "goruntulendi", "otp_gonderildi", "otp_dogrulandi"]);
    for (const e of ev.data) expect(e.ip, e.event).toBe("127.0.0.1");
    expect(JSON.stringify(ev)).not.toMatch(/6\.6\.6\./);
  });
});

describe("the short link", () => {
  it("redirects only to its own signing link: a forged target header is ignored, with or without a trailing slash", async () => {
    const c = await createConsent(consentBody(kod));
    const code = new URL(c.link.short).pathname.split("/").pop()!;
    const forged = { "x-eonam-short-link": "https://evil.example/phish" };
    for (const path of [`/k/${code}`, `/k/${code}/`, "/k/Zz9Zz9Zz9/", `/k/${code}/x`]) {
      const res = await fetch(`${run.url}${path}`, { headers: forged, redirect: "manual" });
      const location = res.headers.get("location") ?? "";
      expect(location, path).not.toContain("evil.example");
      if (location && res.status === 302) expect(location, path).toBe(c.link.url);
    }
  });
});

describe("limits per address", () => {
  it("limits the short-link resolver to 60 requests a minute per address", async () => {
    const c = await createConsent(consentBody(kod));
    const code = new URL(c.link.short).pathname.split("/").pop()!;
    const from = loopbackClient("127.0.0.40");
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await from("GET", `/k/${i % 2 ? code : "Zz9Zz9Zz9"}`)).status);
    expect(new Set(statuses)).toEqual(new Set([302, 404]));
    const refused = await from("GET", `/k/${code}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers.location).toBeUndefined();
    // Another address is unaffected.
    expect((await loopbackClient("127.0.0.41")("GET", `/k/${code}`)).status).toBe(302);
  });

  it("limits the built-in /tsa to 60 requests a minute per address", async () => {
    const from = loopbackClient("127.0.0.42");
    const headers = { "Content-Type": "application/timestamp-query" };
    for (let i = 0; i < 60; i++) expect((await from("POST", "/tsa", "not a query", headers)).status).toBeLessThan(429);
    const refused = await from("POST", "/tsa", "not a query", headers);
    expect(refused.status).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/problem\+json/);
    expect(JSON.parse(refused.text)).toMatchObject({ code: "rate_limited" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await loopbackClient("127.0.0.43")("POST", "/tsa", "not a query", headers)).status).toBeLessThan(429);
  });
});
