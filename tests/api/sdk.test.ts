// The TypeScript SDK (sdk/, decisions §21) driving the real server: create a template and a consent,
// read, list, the person signs, download the document (through the FHIR DocumentReference) and
// verify it; errors arrive as typed problem+json. Its webhook helper agrees with the service's
// signer, for secrets of either form (real deliveries: tests/api/webhooks.test.ts).
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { defaultKey, DOCUMENT_WAIT_MS, eventually, run } from "./client";
import { testPhone, uniq, type Consent as HelperConsent } from "./consent-helpers";
import { fhirId, personSigns, systemsOf } from "./fhir-helpers";
import {
  createConsent,
  createEonamClient,
  createTemplate,
  fhirReadDocumentReference,
  fhirSearchConsents,
  getConsent,
  listConsents,
  standardSecret,
  verifyDocument,
  verifyWebhook,
  WebhookVerificationError,
  type Consent,
} from "../../sdk/src/index";
import { newSigningSecret } from "@/lib/webhooks/set-webhook-endpoint";
import { signatureHeader, standardSignatureHeader, standardWebhooksSecret } from "@/lib/webhooks/sign-webhook";

describe("the SDK against the real server", { timeout: 180_000 }, () => {
  it("creates a template and a consent, reads, lists, downloads the signed document and verifies it", async () => {
    const key = defaultKey();
    const client = createEonamClient({ baseUrl: `${run.url}/`, keyId: key.id, secret: key.secret });
    const kod = uniq("sdk");
    const template = await createTemplate({ client, body: { kod, baslik: "SDK ile onam", govde: "<p>{adsoyad} için {islem} yapılacaktır.</p>", yayimla: true }, throwOnError: true });
    expect(template.response.status).toBe(201);
    expect(template.data).toMatchObject({ code: kod, version: 1 });

    const patient = uniq("H");
    const body = { sablon_kod: kod, adsoyad: "Ayşe Yılmaz", telefon: testPhone(), islem: "Diş çekimi", sms_gonder: false, dis_hasta_id: patient };
    const created = await createConsent({ client, body, headers: { "Idempotency-Key": uniq("sdk") }, throwOnError: true });
    expect(created.response.status).toBe(201);
    const consent: Consent = created.data;
    expect(consent.status).toBe("sent");

    expect((await getConsent({ client, path: { id: consent.id }, throwOnError: true })).data).toEqual(consent);
    const list = await listConsents({ client, query: { external_patient_id: patient, limit: 10 }, throwOnError: true });
    expect(list.data.count).toBe(1);
    expect(list.data.data.map((c) => c.id)).toEqual([consent.id]);

    // The person signs in the browser, as people do; the SDK is the institution's side.
    await personSigns(consent as unknown as HelperConsent);
    const signed = await eventually(async () => {
      const { data } = await getConsent({ client, path: { id: consent.id } });
      return data?.document ? data : null;
    }, DOCUMENT_WAIT_MS);
    expect(signed.status).toBe("completed");

    // The FHIR view of the same consent, and its document, through the same client.
    const search = await fhirSearchConsents({ client, query: { identifier: `${systemsOf(run.url).patient}|${patient}` }, throwOnError: true });
    expect(search.data.total).toBe(1);
    expect(search.data.entry?.[0]?.resource?.status).toBe("active");
    const doc = await fhirReadDocumentReference({ client, path: { id: fhirId(consent.id) }, throwOnError: true });
    const attachment = doc.data.content[0]!.attachment;
    const pdf = Buffer.from(await (await fetch(attachment.url!)).arrayBuffer());
    expect(pdf.length).toBe(attachment.size);
    const sha256 = createHash("sha256").update(pdf).digest("hex");
    expect(sha256).toBe(signed.document!.sha256);

    const verdict = await verifyDocument({ client, body: { id: consent.id, sha256 }, throwOnError: true });
    expect(verdict.data).toMatchObject({ match: true, id: consent.id, status: "completed" });
    expect((await verifyDocument({ client, body: { id: consent.id, sha256: "0".repeat(64) }, throwOnError: true })).data.match).toBe(false);
  });

  it("returns errors as typed problem details, and throws them with throwOnError", async () => {
    const key = defaultKey();
    const client = createEonamClient({ baseUrl: run.url, keyId: key.id, secret: key.secret });
    const missing = await getConsent({ client, path: { id: "ons_000000_doesnotexist00" } });
    expect(missing.response?.status).toBe(404);
    expect(missing.data).toBeUndefined();
    expect(missing.error?.code).toBe("not_found");
    const invalid = await createConsent({ client, body: { sablon_kod: "yok", adsoyad: "A", telefon: "12" } });
    expect(invalid.response?.status).toBe(422);
    expect(invalid.error).toMatchObject({ code: "validation_failed", errors: { adsoyad: expect.any(Array), telefon: expect.any(Array) } });
    const wrongKey = createEonamClient({ baseUrl: run.url, keyId: key.id, secret: "sk_wrong" });
    await expect(getConsent({ client: wrongKey, path: { id: "ons_000000_doesnotexist00" }, throwOnError: true })).rejects.toMatchObject({ code: "unauthorized", status: 401 });
  });
});

describe("verifyWebhook", () => {
  const raw = JSON.stringify({ delivery_id: 9, event: "consent.completed", created_at: "2026-11-22T14:03:09+03:00", data: { id: "ons_261122_k3v9x2m8q7p4", status: "completed" } });
  const signed = (secrets: string[], timestamp = Math.floor(Date.now() / 1000)) =>
    new Headers({
      "webhook-id": "9",
      "webhook-timestamp": String(timestamp),
      "webhook-signature": standardSignatureHeader(secrets, "9", timestamp, raw),
      "x-service-signature": signatureHeader(secrets, timestamp, raw),
    });
  let legacy: string;
  do legacy = `whsec_${randomBytes(32).toString("base64url")}`;
  while (!/[-_]/.test(legacy));

  it("returns the typed body of a delivery the service signed, with a secret of either form, and refuses others", () => {
    for (const secret of [newSigningSecret(), legacy]) {
      expect(verifyWebhook(raw, signed([secret]), secret)).toEqual(JSON.parse(raw));
      // node's req.headers and the raw bytes work too.
      expect(verifyWebhook(Buffer.from(raw), Object.fromEntries(signed([secret])), secret).event).toBe("consent.completed");
    }
    const [next, previous] = [newSigningSecret(), newSigningSecret()];
    expect(verifyWebhook(raw, signed([next, previous]), previous).delivery_id).toBe(9);
    expect(() => verifyWebhook(raw, signed([next]), previous)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(raw.replace("completed", "rejected"), signed([next]), next)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(raw, signed([next], Math.floor(Date.now() / 1000) - 301), next)).toThrow(WebhookVerificationError);
  });

  it("derives the same Standard Webhooks key as the service for every form of secret", () => {
    for (const secret of [newSigningSecret(), legacy, "whsec_elle-yazılmış", "sır", "whsec_", "whsec_abcde"]) {
      expect(standardSecret(secret), secret).toBe(standardWebhooksSecret(secret));
    }
  });
});
