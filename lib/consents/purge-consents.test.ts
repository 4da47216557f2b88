// decisions §12 and §4 on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a kurum
// consent's purge forgets the idempotent responses that answered with it, although their bodies are
// stored encrypted — the one it was created with, already past its 24 hours but not yet removed by
// the expiry job (which this test never runs), and one stored later, still replayable — and leaves
// another consent's response alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("purge");

const { db, prepareDb } = await import("@/lib/db");
const { setClockOffset } = await import("@/lib/clock");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createApiKey } = await import("@/lib/api-keys/create-api-key");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { cancelConsent } = await import("@/lib/consents/cancel-consent");
const { getConsentOrThrow } = await import("@/lib/consents/get-consent");
const { purgeDueConsents } = await import("@/lib/consents/purge-consents");
const { claimIdempotencyKey, completeIdempotencyKey } = await import("@/lib/api/idempotency");

const HOUR = 3_600_000;
const origin = { actor: "test", ip: "", userAgent: "" };

beforeAll(() => prepareDb(), 60_000);
afterAll(async () => {
  setClockOffset(0);
  await testDb.cleanup();
});

/** Stores `body` as the replayable response of `key`, the way the API's handler does. */
async function storeResponse(apiKeyId: string, key: string, body: unknown): Promise<void> {
  const claim = await claimIdempotencyKey(apiKeyId, key, `fingerprint-${key}`);
  if (claim.kind !== "claimed") throw new Error(`${key} was not claimed`);
  await completeIdempotencyKey(claim.recordId, { status: 200, body: JSON.stringify(body) });
}

const storedKeys = async () => (await db().idempotencyRecord.findMany({ select: { key: true }, orderBy: { key: "asc" } })).map((r) => r.key);

describe("the kurum purge and stored idempotent responses", () => {
  it("deletes the responses about the purged consent, expired or not, and keeps the others", async () => {
    const { id: tenantId } = await createTenant({ code: "purge-kurum", name: "Kurum Klinik", storage: "kurum" });
    const { id: apiKeyId } = await createApiKey({ tenantId, name: "test", scopes: ["onam:yaz"] });
    await createTemplate(tenantId, { kod: "genel", baslik: "Onam", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
    const person = { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false };

    const purged = await createConsent(tenantId, person, origin);
    await storeResponse(apiKeyId, "create-purged", purged);
    const open = await createConsent(tenantId, person, origin);
    await storeResponse(apiKeyId, "create-open", open);
    // Closed now: purged 24 hours later.
    const cancelled = await cancelConsent(tenantId, purged.id, {}, origin);

    // A response stored after the close (a timestamp retry's, which nests the consent) outlives the window.
    setClockOffset(23 * HOUR);
    await storeResponse(apiKeyId, "retry-purged", { ok: true, consent: cancelled });

    setClockOffset(25 * HOUR);
    expect(await storedKeys()).toEqual(["create-open", "create-purged", "retry-purged"]);
    expect(await purgeDueConsents()).toBe(1);
    expect((await getConsentOrThrow(tenantId, purged.id)).purged).toBe(true);
    expect(await storedKeys()).toEqual(["create-open"]);
  });
});
