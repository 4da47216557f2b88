import { describe, expect, it } from "vitest";
import { columnsAs } from "@/lib/db/columns";

describe("columnsAs", () => {
  it("names each column as the Prisma schema maps it, under its field name", () => {
    expect(columnsAs("Consent", ["id", "tenantId", "documentSha256"]).text).toBe('"id" AS "id", "tenant_id" AS "tenantId", "document_sha256" AS "documentSha256"');
    expect(columnsAs("ApiKey", ["secretDigest"], "k").text).toBe('k."secret_digest" AS "secretDigest"');
    expect(columnsAs("ApiKey", ["secretDigest"], "k", "key.").text).toBe('k."secret_digest" AS "key.secretDigest"');
  });

  it("refuses a field the model does not have, or a relation", () => {
    expect(() => columnsAs("Consent", ["nope"])).toThrow(/no column nope/);
    expect(() => columnsAs("Consent", ["tenant"])).toThrow(/no column tenant/);
  });
});
