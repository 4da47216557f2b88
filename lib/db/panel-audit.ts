// The panel's action log (issue #42): its rows are written in the transaction of the change they
// record where there is one, and read, newest first, by the tenant's owner.
import { Prisma } from "@prisma/client";
import { db, sqlRows, type Tx } from "@/lib/db";

interface PanelActionRow {
  tenantId: string;
  actorId: string;
  action: string;
  target: string | null;
  detail: Prisma.InputJsonObject;
  at: Date;
}

/** One entry: on `tx` inside a transaction (the change's own), on its own otherwise. */
export async function insertPanelAction(row: PanelActionRow, tx?: Tx): Promise<void> {
  const statement = Prisma.sql`
    INSERT INTO panel_audit_log (tenant_id, actor_id, action, target, detail, at)
    VALUES (${row.tenantId}, ${row.actorId}, ${row.action}, ${row.target}, ${JSON.stringify(row.detail)}::jsonb, ${row.at})`;
  if (tx) await tx.$executeRaw(statement);
  else await sqlRows(statement);
}

/** The tenant's latest `limit` entries, newest first. */
export function panelActionRows(tenantId: string, limit: number) {
  return db().panelAuditEntry.findMany({
    where: { tenantId },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, actorId: true, action: true, target: true, detail: true, at: true },
  });
}
