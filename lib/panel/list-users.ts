// The tenant's panel users for the team page (no password hashes leave the database), with their
// physician details (decisions §19) and whether they sign in with a second factor (issue #42).
import { db } from "@/lib/db";

export async function listUsers(tenantId: string) {
  return db().user.findMany({
    where: { tenantId },
    select: { id: true, email: true, name: true, role: true, lastLoginAt: true, lockedUntil: true, disabledAt: true, createdAt: true, isPhysician: true, registrationNo: true, totpEnabledAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
