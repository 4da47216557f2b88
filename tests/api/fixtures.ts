// Tenants, API keys and panel users every API and browser test can rely on, created before the
// server takes the database.
import { randomBytes } from "node:crypto";
import { closeDb, prepareDb } from "@/lib/db";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { SCOPES, type Scope } from "@/lib/api-keys/scopes";
import { createTenant } from "@/lib/tenants/create-tenant";
import { createUser, type UserRole } from "@/lib/users/create-user";
import { startTwoFactor } from "@/lib/users/start-two-factor";
import { confirmTwoFactor } from "@/lib/users/confirm-two-factor";
import { generate } from "otplib";
import { updateUserPhysician } from "@/lib/db/users";

export interface KeyFixture {
  id: string;
  secret: string;
  tenant: string;
}

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const inOneYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

const TENANTS: { code: string; name: string; quota?: number; unlimited?: boolean; licenseEnds?: string }[] = [
  { code: "acme", name: "Acme Diş Kliniği", quota: 100 },
  { code: "other", name: "Başka Veteriner Kliniği", quota: 10 },
  { code: "race", name: "Yarış Kliniği", quota: 20 },
  { code: "empty", name: "Kontörsüz Klinik", quota: 0 },
  { code: "lapsed", name: "Lisansı Bitmiş Klinik", quota: 50, licenseEnds: yesterday() },
  { code: "unlimited", name: "Sınırsız Hastane", unlimited: true },
  // Its owner makes two-factor sign-in compulsory (tests/e2e/panel-two-factor.test.ts): no other file's users are shut out.
  { code: "strict", name: "Sıkı Klinik", quota: 5 },
  // Issue #49's permission matrix (tests/api/panel-roles.test.ts): its users' flags, passwords and
  // sessions are changed there, so no other file's users are touched.
  { code: "roles", name: "Roller Kliniği", quota: 20 },
  // Issue #51: the physician's typed and saved countersignatures (tests/e2e/panel-countersign-kinds.test.ts):
  // its count of consents awaiting a physician moves only with that file.
  { code: "imza", name: "İmza Kliniği", quota: 20 },
];

// name → [tenant, scopes, revoked?]
const KEYS = {
  all: ["acme", SCOPES],
  onam_yaz: ["acme", ["onam:yaz"]],
  onam_oku: ["acme", ["onam:oku"]],
  sablon_oku: ["acme", ["sablon:oku"]],
  sablon_yaz: ["acme", ["sablon:yaz"]],
  revoked: ["acme", SCOPES, true],
  ratelimit: ["acme", SCOPES],
  other: ["other", SCOPES],
  race: ["race", SCOPES],
  empty: ["empty", SCOPES],
  lapsed: ["lapsed", SCOPES],
  unlimited: ["unlimited", SCOPES],
  roles: ["roles", SCOPES],
  imza: ["imza", SCOPES],
} satisfies Record<string, [string, readonly Scope[], boolean?]>;

export interface UserFixture {
  email: string;
  password: string;
  role: UserRole;
  tenant: string;
  /** the TOTP secret of a user seeded with two-factor sign-in on (TWO_FACTOR_USERS) */
  totpSecret?: string;
  /** the user's id (fixtures made by seedFixtures) */
  id?: string;
}

// Panel users: name → [tenant, role]. Each browser test that locks an account uses its own user.
const USERS = {
  owner: ["acme", "owner"],
  admin: ["acme", "admin"],
  staff: ["acme", "staff"],
  lockout: ["acme", "staff"],
  other_owner: ["other", "owner"],
  // issue #42: whose password a reset link replaces; who turns on two-factor sign-in and requires it; who is then sent to turn it on
  reset_member: ["acme", "staff"],
  strict_owner: ["strict", "owner"],
  strict_staff: ["strict", "staff"],
  totp: ["acme", "staff"],
  roles_owner: ["roles", "owner"],
  roles_admin: ["roles", "admin"],
  roles_staff: ["roles", "staff"],
  roles_doctor: ["roles", "staff"],
  roles_admin_doctor: ["roles", "admin"],
  roles_second: ["roles", "staff"],
  roles_admin2: ["roles", "admin"],
  roles_owner2: ["roles", "owner"],
  roles_twostep: ["roles", "staff"],
  roles_lockout: ["roles", "staff"],
  roles_resettee: ["roles", "staff"],
  // issue #48: countersigns with a qualified signature in tests/e2e/panel-qualified-countersign.test.ts
  qes_doctor: ["acme", "staff"],
  // issue #51: types their name, saves and uses a signature (tests/e2e/panel-countersign-kinds.test.ts)
  sig_doctor: ["imza", "staff"],
} satisfies Record<string, [string, UserRole]>;
/** Seeded with two-factor sign-in on, confirmed with a code of the step before now (so that now's is unspent). */
const TWO_FACTOR_USERS: (keyof typeof USERS)[] = ["totp"];
/** Seeded as physicians (decisions §19), with a registration number. */
const PHYSICIANS: (keyof typeof USERS)[] = ["roles_doctor", "roles_admin_doctor", "qes_doctor", "sig_doctor"];

export type Fixtures = {
  keys: Record<keyof typeof KEYS, KeyFixture>;
  users: Record<keyof typeof USERS, UserFixture>;
  /** an all-scope acme key per test file, so the files never share a rate-limit window */
  fileKeys: Record<string, KeyFixture>;
};

export async function seedFixtures(testFiles: string[]): Promise<Fixtures> {
  await prepareDb();
  try {
    const ids = new Map<string, string>();
    for (const t of TENANTS) {
      const created = await createTenant({ licenseEnds: inOneYear(), ...t });
      ids.set(t.code, created.id);
    }
    const keys = {} as Record<keyof typeof KEYS, KeyFixture>;
    for (const [name, [tenant, scopes, revoked]] of Object.entries(KEYS) as [keyof typeof KEYS, [string, readonly Scope[], boolean?]][]) {
      const k = await createApiKey({ tenantId: ids.get(tenant)!, name: `test ${name}`, scopes: [...scopes] });
      if (revoked) await revokeApiKey(k.id);
      keys[name] = { id: k.id, secret: k.secret, tenant };
    }
    const fileKeys: Record<string, KeyFixture> = {};
    for (const file of testFiles) {
      const k = await createApiKey({ tenantId: ids.get("acme")!, name: `test file ${file}`, scopes: [...SCOPES] });
      fileKeys[file] = { id: k.id, secret: k.secret, tenant: "acme" };
    }
    const users = {} as Record<keyof typeof USERS, UserFixture>;
    for (const [name, [tenant, role]] of Object.entries(USERS) as [keyof typeof USERS, [string, UserRole]][]) {
      const email = `${name.replace(/_/g, "-")}@${tenant}.test`;
      const password = `Parola-${name}-${randomBytes(6).toString("hex")}`;
      const created = await createUser({ tenantId: ids.get(tenant)!, email, password, role, name: `Test ${name}` });
      users[name] = { email, password, role, tenant, id: created.id };
      if (PHYSICIANS.includes(name)) await updateUserPhysician(ids.get(tenant)!, created.id, { isPhysician: true, registrationNo: `TR-${name}` });
      if (TWO_FACTOR_USERS.includes(name)) {
        const { secret } = await startTwoFactor({ tenantId: ids.get(tenant)!, id: created.id, email });
        // The previous step's code, so that the tests' own code of the current step is not a replay.
        // The password check before it may carry the moment past a step's end on a loaded host, and
        // the code then lies two steps back: made again once, it is one step back.
        const confirm = async () => confirmTwoFactor(ids.get(tenant)!, created.id, await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }), password, "192.0.2.10");
        await confirm().catch((err: unknown) => {
          if ((err as { code?: string }).code !== "validation_failed") throw err;
          return confirm();
        });
        users[name].totpSecret = secret;
      }
    }
    return { keys, fileKeys, users };
  } finally {
    await closeDb();
  }
}
