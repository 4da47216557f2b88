// The panel's CSV export: the columns it prints (masked identifiers, statuses, dates, template code
// and version, ids; nothing encrypted, so nothing to decrypt), for a tenant's filtered consents,
// newest first, at most `limit` rows in one statement.
import { Prisma } from "@prisma/client";
import { sqlRows } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";
import { consentWhere, type ConsentFilter } from "@/lib/db/consents";

const EXPORT_FIELDS = [
  "id",
  "status",
  "templateCode",
  "templateVersion",
  "language",
  "tcMasked",
  "phoneMasked",
  "externalRef",
  "createdAt",
  "expiresAt",
  "signedAt",
  "countersignedAt",
  "rejectedAt",
  "cancelledAt",
  "withdrawnAt",
  "tsStatus",
  "documentSha256",
  "purgedAt",
] as const satisfies readonly (keyof Prisma.ConsentSelect)[];

export type ConsentExportRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof EXPORT_FIELDS)[number]]: true } }>;

const exportColumns = columnsAs("Consent", EXPORT_FIELDS);

export function consentExportRows(tenantId: string, f: ConsentFilter, limit: number): Promise<ConsentExportRow[]> {
  const { where } = consentWhere(tenantId, f);
  return sqlRows<ConsentExportRow>(Prisma.sql`SELECT ${exportColumns} FROM consents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
}
