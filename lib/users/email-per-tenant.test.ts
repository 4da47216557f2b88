// A panel user's e-mail is unique within its tenant only, on a real database: adding a user whose
// address has an account at another clinic answers like any new address (no leak across tenants), a
// second account of the same tenant is refused, and sign-in tells the accounts apart by password.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("emails");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createTeamUser } = await import("@/lib/users/create-team-user");
const { verifyCredentials } = await import("@/lib/users/verify-credentials");

const tenants: string[] = [];
beforeAll(async () => {
  await prepareDb();
  for (const code of ["mail-a", "mail-b"]) tenants.push((await createTenant({ code, name: `Klinik ${code}` })).id);
});
afterAll(() => testDb.cleanup());

const add = (tenantId: string, email: string, password: string) => createTeamUser(tenantId, { email, password, name: "Ece Demir", role: "staff", isPhysician: false, registrationNo: "" });

describe("e-mail addresses per tenant", () => {
  it("adds an address another clinic already has as a new user; refuses it twice in one clinic", async () => {
    const a = await add(tenants[0]!, "ece@ornek.test", "parola-a-123");
    const b = await add(tenants[1]!, "ECE@ornek.test ", "parola-b-456");
    expect(b).toMatchObject({ email: "ece@ornek.test", role: "staff" });
    expect(b.id).not.toBe(a.id);
    await expect(add(tenants[0]!, "ece@ornek.test", "baska-parola-1")).rejects.toMatchObject({ code: "invalid_state" });
  });

  it("signs in to the account the password opens; a wrong one counts against each", async () => {
    const ip = "198.51.100.77";
    const user = (tenantId: string) => db().user.findFirstOrThrow({ where: { tenantId, email: "ece@ornek.test" } });
    const [a, b] = [await user(tenants[0]!), await user(tenants[1]!)];
    expect(await verifyCredentials("ece@ornek.test", "parola-a-123", ip)).toMatchObject({ ok: true, userId: a.id });
    expect(await verifyCredentials("ece@ornek.test", "parola-b-456", ip)).toMatchObject({ ok: true, userId: b.id });
    expect(await verifyCredentials("ece@ornek.test", "yanlis-parola", ip)).toEqual({ ok: false, reason: "invalid" });
    const counts = await db().user.findMany({ where: { email: "ece@ornek.test" }, select: { failedLogins: true } });
    expect(counts.map((u) => u.failedLogins)).toEqual([1, 1]);
    expect(await verifyCredentials("kimse@ornek.test", "parola-a-123", ip)).toEqual({ ok: false, reason: "invalid" });
  });
});
