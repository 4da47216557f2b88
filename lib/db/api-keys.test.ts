// A polled read made in the key lookup's round trip (apiKeyWith) gives the key and the row exactly as
// the lookups made one after the other would, and never another tenant's row. On PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("apikeys");

const { prepareDb, db } = await import("@/lib/db");
const { apiKeyRow } = await import("@/lib/db/api-keys");
const { apiKeyWithConsentRow, apiKeyWithFhirConsentRow, consentRow } = await import("@/lib/db/consents");

beforeAll(async () => {
  await prepareDb();
  const rows = [
    `INSERT INTO tenants (id, code, name, updated_at) VALUES ('ta', 'klinik-a', 'Klinik A', now()), ('tb', 'klinik-b', 'Klinik B', now())`,
    `INSERT INTO api_keys (id, tenant_id, name, secret_digest, scopes) VALUES
      ('key_a', 'ta', 'A', 'da', '{consents:read}'), ('key_b', 'tb', 'B', 'db', '{consents:read}')`,
    `INSERT INTO templates (id, tenant_id, code, title, body, updated_at) VALUES ('tpl', 'ta', 'kod', 'T', 'x', now())`,
    `INSERT INTO template_versions (id, template_id, tenant_id, version, title, category, type, body_type, body, variables,
      wet_signature_required, content_hash) VALUES ('tv', 'tpl', 'ta', 1, 'T', 'genel', 'onam', 'html', 'x', '[]', false, 'h')`,
    `INSERT INTO consents (id, tenant_id, template_id, template_version_id, template_code, template_version, content_sha256,
      link_token, short_code, expires_at, signed_at, updated_at)
    VALUES ('ons_a', 'ta', 'tpl', 'tv', 'kod', 1, 'x', 'tok', 'kisa', '2026-12-01 09:30:00.123', '2026-11-29 08:00:00.5', now())`,
  ];
  for (const sql of rows) await db().$executeRawUnsafe(sql);
});

afterAll(() => testDb.cleanup());

describe("apiKeyWith", () => {
  it("reads the key and its tenant's consent as the two lookups would", async () => {
    const both = await apiKeyWithConsentRow("key_a", "ons_a");
    expect(both.key).toEqual(await apiKeyRow("key_a"));
    expect(both.row).toEqual(await consentRow("ta", "ons_a"));
    // Parsed as the driver parses consentRow's columns: TIMESTAMP(3) as UTC Dates.
    expect(both.row?.expiresAt).toEqual(new Date("2026-12-01T09:30:00.123Z"));
  });

  it("gives no row for another tenant's consent or none, and no key for an unknown one", async () => {
    expect(await apiKeyWithConsentRow("key_b", "ons_a")).toEqual({ key: await apiKeyRow("key_b"), row: null });
    expect(await apiKeyWithConsentRow("key_a", "ons_yok")).toEqual({ key: await apiKeyRow("key_a"), row: null });
    expect(await apiKeyWithConsentRow("key_yok", "ons_a")).toEqual({ key: undefined, row: null });
  });

  it("carries the FHIR read's extras: the institution, from the key's tenant", async () => {
    const { key, row } = await apiKeyWithFhirConsentRow("key_a", "ons_a");
    expect(key?.tenantId).toBe("ta");
    expect(row).toMatchObject({ id: "ons_a", tenantCode: "klinik-a", tenantName: "Klinik A", otpVerifiedAt: null });
    expect((await apiKeyWithFhirConsentRow("key_b", "ons_a")).row).toBeNull();
  });
});
