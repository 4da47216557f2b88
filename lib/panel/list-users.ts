// The tenant's panel users for the owner's team page (no password hashes leave the database).
import { db } from "@/lib/db";

export async function listUsers(tenantId: string) {
  return db().user.findMany({
    where: { tenantId },
    select: { id: true, email: true, name: true, role: true, lastLoginAt: true, lockedUntil: true, disabledAt: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
