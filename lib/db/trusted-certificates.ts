// The certificates of the service's trust statement (decisions §24): recorded the first time the
// service seals or time-stamps with one, never changed or removed. DER crosses the driver as hex and
// times as ISO text (PGlite and pg differ on bytea and on the zone of a TIMESTAMP).
import { Prisma } from "@prisma/client";
import { sqlRows } from "@/lib/db";

export interface TrustedCertificateRow {
  kind: "seal" | "tsa";
  sha256: string;
  der: Buffer;
  notBefore: Date;
  notAfter: Date;
}

/** Records what is not there yet; one statement, and a repeat does nothing. */
export async function recordTrustedCertificates(rows: readonly TrustedCertificateRow[], at: Date): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (r) => Prisma.sql`(${r.sha256}, ${r.kind}, decode(${r.der.toString("hex")}, 'hex'), ${r.notBefore.toISOString()}::timestamptz AT TIME ZONE 'UTC', ${r.notAfter.toISOString()}::timestamptz AT TIME ZONE 'UTC', ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`,
  );
  await sqlRows(Prisma.sql`
    INSERT INTO trusted_certificates (sha256, kind, der, not_before, not_after, first_used_at)
    VALUES ${Prisma.join(values)}
    ON CONFLICT (sha256, kind) DO NOTHING
    RETURNING sha256`);
}

/** Every recorded certificate, in the order the service first used them. */
export async function trustedCertificates(): Promise<TrustedCertificateRow[]> {
  const rows = await sqlRows<{ kind: "seal" | "tsa"; sha256: string; der: string; notBefore: string; notAfter: string }>(Prisma.sql`
    SELECT kind, sha256, encode(der, 'hex') AS der,
      to_char(not_before, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "notBefore", to_char(not_after, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "notAfter"
    FROM trusted_certificates ORDER BY first_used_at, kind, sha256`);
  return rows.map((r) => ({ kind: r.kind, sha256: r.sha256, der: Buffer.from(r.der, "hex"), notBefore: new Date(r.notBefore), notAfter: new Date(r.notAfter) }));
}
