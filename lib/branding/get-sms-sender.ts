// issue #42: the sender name (Netgsm's msgheader) of a tenant's SMS; null: the service's NETGSM_HEADER.
import { db } from "@/lib/db";

export async function getSmsSender(tenantId: string): Promise<string | null> {
  const row = await db().tenantBranding.findUnique({ where: { tenantId }, select: { smsSender: true } });
  return row?.smsSender ?? null;
}
