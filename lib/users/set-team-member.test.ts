// The owner manages the team on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a
// member's role changes, a deactivated account cannot sign in until reactivated, the owner cannot
// change their own account nor leave the tenant without an active owner, another tenant's user is not
// found — and each change is in the panel's action log, by name, without patient data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("team");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTeamUser } = await import("@/lib/users/create-team-user");
const { verifyCredentials } = await import("@/lib/users/verify-credentials");
const { setTeamMember } = await import("@/lib/users/set-team-member");
const { listPanelActions } = await import("@/lib/users/panel-audit");
const { getPanelUser } = await import("@/lib/users/get-panel-user");

let tenantId: string;
let otherTenantId: string;
const ids: Record<string, string> = {};
const add = (tenant: string, email: string, role: string, name: string) =>
  createTeamUser(tenant, { email, password: "parola-12345", name, role: role as "staff", isPhysician: false, registrationNo: "" });
const roleOf = async (id: string) => (await db().user.findUniqueOrThrow({ where: { id }, select: { role: true } })).role;

beforeAll(async () => {
  await prepareDb();
  tenantId = (await createTenant({ code: "ekip", name: "Ekip Kliniği" })).id;
  otherTenantId = (await createTenant({ code: "ekip-diger", name: "Diğer Klinik" })).id;
  ids.owner = (await add(tenantId, "sahip@ekip.test", "owner", "Sahip Kişi")).id;
  ids.staff = (await add(tenantId, "personel@ekip.test", "staff", "Personel Kişi")).id;
  ids.stranger = (await add(otherTenantId, "yabanci@diger.test", "staff", "Yabancı Kişi")).id;
});
afterAll(() => testDb.cleanup());

describe("the owner manages the team", () => {
  it("changes a role, and a deactivated account cannot sign in until reactivated", async () => {
    await setTeamMember(tenantId, ids.owner!, ids.staff!, { role: "admin" });
    expect(await roleOf(ids.staff!)).toBe("admin");
    // A session opened before the account is switched off stays dead once it is switched on again.
    const { sessionVersion } = await db().user.findUniqueOrThrow({ where: { id: ids.staff! }, select: { sessionVersion: true } });
    expect(await getPanelUser(ids.staff!, "sid-before", sessionVersion)).not.toBeNull();
    await setTeamMember(tenantId, ids.owner!, ids.staff!, { active: false });
    expect(await verifyCredentials("personel@ekip.test", "parola-12345", "198.51.100.20")).toMatchObject({ ok: false });
    await setTeamMember(tenantId, ids.owner!, ids.staff!, { active: true });
    expect(await verifyCredentials("personel@ekip.test", "parola-12345", "198.51.100.20")).toMatchObject({ ok: true, userId: ids.staff });
    expect(await getPanelUser(ids.staff!, "sid-before", sessionVersion)).toBeNull();
  });

  it("refuses the owner's own account, the last active owner, bad input and another tenant's user", async () => {
    await expect(setTeamMember(tenantId, ids.owner!, ids.owner!, { role: "staff" })).rejects.toMatchObject({ code: "invalid_state" });
    // A second owner may demote the first only while another active owner remains.
    await setTeamMember(tenantId, ids.owner!, ids.staff!, { role: "owner" });
    await setTeamMember(tenantId, ids.staff!, ids.owner!, { active: false });
    await expect(setTeamMember(tenantId, ids.owner!, ids.staff!, { role: "staff" })).rejects.toMatchObject({ code: "invalid_state" });
    await setTeamMember(tenantId, ids.staff!, ids.owner!, { active: true });
    await expect(setTeamMember(tenantId, ids.owner!, ids.staff!, { role: "root" })).rejects.toMatchObject({ code: "validation_failed" });
    await expect(setTeamMember(tenantId, ids.owner!, ids.stranger!, { active: false })).rejects.toMatchObject({ code: "not_found" });
    expect((await db().user.findUniqueOrThrow({ where: { id: ids.stranger! }, select: { disabledAt: true } })).disabledAt).toBeNull();
  });

  it("logs each change by name, newest first, for this tenant only", async () => {
    const log = await listPanelActions(tenantId);
    expect(log.map((a) => [a.actor, a.action, a.target])).toEqual([
      ["Personel Kişi", "user.reactivate", "Sahip Kişi"],
      ["Personel Kişi", "user.deactivate", "Sahip Kişi"],
      ["Sahip Kişi", "user.role", "Personel Kişi"],
      ["Sahip Kişi", "user.reactivate", "Personel Kişi"],
      ["Sahip Kişi", "user.deactivate", "Personel Kişi"],
      ["Sahip Kişi", "user.role", "Personel Kişi"],
    ]);
    expect(log.at(-1)?.detail).toEqual({ from: "staff", to: "admin" });
    expect(await listPanelActions(otherTenantId)).toEqual([]);
  });
});
