// One's own new password on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), issue #51:
// the owner's typed password marks the user to change it at first sign-in (the command line's and the
// first run's do not); the current password is required and a wrong one refused and counted like a
// sign-in; the new one follows the rule of creation and must differ; the change lifts the mark, ends
// every other session of the user (the one that made it goes on) and is written to the action log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("pwchange");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createUser } = await import("@/lib/users/create-user");
const { createTeamUser } = await import("@/lib/users/create-team-user");
const { changePassword } = await import("@/lib/users/change-password");
const { getPanelUser } = await import("@/lib/users/get-panel-user");
const { verifyCredentials } = await import("@/lib/users/verify-credentials");
const { listPanelActions } = await import("@/lib/users/panel-audit");

let tenantId = "";
const IP = "203.0.113.51";
const OWNER_TYPED = "sahibin-yazdigi-1";

const version = async (id: string) => (await db().user.findUniqueOrThrow({ where: { id }, select: { sessionVersion: true } })).sessionVersion;

beforeAll(async () => {
  await prepareDb();
  tenantId = (await createTenant({ code: "parola", name: "Parola Kliniği" })).id;
  await createUser({ tenantId, email: "sahip@parola.test", password: "sahibin-kendi-1", role: "owner", name: "Sahip" });
});
afterAll(() => testDb.cleanup());

describe("a password someone else set", () => {
  it("is marked for a change at first sign-in when the owner adds the user, not when the user is made otherwise", async () => {
    const added = await createTeamUser(tenantId, { email: "eklenen@parola.test", name: "Eklenen", password: OWNER_TYPED, role: "staff", isPhysician: false, registrationNo: "" });
    expect(await getPanelUser(added.id, "s-1", 0)).toMatchObject({ mustChangePassword: true });
    const cli = await createUser({ tenantId, email: "cli@parola.test", password: "kendi-sectigi-1", role: "admin" });
    expect(await getPanelUser(cli.id, "s-1", 0)).toMatchObject({ mustChangePassword: false });
    // The typed password still signs in: the panel then opens the change-password page only (roles.ts).
    expect(await verifyCredentials("eklenen@parola.test", OWNER_TYPED, IP)).toMatchObject({ ok: true });
  });
});

describe("changing one's own password", () => {
  it("refuses a missing or wrong current password, counting the wrong one, and a new one that breaks the rule or repeats the current", async () => {
    const u = await createTeamUser(tenantId, { email: "ret@parola.test", name: "Ret", password: OWNER_TYPED, role: "staff", isPhysician: false, registrationNo: "" });
    const me = { tenantId, id: u.id, sessionId: "s-ret" };
    await expect(changePassword(me, { currentPassword: "", newPassword: "yeni-parola-1" }, IP)).rejects.toMatchObject({ code: "validation_failed", errors: { currentPassword: [expect.any(String)] } });
    await expect(changePassword(me, { currentPassword: "yanlis-parola", newPassword: "yeni-parola-1" }, IP)).rejects.toMatchObject({
      code: "unauthorized",
      errors: { currentPassword: ["Parola hatalı."] },
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: u.id }, select: { failedLogins: true } })).failedLogins).toBe(1);
    await expect(changePassword(me, { currentPassword: OWNER_TYPED, newPassword: "kisa" }, IP)).rejects.toMatchObject({ code: "validation_failed", errors: { newPassword: [expect.any(String)] } });
    await expect(changePassword(me, { currentPassword: OWNER_TYPED, newPassword: OWNER_TYPED }, IP)).rejects.toMatchObject({
      code: "validation_failed",
      errors: { newPassword: ["Yeni parola şimdikinden farklı olmalı."] },
    });
    // Nothing changed: the mark stays, the old password still opens, no session ended.
    expect(await getPanelUser(u.id, "s-ret", 0)).toMatchObject({ mustChangePassword: true });
    expect(await verifyCredentials("ret@parola.test", OWNER_TYPED, IP)).toMatchObject({ ok: true });
    expect(await version(u.id)).toBe(0);
  });

  it("replaces the password, lifts the mark, ends the other sessions but the one that made the change, and logs it", async () => {
    const u = await createTeamUser(tenantId, { email: "degisen@parola.test", name: "Değişen", password: OWNER_TYPED, role: "staff", isPhysician: false, registrationNo: "" });
    const before = await version(u.id);
    // Two sessions: this one changes the password, the other (a desk left signed in) must end.
    expect(await getPanelUser(u.id, "s-here", before)).not.toBeNull();
    expect(await getPanelUser(u.id, "s-other", before)).not.toBeNull();
    await changePassword({ tenantId, id: u.id, sessionId: "s-here" }, { currentPassword: OWNER_TYPED, newPassword: "kendi-parolam-51" }, IP);
    expect(await getPanelUser(u.id, "s-here", before)).toMatchObject({ mustChangePassword: false });
    expect(await getPanelUser(u.id, "s-other", before)).toBeNull();
    expect(await verifyCredentials("degisen@parola.test", OWNER_TYPED, IP)).toMatchObject({ ok: false });
    const signedIn = await verifyCredentials("degisen@parola.test", "kendi-parolam-51", IP);
    expect(signedIn).toMatchObject({ ok: true });
    // A new sign-in carries the new version and is the user's own password: no mark.
    expect(await getPanelUser(u.id, "s-new", signedIn.ok ? signedIn.sessionVersion : -1)).toMatchObject({ mustChangePassword: false });
    const row = await db().user.findUniqueOrThrow({ where: { id: u.id }, select: { passwordHash: true } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const log = await listPanelActions(tenantId, 10);
    expect(log[0]).toMatchObject({ action: "user.password_change", actor: "Değişen", target: "Değişen" });
  });

  it("keeps to the user's own tenant: another tenant's id changes nothing", async () => {
    const other = (await createTenant({ code: "parola-diger", name: "Diğer" })).id;
    const u = await createTeamUser(tenantId, { email: "kiraci@parola.test", name: "Kiracı", password: OWNER_TYPED, role: "staff", isPhysician: false, registrationNo: "" });
    await expect(changePassword({ tenantId: other, id: u.id, sessionId: null }, { currentPassword: OWNER_TYPED, newPassword: "baska-kiraci-1" }, IP)).rejects.toMatchObject({ code: "forbidden" });
    expect(await verifyCredentials("kiraci@parola.test", OWNER_TYPED, IP)).toMatchObject({ ok: true });
  });
});
