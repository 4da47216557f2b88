// The tenant's panel users for the team page (no password hashes leave the database), with their
// physician details (decisions §19) and whether they sign in with a second factor (issue #42).
import { listTenantUsers } from "@/lib/db/users";

export async function listUsers(tenantId: string) {
  return listTenantUsers(tenantId);
}
