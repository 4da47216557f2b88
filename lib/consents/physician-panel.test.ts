// The panel's physician pieces on a real embedded database (decisions §19): the team page's physician
// details (validated, never another tenant's user), and the password asked again before a
// countersignature, counted like a sign-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("physician");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createUser } = await import("@/lib/users/create-user");
const { createTeamUser } = await import("@/lib/users/create-team-user");
const { setUserPhysician } = await import("@/lib/users/set-user-physician");
const { verifyStepUp } = await import("@/lib/users/verify-step-up");
const { verifyCredentials } = await import("@/lib/users/verify-credentials");
const { informedAtText } = await import("@/lib/consents/countersign-as-physician");
const { AppError } = await import("@/lib/errors");

let acme = "";
let other = "";
/** The owner acting on the team page (only an owner changes physician details: issue #49). */
const ownerOf = (tenantId: string) => ({ tenantId, id: "usr_owner_test", role: "owner" });

beforeAll(async () => {
  await prepareDb();
  acme = (await createTenant({ code: "acme", name: "Acme" })).id;
  other = (await createTenant({ code: "other", name: "Other" })).id;
});

afterAll(async () => {
  await testDb.cleanup();
});

/** The AppError a promise rejects with: its code and field errors. */
async function refusal(p: Promise<unknown>): Promise<{ code: string; errors: Record<string, string[]> | undefined }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { code: err.code, errors: err.errors };
}

const row = (id: string) => db().user.findUniqueOrThrow({ where: { id }, select: { isPhysician: true, registrationNo: true, name: true, failedLogins: true, lockedUntil: true, lastLoginAt: true } });

describe("physician details", () => {
  it("marks a new user as physician with a registration number, and refuses a half-made one", async () => {
    const u = await createTeamUser(acme, { email: "hekim@acme.test", name: "Dr. Zeynep Öztürk", password: "parola-123", role: "staff", isPhysician: true, registrationNo: " 123456 " });
    expect(await row(u.id)).toMatchObject({ isPhysician: true, registrationNo: "123456", name: "Dr. Zeynep Öztürk" });
    const bad = await refusal(createTeamUser(acme, { email: "yarim@acme.test", name: "Al", password: "parola-123", role: "staff", isPhysician: true, registrationNo: "王" }));
    expect(bad.code).toBe("validation_failed");
    expect(Object.keys(bad.errors!).sort()).toEqual(["name", "registrationNo"]);
    expect(await db().user.count({ where: { email: "yarim@acme.test" } })).toBe(0);
  });

  it("sets and clears the flag on an existing user of the tenant, within bounds, and never on another tenant's", async () => {
    const u = await createUser({ tenantId: acme, email: "sonra@acme.test", password: "parola-123", role: "staff" });
    expect((await refusal(setUserPhysician(ownerOf(acme), u.id, { isPhysician: true, name: "", registrationNo: "1" }))).errors).toHaveProperty("name");
    expect((await refusal(setUserPhysician(ownerOf(acme), u.id, { isPhysician: true, name: "Dr. Ali Kaya", registrationNo: "x".repeat(51) }))).errors).toHaveProperty("registrationNo");
    expect((await refusal(setUserPhysician(ownerOf(acme), u.id, { isPhysician: true, name: "Dr. Ali Kaya", registrationNo: "12\u000734" }))).errors).toHaveProperty("registrationNo");
    await setUserPhysician(ownerOf(acme), u.id, { isPhysician: true, name: "Dr. Ali Kaya", registrationNo: "TR-778" });
    expect(await row(u.id)).toMatchObject({ isPhysician: true, registrationNo: "TR-778", name: "Dr. Ali Kaya" });
    // Another tenant's user is not found, and stays as it was.
    expect((await refusal(setUserPhysician(ownerOf(other), u.id, { isPhysician: false, name: "", registrationNo: "" }))).code).toBe("not_found");
    expect((await row(u.id)).isPhysician).toBe(true);
    await setUserPhysician(ownerOf(acme), u.id, { isPhysician: false, name: "", registrationNo: "TR-778" });
    expect(await row(u.id)).toMatchObject({ isPhysician: false, registrationNo: null, name: "Dr. Ali Kaya" });
  });

  it("is the owner's alone, never one's own; a change ends the user's sessions and reset links and is logged (issue #49)", async () => {
    const u = await createUser({ tenantId: acme, email: "escalate@acme.test", password: "parola-123", role: "staff" });
    const details = { isPhysician: true, name: "Dr. Can Er", registrationNo: "TR-1" };
    // An admin, and an owner for themselves, are refused, and nothing changes.
    expect((await refusal(setUserPhysician({ tenantId: acme, id: "usr_admin_test", role: "admin" }, u.id, details))).code).toBe("forbidden");
    expect((await refusal(setUserPhysician({ tenantId: acme, id: u.id, role: "owner" }, u.id, details))).code).toBe("forbidden");
    expect((await row(u.id)).isPhysician).toBe(false);
    const version = async () => (await db().user.findUniqueOrThrow({ where: { id: u.id }, select: { sessionVersion: true } })).sessionVersion;
    const before = await version();
    await db().passwordResetToken.create({ data: { id: "rst_physician_test1", tenantId: acme, userId: u.id, secretDigest: "x", createdBy: "usr_owner_test", expiresAt: new Date(Date.now() + 3_600_000) } });
    await setUserPhysician(ownerOf(acme), u.id, details);
    expect(await version()).toBe(before + 1);
    expect(await db().passwordResetToken.count({ where: { userId: u.id } })).toBe(0);
    const logged = await db().panelAuditEntry.findMany({ where: { tenantId: acme, target: u.id }, select: { action: true, actorId: true, detail: true } });
    expect(logged).toEqual([{ action: "user.physician", actorId: "usr_owner_test", detail: { isPhysician: true, changed: ["isPhysician", "registrationNo", "name"] } }]);
    // The same details again change nothing: no session ends, nothing is logged.
    await setUserPhysician(ownerOf(acme), u.id, details);
    expect(await version()).toBe(before + 1);
    expect(await db().panelAuditEntry.count({ where: { tenantId: acme, target: u.id } })).toBe(1);
  });
});

describe("the password asked again", () => {
  it("passes the right one without recording a sign-in, and counts wrong ones towards the sign-in lockout", async () => {
    const u = await createUser({ tenantId: acme, email: "adim@acme.test", password: "dogru-parola", role: "staff" });
    const ip = "198.51.100.77";
    await verifyStepUp(u.id, "dogru-parola", ip);
    expect((await row(u.id)).lastLoginAt).toBeNull();
    // Nothing typed is a form error, not a guess.
    expect((await refusal(verifyStepUp(u.id, "", ip))).code).toBe("validation_failed");
    expect((await row(u.id)).failedLogins).toBe(0);
    for (let i = 1; i <= 4; i++) {
      const r = await refusal(verifyStepUp(u.id, `yanlis-${i}`, ip));
      expect(r.code).toBe("unauthorized");
      expect(r.errors).toHaveProperty("password");
      expect((await row(u.id)).failedLogins).toBe(i);
    }
    expect((await refusal(verifyStepUp(u.id, "yanlis-5", ip))).code).toBe("rate_limited");
    expect((await row(u.id)).lockedUntil).not.toBeNull();
    // Locked: the right password is refused, here and at sign-in.
    expect((await refusal(verifyStepUp(u.id, "dogru-parola", ip))).code).toBe("rate_limited");
    expect(await verifyCredentials("adim@acme.test", "dogru-parola", "203.0.113.50")).toMatchObject({ ok: false, reason: "locked" });
  });
});

describe("informedAtText", () => {
  it("turns a datetime-local value into the API's wall-clock time, and leaves anything else to the API's check", () => {
    expect(informedAtText("2026-11-26T14:05")).toBe("2026-11-26 14:05:00");
    expect(informedAtText("2026-11-26T14:05:09")).toBe("2026-11-26 14:05:09");
    expect(informedAtText("2026-11-26T14:05:09.250")).toBe("2026-11-26 14:05:09");
    expect(informedAtText(" 2026-11-26 14:05:09 ")).toBe("2026-11-26 14:05:09");
    expect(informedAtText("dün")).toBe("dün");
  });
});
