// One-time password-reset links on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// issue #42: who may make one for whom, a newer link, deactivation, expiry and use each end it, the
// new password replaces the old, failed sign-ins and a lockout are forgotten, every open session ends,
// wrong links count towards the address's limit, and the action log holds no secret.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("reset");

const { db, prepareDb } = await import("@/lib/db");
const { setClockOffset } = await import("@/lib/clock");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createUser } = await import("@/lib/users/create-user");
const { createPasswordReset } = await import("@/lib/users/create-password-reset");
const { isPasswordResetOpen } = await import("@/lib/users/get-password-reset");
const { resetPassword, RESET_LINK_CLOSED } = await import("@/lib/users/reset-password");
const { verifyCredentials } = await import("@/lib/users/verify-credentials");
const { getPanelUser } = await import("@/lib/users/get-panel-user");
const { setTeamMember } = await import("@/lib/users/set-team-member");
const { listPanelActions } = await import("@/lib/users/panel-audit");
const { operatorResetLink } = await import("@/lib/users/recover-account");
const { changePassword } = await import("@/lib/users/change-password");
const { panelAccess } = await import("@/lib/users/roles");

let tenantId = "";
let otherTenantId = "";
const u: Record<string, { id: string; role: string; email: string }> = {};
const actor = (name: string) => ({ tenantId, id: u[name]!.id, role: u[name]!.role });
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

beforeAll(async () => {
  await prepareDb();
  tenantId = (await createTenant({ code: "sifre", name: "Şifre Kliniği" })).id;
  otherTenantId = (await createTenant({ code: "sifre-diger", name: "Diğer" })).id;
  for (const [name, role] of [["owner", "owner"], ["admin", "admin"], ["admin2", "admin"], ["staff", "staff"], ["staff2", "staff"]] as const) {
    const email = `${name}@sifre.test`;
    u[name] = { id: (await createUser({ tenantId, email, password: "eski-parola-1", role, name: `Kişi ${name}` })).id, role, email };
  }
  u.stranger = { id: (await createUser({ tenantId: otherTenantId, email: "yabanci@diger.test", password: "eski-parola-1", role: "staff" })).id, role: "staff", email: "yabanci@diger.test" };
});
afterEach(() => setClockOffset(0));
afterAll(() => testDb.cleanup());

describe("making a reset link", () => {
  it("gives a link of the service's address, keeps only a digest and logs who made it for whom", async () => {
    const { url, expiresAt } = await createPasswordReset(actor("owner"), u.staff!.id);
    expect(url).toMatch(/^https?:\/\/[^/]+\/panel\/reset\/[a-z0-9]{20}\.[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const secret = tokenOf(url).split(".")[1]!;
    const rows = await db().passwordResetToken.findMany({ where: { tenantId, userId: u.staff!.id } });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
    const [entry] = await listPanelActions(tenantId);
    expect(entry).toMatchObject({ action: "user.reset_link", actor: "Kişi owner", target: "Kişi staff", detail: {} });
    expect(await isPasswordResetOpen(tokenOf(url))).toBe(true);
  });

  it("lets an owner reset anyone else, an admin only staff, and no one themselves or another tenant's user", async () => {
    await expect(createPasswordReset(actor("owner"), u.admin!.id)).resolves.toBeTruthy();
    await expect(createPasswordReset(actor("admin"), u.staff2!.id)).resolves.toBeTruthy();
    await expect(createPasswordReset(actor("admin"), u.admin2!.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createPasswordReset(actor("admin"), u.owner!.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createPasswordReset(actor("owner"), u.owner!.id)).rejects.toMatchObject({ code: "invalid_state" });
    await expect(createPasswordReset(actor("owner"), u.stranger!.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("ends the older link when a newer one is made, and every link when the account is switched off", async () => {
    const first = tokenOf((await createPasswordReset(actor("owner"), u.staff2!.id)).url);
    const second = tokenOf((await createPasswordReset(actor("owner"), u.staff2!.id)).url);
    expect(await isPasswordResetOpen(first)).toBe(false);
    expect(await isPasswordResetOpen(second)).toBe(true);
    await setTeamMember(tenantId, u.owner!.id, u.staff2!.id, { active: false });
    expect(await isPasswordResetOpen(second)).toBe(false);
    await expect(createPasswordReset(actor("owner"), u.staff2!.id)).rejects.toMatchObject({ code: "invalid_state" });
    await setTeamMember(tenantId, u.owner!.id, u.staff2!.id, { active: true });
    expect(await isPasswordResetOpen(second)).toBe(false);
  });

  it("stops opening after 24 hours", async () => {
    const token = tokenOf((await createPasswordReset(actor("owner"), u.admin2!.id)).url);
    setClockOffset(23 * 3600_000);
    expect(await isPasswordResetOpen(token)).toBe(true);
    setClockOffset(24 * 3600_000 + 1000);
    expect(await isPasswordResetOpen(token)).toBe(false);
    await expect(resetPassword(token, { password: "yeni-parola-9" }, "198.51.100.31")).rejects.toMatchObject({ code: "forbidden", message: RESET_LINK_CLOSED });
  });
});

describe("using a reset link", () => {
  it("sets the new password once, forgets a lockout, ends every open session and logs it", async () => {
    const ip = "198.51.100.32";
    for (let i = 0; i < 5; i++) await verifyCredentials(u.staff!.email, `yanlis-${i}`, ip);
    expect(await verifyCredentials(u.staff!.email, "eski-parola-1", ip)).toMatchObject({ ok: false, reason: "locked" });
    const before = await db().user.findUniqueOrThrow({ where: { id: u.staff!.id }, select: { sessionVersion: true } });
    expect(await getPanelUser(u.staff!.id, "oturum-1", before.sessionVersion)).not.toBeNull();

    const token = tokenOf((await createPasswordReset(actor("owner"), u.staff!.id)).url);
    // The password rule of user creation; a refused password leaves the link open.
    await expect(resetPassword(token, { password: "kisa" }, ip)).rejects.toMatchObject({ code: "validation_failed", errors: { password: ["en az 8 karakter olmalı"] } });
    await resetPassword(token, { password: "yeni-parola-9" }, ip);

    expect(await getPanelUser(u.staff!.id, "oturum-1", before.sessionVersion)).toBeNull();
    expect(await verifyCredentials(u.staff!.email, "eski-parola-1", "198.51.100.33")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyCredentials(u.staff!.email, "yeni-parola-9", "198.51.100.33")).toMatchObject({ ok: true, userId: u.staff!.id, sessionVersion: before.sessionVersion + 1 });
    expect(await isPasswordResetOpen(token)).toBe(false);
    await expect(resetPassword(token, { password: "baska-parola-7" }, ip)).rejects.toMatchObject({ code: "forbidden", message: RESET_LINK_CLOSED });

    const log = await listPanelActions(tenantId);
    expect(log[0]).toMatchObject({ action: "user.password_reset", actor: "Kişi staff", target: "Kişi staff", detail: {} });
    expect(JSON.stringify(log)).not.toContain(token.split(".")[1]);

    // A newer link takes the spent one's place: one row per user, whatever the number of resets.
    await createPasswordReset(actor("owner"), u.staff!.id);
    expect(await db().passwordResetToken.count({ where: { tenantId, userId: u.staff!.id } })).toBe(1);
  });

  it("marks the password to be changed at the next sign-in (issue #51: whoever made the link may have typed it); the user's own change lifts the mark", async () => {
    const ip = "198.51.100.51";
    const me = await createUser({ tenantId, email: "zorunlu@sifre.test", password: "eski-parola-1", role: "staff", name: "Kişi zorunlu" });
    expect(await getPanelUser(me.id, "s", 0)).toMatchObject({ mustChangePassword: false });
    await resetPassword(tokenOf((await createPasswordReset(actor("admin"), me.id)).url), { password: "adminin-yazdigi-1" }, ip);
    const signedIn = await verifyCredentials("zorunlu@sifre.test", "adminin-yazdigi-1", ip);
    expect(signedIn).toMatchObject({ ok: true });
    const version = signedIn.ok ? signedIn.sessionVersion : -1;
    // Signed in with it, the panel opens nothing but the change-password page (roles.ts).
    expect(await getPanelUser(me.id, "s-yeni", version)).toMatchObject({ mustChangePassword: true });
    expect(panelAccess({ role: "staff", mustSetUpTwoFactor: false, mustChangePassword: true }, "consents")).toBe("password_change");
    await changePassword({ tenantId, id: me.id, sessionId: "s-yeni" }, { currentPassword: "adminin-yazdigi-1", newPassword: "yalniz-benim-1" }, ip);
    expect(await getPanelUser(me.id, "s-yeni", version)).toMatchObject({ mustChangePassword: false });
  });

  it("answers an unknown, malformed or used link alike, and counts each towards the address's limit", async () => {
    const ip = "198.51.100.34";
    const good = tokenOf((await createPasswordReset(actor("owner"), u.admin!.id)).url);
    const forged = `${good.split(".")[0]}.${"A".repeat(43)}`;
    for (const bad of ["", "x", forged, `${"a".repeat(20)}.${"B".repeat(43)}`]) {
      await expect(resetPassword(bad, { password: "yeni-parola-9" }, ip)).rejects.toMatchObject({ code: "forbidden", message: RESET_LINK_CLOSED });
    }
    for (let i = 0; i < 16; i++) await resetPassword(forged, { password: "yeni-parola-9" }, ip).catch(() => undefined);
    // Twenty failures from one address: even the right link is refused from it, and stays open.
    await expect(resetPassword(good, { password: "yeni-parola-9" }, ip)).rejects.toMatchObject({ code: "rate_limited" });
    expect(await isPasswordResetOpen(good)).toBe(true);
    await resetPassword(good, { password: "yeni-parola-9" }, "198.51.100.35");
  });
});

describe("the operator's reset link (npm run admin -- user reset-link)", () => {
  it("opens the way back for an owner no one in the panel may reset, by e-mail, logged by admin-cli", async () => {
    await expect(createPasswordReset(actor("admin"), u.owner!.id)).rejects.toMatchObject({ code: "forbidden" });
    const { url } = await operatorResetLink(tenantId, " OWNER@sifre.test ");
    await resetPassword(tokenOf(url), { password: "sahibin-yeni-parolasi" }, "198.51.100.40");
    expect(await verifyCredentials(u.owner!.email, "sahibin-yeni-parolasi", "198.51.100.40")).toMatchObject({ ok: true, userId: u.owner!.id });
    const made = (await listPanelActions(tenantId)).find((a) => a.action === "user.reset_link");
    expect(made).toMatchObject({ actor: "admin-cli", target: "Kişi owner" });
    // Only in the tenant named; a deactivated account first needs switching on again.
    await expect(operatorResetLink(tenantId, "yabanci@diger.test")).rejects.toMatchObject({ code: "not_found" });
    await setTeamMember(tenantId, u.owner!.id, u.staff!.id, { active: false });
    await expect(operatorResetLink(tenantId, u.staff!.email)).rejects.toMatchObject({ code: "invalid_state" });
  });
});
