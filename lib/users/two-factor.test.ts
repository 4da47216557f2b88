// Two-factor sign-in on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), issue #42:
// setup confirmed by a code, the secret encrypted at rest, the password alone never enough, a code
// used once and only within its window, wrong codes counted like wrong passwords, recovery codes once
// each, turning it off with the password, an owner's reset, and the tenant's switch.
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "@/lib/crypto";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("totp");

const { db, prepareDb } = await import("@/lib/db");
const { now, setClockOffset } = await import("@/lib/clock");
const { decrypt } = await import("@/lib/encryption");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createUser } = await import("@/lib/users/create-user");
const { startTwoFactor } = await import("@/lib/users/start-two-factor");
const { confirmTwoFactor } = await import("@/lib/users/confirm-two-factor");
const { disableTwoFactor } = await import("@/lib/users/disable-two-factor");
const { resetMemberTwoFactor } = await import("@/lib/users/reset-member-two-factor");
const { setTwoFactorRequired } = await import("@/lib/users/two-factor-policy");
const { countRecoveryCodesLeft } = await import("@/lib/users/count-recovery-codes");
const { getPanelUser } = await import("@/lib/users/get-panel-user");
const { verifyCredentials } = await import("@/lib/users/verify-credentials");
const { listPanelActions } = await import("@/lib/users/panel-audit");
const { operatorResetTwoFactor } = await import("@/lib/users/recover-account");

let tenantId = "";
let otherTenantId = "";
const users: Record<string, { id: string; email: string }> = {};
const PASSWORD = "dogru-parola-1";
const IP = "203.0.113.9";
/** The code an authenticator app shows `stepsAhead` steps after the service's now. */
const codeFor = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(now().getTime() / 1000) + stepsAhead * 30 });
/** Moves the service's clock to the next 30-second step, so that a new code may be taken. */
let offset = 0;
const nextStep = () => setClockOffset((offset += 30_000));

async function enable(name: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const u = users[name]!;
  const { secret } = await startTwoFactor({ tenantId, id: u.id, email: u.email });
  const { recoveryCodes } = await confirmTwoFactor(tenantId, u.id, await codeFor(secret), PASSWORD, IP);
  nextStep();
  return { secret, recoveryCodes };
}

beforeAll(async () => {
  await prepareDb();
  tenantId = (await createTenant({ code: "iki", name: "İki Adım Kliniği" })).id;
  otherTenantId = (await createTenant({ code: "iki-diger", name: "Diğer" })).id;
  for (const [name, role] of [["owner", "owner"], ["staff", "staff"], ["locker", "staff"], ["recover", "staff"]] as const) {
    const email = `${name}@iki.test`;
    users[name] = { id: (await createUser({ tenantId, email, password: PASSWORD, role, name: `Kişi ${name}` })).id, email };
  }
  users.stranger = { id: (await createUser({ tenantId: otherTenantId, email: "y@diger.test", password: PASSWORD, role: "owner" })).id, email: "y@diger.test" };
});
afterAll(async () => {
  setClockOffset(0);
  await testDb.cleanup();
});

describe("turning two-factor sign-in on", () => {
  it("asks for a code of the secret shown, keeps the secret encrypted and gives ten recovery codes once", async () => {
    const u = users.staff!;
    const setup = await startTwoFactor({ tenantId, id: u.id, email: u.email });
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(Buffer.from(setup.qrDataUrl.replace("data:image/svg+xml;base64,", ""), "base64").toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not on until confirmed: the password alone still signs in.
    expect(await verifyCredentials(u.email, PASSWORD, "203.0.113.1")).toMatchObject({ ok: true, secondFactor: false });
    await expect(confirmTwoFactor(tenantId, u.id, "000000", PASSWORD, IP)).rejects.toMatchObject({ code: "validation_failed", errors: { code: [expect.any(String)] } });
    // The right code is not enough without the password (a session left open must not link another app).
    await expect(confirmTwoFactor(tenantId, u.id, await codeFor(setup.secret), "yanlis-parola", IP)).rejects.toMatchObject({ code: "unauthorized", errors: { password: [expect.any(String)] } });
    await expect(confirmTwoFactor(tenantId, u.id, await codeFor(setup.secret), "", IP)).rejects.toMatchObject({ code: "validation_failed", errors: { password: [expect.any(String)] } });
    expect(await verifyCredentials(u.email, PASSWORD, "203.0.113.1")).toMatchObject({ ok: true, secondFactor: false });
    const { recoveryCodes } = await confirmTwoFactor(tenantId, u.id, await codeFor(setup.secret), PASSWORD, IP);
    expect(recoveryCodes).toHaveLength(10);
    const row = await db().user.findUniqueOrThrow({ where: { id: u.id }, select: { totpSecret: true, totpPending: true, totpEnabledAt: true } });
    expect(row.totpSecret).not.toContain(setup.secret);
    expect(decrypt(row.totpSecret!)).toBe(setup.secret);
    expect(row.totpPending).toBeNull();
    const stored = JSON.stringify(await db().recoveryCode.findMany({ where: { userId: u.id }, select: { digest: true, usedAt: true } }));
    // Kept keyed, not as a plain digest that a copy of the database could be searched against.
    for (const c of recoveryCodes) expect(stored).not.toContain(sha256Hex(c.replace("-", "")));
    expect(await countRecoveryCodesLeft(tenantId, u.id)).toBe(10);
    const version = (await db().user.findUniqueOrThrow({ where: { id: u.id }, select: { sessionVersion: true } })).sessionVersion;
    expect(await getPanelUser(u.id, "s-0", version)).toMatchObject({ twoFactorSince: expect.any(Date), mustSetUpTwoFactor: false });
    await expect(startTwoFactor({ tenantId, id: u.id, email: u.email })).rejects.toMatchObject({ code: "invalid_state" });
    expect((await listPanelActions(tenantId))[0]).toMatchObject({ action: "user.two_factor_on", target: "Kişi staff", detail: {} });
  });
});

describe("signing in with a second factor", () => {
  it("never signs in on the password alone, takes a code once and only within its window", async () => {
    const u = users.owner!;
    const { secret } = await enable("owner");
    const ip = "203.0.113.2";
    expect(await verifyCredentials(u.email, PASSWORD, ip)).toEqual({ ok: false, reason: "code_required" });
    // A wrong password with a right code is still a wrong password.
    expect(await verifyCredentials(u.email, "yanlis", ip, await codeFor(secret))).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyCredentials(u.email, PASSWORD, ip, await codeFor(secret, 2))).toEqual({ ok: false, reason: "code_invalid" });
    expect(await verifyCredentials(u.email, PASSWORD, ip, await codeFor(secret, -2))).toEqual({ ok: false, reason: "code_invalid" });
    const code = await codeFor(secret);
    expect(await verifyCredentials(u.email, PASSWORD, ip, code)).toMatchObject({ ok: true, userId: u.id, secondFactor: true });
    // The same code again, in the same step or the next: spent.
    expect(await verifyCredentials(u.email, PASSWORD, ip, code)).toEqual({ ok: false, reason: "code_invalid" });
    nextStep();
    expect(await verifyCredentials(u.email, PASSWORD, ip, code)).toEqual({ ok: false, reason: "code_invalid" });
    expect(await verifyCredentials(u.email, PASSWORD, ip, await codeFor(secret, 1))).toMatchObject({ ok: true });
    nextStep();
    nextStep();
  });

  it("counts wrong codes like wrong passwords: five lock the account, the right password and code included", async () => {
    const u = users.locker!;
    const { secret } = await enable("locker");
    for (let i = 0; i < 4; i++) expect(await verifyCredentials(u.email, PASSWORD, "203.0.113.3", "111111")).toEqual({ ok: false, reason: "code_invalid" });
    // The right password in between does not forget the wrong codes.
    expect(await verifyCredentials(u.email, PASSWORD, "203.0.113.3")).toEqual({ ok: false, reason: "code_required" });
    expect(await verifyCredentials(u.email, PASSWORD, "203.0.113.3", "222222")).toEqual({ ok: false, reason: "code_invalid" });
    expect(await verifyCredentials(u.email, PASSWORD, "203.0.113.4", await codeFor(secret))).toMatchObject({ ok: false, reason: "locked" });
  });

  it("takes each recovery code once, in any case and spacing", async () => {
    const u = users.recover!;
    const { recoveryCodes } = await enable("recover");
    const [first, second] = recoveryCodes as [string, string];
    expect(await verifyCredentials(u.email, PASSWORD, "203.0.113.5", first.toUpperCase())).toMatchObject({ ok: true });
    expect(await verifyCredentials(u.email, PASSWORD, "203.0.113.5", first)).toEqual({ ok: false, reason: "code_invalid" });
    expect(await verifyCredentials(u.email, PASSWORD, "203.0.113.5", second.replace("-", " "))).toMatchObject({ ok: true });
    expect(await countRecoveryCodesLeft(tenantId, u.id)).toBe(8);
    // Each use is in the panel's action log; the wrong one is not.
    const log = (await listPanelActions(tenantId)).filter((a) => a.action === "user.recovery_code");
    expect(log.map((a) => [a.actor, a.target])).toEqual([
      ["Kişi recover", "Kişi recover"],
      ["Kişi recover", "Kişi recover"],
    ]);
  });
});

describe("turning it off, and the tenant's switch", () => {
  it("turns off only with the password, and an owner may reset another member's", async () => {
    const staff = users.staff!;
    await expect(disableTwoFactor(tenantId, staff.id, "yanlis", "203.0.113.6")).rejects.toMatchObject({ code: "unauthorized" });
    await disableTwoFactor(tenantId, staff.id, PASSWORD, "203.0.113.6");
    expect(await verifyCredentials(staff.email, PASSWORD, "203.0.113.6")).toMatchObject({ ok: true, secondFactor: false });
    expect(await db().recoveryCode.count({ where: { userId: staff.id } })).toBe(0);
    await expect(disableTwoFactor(tenantId, staff.id, PASSWORD, "203.0.113.6")).rejects.toMatchObject({ code: "invalid_state" });

    await expect(resetMemberTwoFactor(tenantId, users.owner!.id, users.owner!.id)).rejects.toMatchObject({ code: "invalid_state" });
    await expect(resetMemberTwoFactor(otherTenantId, users.stranger!.id, users.recover!.id)).rejects.toMatchObject({ code: "not_found" });
    await resetMemberTwoFactor(tenantId, users.owner!.id, users.recover!.id);
    expect(await verifyCredentials(users.recover!.email, PASSWORD, "203.0.113.6")).toMatchObject({ ok: true, secondFactor: false });
    const log = await listPanelActions(tenantId);
    expect(log.slice(0, 2).map((a) => [a.actor, a.action, a.target])).toEqual([
      ["Kişi owner", "user.two_factor_reset", "Kişi recover"],
      ["Kişi staff", "user.two_factor_off", "Kişi staff"],
    ]);
  });

  it("lets an owner with two-factor sign-in require it; those without it may then open their account page only", async () => {
    const strangerOwner = users.stranger!.id;
    // An owner without it would shut themselves out: refused.
    await expect(setTwoFactorRequired(otherTenantId, strangerOwner, true)).rejects.toMatchObject({ code: "invalid_state" });
    await expect(setTwoFactorRequired(tenantId, users.owner!.id, "evet")).rejects.toMatchObject({ code: "validation_failed" });
    expect(await setTwoFactorRequired(tenantId, users.owner!.id, true)).toBe(true);
    const version = (id: string) => db().user.findUniqueOrThrow({ where: { id }, select: { sessionVersion: true } }).then((r) => r.sessionVersion);
    expect(await getPanelUser(users.staff!.id, "s-1", await version(users.staff!.id))).toMatchObject({ twoFactorSince: null, mustSetUpTwoFactor: true });
    expect(await getPanelUser(users.owner!.id, "s-2", await version(users.owner!.id))).toMatchObject({ twoFactorSince: expect.any(Date), mustSetUpTwoFactor: false });
    expect((await listPanelActions(tenantId))[0]).toMatchObject({ action: "settings.two_factor", detail: { required: true } });
    expect(await setTwoFactorRequired(tenantId, users.owner!.id, false)).toBe(false);
    expect(await getPanelUser(users.staff!.id, "s-1", await version(users.staff!.id))).toMatchObject({ mustSetUpTwoFactor: false });
  });
});

describe("the operator's reset (npm run admin -- user reset-two-factor)", () => {
  it("turns off an owner's two-step verification by e-mail, logged by admin-cli, and only once", async () => {
    const owner = users.owner!;
    expect(await verifyCredentials(owner.email, PASSWORD, "203.0.113.8")).toEqual({ ok: false, reason: "code_required" });
    await expect(operatorResetTwoFactor(tenantId, users.stranger!.email)).rejects.toMatchObject({ code: "not_found" });
    await operatorResetTwoFactor(tenantId, owner.email.toUpperCase());
    expect(await verifyCredentials(owner.email, PASSWORD, "203.0.113.8")).toMatchObject({ ok: true, secondFactor: false });
    expect(await db().recoveryCode.count({ where: { userId: owner.id } })).toBe(0);
    expect((await listPanelActions(tenantId))[0]).toMatchObject({ actor: "admin-cli", action: "user.two_factor_reset", target: "Kişi owner" });
    await expect(operatorResetTwoFactor(tenantId, owner.email)).rejects.toMatchObject({ code: "invalid_state" });
  });
});
