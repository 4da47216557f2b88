// decisions §26, in-person identity: kimlik_dogrulama is sms (the default) or yuz_yuze; a yuz_yuze
// consent sends no SMS, its link sends and takes no code, cannot be resent, and shows nothing personal
// (the kiosk flow itself, through the panel on a tablet: tests/e2e/kiosk.test.ts).
import { describe, expect, it } from "vitest";
import { call, expectProblem, run } from "./client";
import { consentBody, createConsent, createTestTemplate, eventsOf, outbox } from "./consent-helpers";
import { signaturePng, signer, tokenOf } from "./signing-helpers";

describe("kimlik_dogrulama", () => {
  it("refuses another value with 422 naming the field", async () => {
    const kod = await createTestTemplate();
    const p = expectProblem(await call("POST", "/v1/consents", { body: consentBody(kod, { kimlik_dogrulama: "kiosk" }) }), 422, "validation_failed");
    expect(Object.keys(p.errors as object)).toEqual(["kimlik_dogrulama"]);
  });

  it("yuz_yuze: no SMS, no code, no resend, and a link that shows nothing personal", async () => {
    const kod = await createTestTemplate();
    const c = await createConsent(consentBody(kod, { adsoyad: "Yüzyüze Hasta", kimlik_dogrulama: "yuz_yuze", sms_gonder: true }));
    expect(outbox().filter((l) => l.consent_id === c.id)).toEqual([]);
    const token = tokenOf(c);
    for (const step of ["otp", "verify"] as const) {
      const res = await signer<{ code: string; reason: string }>(token, step, step === "verify" ? { code: "123456" } : undefined);
      expect(res.status, step).toBe(409);
      expect(res.body).toMatchObject({ code: "invalid_state", reason: "in_person" });
    }
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true })).status).toBe(401);
    expect(expectProblem(await call("POST", `/v1/consents/${c.id}/resend`), 409, "invalid_state").reason).toBe("in_person");
    const page = await (await fetch(`${run.url}/s/${token}`)).text();
    expect(page).toContain("Bu onam kurumda imzalanır");
    expect(page).not.toContain("Yüzyüze Hasta");
    expect(page).not.toContain("*****");
    const events = (await eventsOf(c.id)).data.map((e) => e.event);
    expect(events).not.toContain("otp_gonderildi");
    expect(events).not.toContain("sms_gonderildi");
  });
});
