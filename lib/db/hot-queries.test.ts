import { describe, expect, it } from "vitest";
import { Prisma } from "@prisma/client";
import type { RawTx } from "@/lib/db";
import { columnsAs, updateConsent } from "@/lib/db/hot-queries";

describe("columnsAs", () => {
  it("names each column as the Prisma schema maps it, under its field name", () => {
    expect(columnsAs("Consent", ["id", "tenantId", "documentSha256"]).text).toBe('"id" AS "id", "tenant_id" AS "tenantId", "document_sha256" AS "documentSha256"');
    expect(columnsAs("ApiKey", ["secretDigest"], "k").text).toBe('k."secret_digest" AS "secretDigest"');
  });

  it("refuses a field the model does not have, or a relation", () => {
    expect(() => columnsAs("Consent", ["nope"])).toThrow(/no column nope/);
    expect(() => columnsAs("Consent", ["tenant"])).toThrow(/no column tenant/);
  });
});

describe("updateConsent", () => {
  it("sets fields by their columns, a value as a parameter and SQL as it is, with updated_at and the extra condition", async () => {
    let sent: Prisma.Sql | undefined;
    const tx: RawTx = { $queryRaw: () => Promise.reject(new Error("not read")), $executeRaw: async (q) => ((sent = q), 1) };
    const at = new Date("2026-11-25T09:00:00Z");
    expect(await updateConsent(tx, "ons_1", { tsStatus: "ok", tsAttempts: Prisma.sql`ts_attempts + 1`, signedAt: at }, Prisma.sql`status = ${"sent"}`)).toBe(1);
    const text = sent!.text.replace(/\s+/g, " ").trim();
    expect(text).toBe('UPDATE consents SET "ts_status" = $1, "ts_attempts" = ts_attempts + 1, "signed_at" = $2, "updated_at" = $3 WHERE id = $4 AND (status = $5)');
    expect(sent!.values.slice(0, 2)).toEqual(["ok", at]);
    expect(sent!.values.slice(3)).toEqual(["ons_1", "sent"]);
  });
});
