// The national id's digest keyed per tenant, on a real database: the same id gives unrelated digests
// in two tenants, and consents written under the old (one key for all tenants) digest are rewritten
// by the resumable start-up backfill, after which the search by national id finds them again.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("tcdigest");

const { db, prepareDb } = await import("@/lib/db");
const { env } = await import("@/lib/env");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { listConsents } = await import("@/lib/consents/list-consents");
const { rekeyNationalIds } = await import("@/lib/consents/rekey-national-ids");

const TC = "10000000146";
const origin = { actor: "test", ip: "", userAgent: "" };
const tenants: string[] = [];

beforeAll(async () => {
  await prepareDb();
  for (const code of ["tc-a", "tc-b"]) {
    const t = await createTenant({ code, name: `Klinik ${code}` });
    await createTemplate(t.id, { kod: "genel", baslik: "Genel onam", kategori: "genel", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
    tenants.push(t.id);
  }
});

afterAll(() => testDb.cleanup());

const create = (tenantId: string) => createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", tc: TC, sms_gonder: false }, origin);
const row = (id: string) => db().consent.findUniqueOrThrow({ where: { id }, select: { tcDigest: true, tcDigestVersion: true } });
const found = async (tenantId: string) => (await listConsents(tenantId, { tc: TC })).data.map((c) => c.id);

describe("the national id's digest", () => {
  it("is keyed per tenant, and earlier consents are rekeyed by the backfill, after which they are found again", async () => {
    const [a, b] = [await create(tenants[0]!), await create(tenants[1]!)];
    const [ra, rb] = [await row(a.id), await row(b.id)];
    expect(ra.tcDigestVersion).toBe(2);
    expect(ra.tcDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(ra.tcDigest).not.toBe(rb.tcDigest);
    expect(await found(tenants[0]!)).toEqual([a.id]);

    // As a consent written before this change holds it: one key for every tenant.
    const v1 = createHmac("sha256", createHmac("sha256", env().APP_SECRET).update("tc-digest:v1").digest()).update(TC).digest("hex");
    await db().consent.updateMany({ where: { id: { in: [a.id, b.id] } }, data: { tcDigest: v1, tcDigestVersion: 1 } });
    expect(await found(tenants[0]!)).toEqual([]);

    expect(await rekeyNationalIds()).toBe(2);
    expect(await row(a.id)).toEqual(ra);
    expect(await row(b.id)).toEqual(rb);
    expect(await found(tenants[0]!)).toEqual([a.id]);
    expect(await found(tenants[1]!)).toEqual([b.id]);
    // Done rows are not read again.
    expect(await rekeyNationalIds()).toBe(0);
  });
});
