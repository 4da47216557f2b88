// Issue #49, scope 1 ("roles hold") against the real server: the panel's permission matrix of
// docs/panel.md, every cell, through the pages and the server actions the browser calls; the
// escalation the review found (an admin un-flags a physician, gets a reset link for them, re-flags
// them and signs in as them) refused at each step; every change of a user's sign-in security
// (physician details, two-step sign-in on or off or reset, a lockout, a password reset) ending their
// sessions and written to the action log; the completed link's lock lifted by owner or admin; and the
// limits on the panel's downloads and actions. All in the `roles` tenant, whose users no other file uses.
import { generate } from "otplib";
import { afterEach, describe, expect, it } from "vitest";
import { call, eventually, keys, loopbackClient, run, setServerClock } from "./client";
import { consentBody, createConsent, createTestTemplate, eventsOf } from "./consent-helpers";
import { lastOtp, signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { clientFor, pageStatus, signInPanel, trySignIn, type ActionReply, type PanelClient } from "./panel-actions";

const users = run.fixtures.users;
const TEAM = "lib/actions/team.ts";
const SECURITY = "lib/actions/team-security.ts";
const ACCOUNT = "lib/actions/account.ts";
const SETTINGS_2FA = "lib/actions/settings-two-factor.ts";
const CONSENTS = "lib/actions/consents.ts";
const TEMPLATES = "lib/actions/templates.ts";
const TEMPLATE_FORMS = "lib/actions/template-forms.ts";
const COUNTERSIGN = "lib/actions/countersign.ts";
const QUALIFIED = "lib/actions/qualified-countersign.ts";
/** issue #48: the qualified countersignature's actions, each called on no consent (the physician flag decides, not a role). */
const QUALIFIED_CALLS: [string, (c: PanelClient) => Promise<ActionReply>][] = [
  ["qualified countersign: prepare", (c) => c.action(QUALIFIED, "prepareQualifiedAction", ["ons_yok_boyle_bir_onam", { informedAt: "", certificate: "", chain: [] }])],
  ["qualified countersign: finish", (c) => c.action(QUALIFIED, "finishQualifiedAction", ["ons_yok_boyle_bir_onam", { prepareId: "qp_yok", signature: "AAAA" }])],
  ["qualified countersign: the CSC credentials", (c) => c.action(QUALIFIED, "cscCredentialsAction", [])],
  ["qualified countersign: prepare with CSC", (c) => c.action(QUALIFIED, "cscPrepareAction", ["ons_yok_boyle_bir_onam", { informedAt: "", credentialId: "x" }])],
  ["qualified countersign: sign with CSC", (c) => c.action(QUALIFIED, "cscSignAction", ["ons_yok_boyle_bir_onam", { prepareId: "qp_yok", credentialId: "x", pin: "", otp: "" }])],
];
const RESET = "lib/actions/reset.ts";

const id = (name: keyof typeof users) => users[name].id!;
const fresh = (name: keyof typeof users) => signInPanel(users[name].email, users[name].password);
// One session per user for the whole file (a sign-in is an argon2 hash: the file's time), except
// where a test needs sessions of its own; the sessions that a test ends are never reused.
const sessions = new Map<string, Promise<PanelClient>>();
const REUSED = new Set<string>(["roles_owner", "roles_admin", "roles_staff", "roles_second", "roles_admin_doctor"]);
function signIn(name: keyof typeof users): Promise<PanelClient> {
  if (!REUSED.has(name)) return fresh(name);
  if (!sessions.has(name)) sessions.set(name, fresh(name));
  return sessions.get(name)!;
}
/** The doctor's physician details as seeded (tests/api/fixtures.ts). */
const doctorDetails = { isPhysician: true, name: "Test roles_doctor", registrationNo: "TR-roles_doctor" };

afterEach(async () => {
  await setServerClock(0);
});

/** What the role gate made of an action call: refused (403 page or `forbidden`), or let through to the operation. */
function verdict(r: ActionReply): "allowed" | "forbidden" {
  if (r.status === 403) return "forbidden";
  expect(r.status, "an action answers 200 or the 403 page").toBe(200);
  expect(r.result, "the action's answer").not.toBeNull();
  return r.result!.ok === false && r.result!.code === "forbidden" ? "forbidden" : "allowed";
}

/** The action log's entries on the owner's team page (newest first), as `action target-name`. */
async function actionLog(owner: PanelClient): Promise<string[]> {
  const html = await (await owner.get("/panel/team")).text();
  return [...html.matchAll(/<li[^>]*data-action="([^"]+)"[^>]*>(.*?)<\/li>/g)].map((m) => `${m[1]} ${m[2]!.replace(/<[^>]+>/g, "").split(" · ").at(-1)}`);
}

type Role = "staff" | "admin" | "owner";
const ROLES: Role[] = ["staff", "admin", "owner"];
const actorOf: Record<Role, keyof typeof users> = { staff: "roles_staff", admin: "roles_admin", owner: "roles_owner" };

describe("the permission matrix (docs/panel.md), every cell", { timeout: 180_000 }, () => {
  // Pages: who opens what (200), who gets the 403 page.
  const PAGES: [string, Role[]][] = [
    ["/panel", ["staff", "admin", "owner"]],
    ["/panel/consents", ["staff", "admin", "owner"]],
    ["/panel/consents/export", ["staff", "admin", "owner"]],
    ["/panel/account", ["staff", "admin", "owner"]],
    ["/panel/account/password", ["staff", "admin", "owner"]],
    ["/panel/templates", ["admin", "owner"]],
    ["/panel/webhooks", ["admin", "owner"]],
    ["/panel/team", ["admin", "owner"]],
    ["/panel/api-keys", ["owner"]],
    ["/panel/settings", ["owner"]],
    // Not a role: the physician flag (below).
    ["/panel/countersign", []],
  ];
  // Actions: [row, who may, call]. An allowed call is made so that it changes nothing (a no-op, an
  // unknown id, invalid input): the cell is about the gate, the operations have tests of their own.
  const target = { staff: "roles_second", physician: "roles_doctor", admin: "roles_admin2", owner: "roles_owner2" } as const;
  const ACTIONS: [string, Role[], (c: PanelClient, self: string) => Promise<ActionReply>][] = [
    ["add a user", ["owner"], (c) => c.action(TEAM, "createUserAction", [{ email: "not-an-email", name: "", password: "", role: "staff", isPhysician: false, registrationNo: "" }])],
    ["change a member's role", ["owner"], (c) => c.action(TEAM, "setTeamMemberAction", [id(target.staff), { role: "staff" }])],
    ["switch a member's account off or on", ["owner"], (c) => c.action(TEAM, "setTeamMemberAction", [id(target.staff), { active: true }])],
    ["a member's physician flag, name, registration number", ["owner"], (c) => c.action(TEAM, "setPhysicianAction", [id(target.physician), doctorDetails])],
    ["one's own physician flag", [], (c, self) => c.action(TEAM, "setPhysicianAction", [self, { isPhysician: true, name: "Dr. Kendim", registrationNo: "1" }])],
    ["reset link for staff", ["admin", "owner"], (c) => c.action(SECURITY, "createResetLinkAction", [id(target.staff)])],
    ["reset link for a physician", ["owner"], (c) => c.action(SECURITY, "createResetLinkAction", [id(target.physician)])],
    ["reset link for an admin", ["owner"], (c) => c.action(SECURITY, "createResetLinkAction", [id(target.admin)])],
    ["reset link for an owner", ["owner"], (c) => c.action(SECURITY, "createResetLinkAction", [id(target.owner)])],
    ["reset a member's two-step sign-in", ["owner"], (c) => c.action(SECURITY, "resetTwoFactorAction", [id(target.physician)])],
    ["require two-step sign-in (settings)", ["owner"], (c) => c.action(SETTINGS_2FA, "setTwoFactorRequiredAction", [false])],
    // issue #52: an unknown starter form changes nothing; a measure writes nothing
    ["copy a starter form", ["admin", "owner"], (c) => c.action(TEMPLATE_FORMS, "copyStarterTemplateAction", ["yok-boyle-bir-form"])],
    ["measure a text's readability", ["admin", "owner"], (c) => c.action(TEMPLATE_FORMS, "measureReadabilityAction", ["<p>Bir iki üç.</p>"])],
    ["lift a completed link's lock", ["admin", "owner"], (c) => c.action(CONSENTS, "unlockLinkAction", ["ons_yok_boyle_bir_onam"])],
    ["one's own two-step sign-in", ["staff", "admin", "owner"], (c) => c.action(ACCOUNT, "startTwoFactorAction", [])],
    ["re-consent of chosen rows", ["staff", "admin", "owner"], (c) => c.action("lib/actions/template-reconsent.ts", "sendReconsentsAction", ["yok-boyle-sablon", ["ons_yok_boyle_bir_onam"]])],
    // issue #51: nothing typed changes nothing (and counts no wrong password)
    ["one's own password", ["staff", "admin", "owner"], (c) => c.action(ACCOUNT, "changePasswordAction", [{ currentPassword: "", newPassword: "" }])],
    ["countersign (physician flag, not a role)", [], (c) => c.action(COUNTERSIGN, "countersignAction", ["ons_yok_boyle_bir_onam", { informedAt: "", signature: null, password: "x" }])],
    ...QUALIFIED_CALLS.map(([row, call]): (typeof ACTIONS)[number] => [`${row} (physician flag, not a role)`, [], (c) => call(c)]),
  ];

  it("opens each page to the roles that may, and the 403 page to the others", async () => {
    for (const role of ROLES) {
      const c = await signIn(actorOf[role]);
      for (const [page, may] of PAGES) expect(await pageStatus(c, page), `${role} ${page}`).toBe(may.includes(role) ? 200 : 403);
    }
    // The physician flag opens the queue, whatever the role.
    for (const physician of ["roles_doctor", "roles_admin_doctor"] as const) expect(await pageStatus(await signIn(physician), "/panel/countersign"), physician).toBe(200);
  });

  it("lets each action through for the roles that may, and refuses it to the others", async () => {
    for (const role of ROLES) {
      const c = await signIn(actorOf[role]);
      for (const [row, may, call] of ACTIONS) expect(verdict(await call(c, id(actorOf[role]))), `${role}: ${row}`).toBe(may.includes(role) ? "allowed" : "forbidden");
    }
    // Countersigning: the physician flag, as staff or admin.
    for (const physician of ["roles_doctor", "roles_admin_doctor"] as const) {
      const c = await signIn(physician);
      expect(verdict(await c.action(COUNTERSIGN, "countersignAction", ["ons_yok_boyle_bir_onam", { informedAt: "", signature: null, password: "x" }])), physician).toBe("allowed");
      for (const [row, call] of QUALIFIED_CALLS) expect(verdict(await call(c)), `${physician}: ${row}`).toBe("allowed");
    }
    // Nobody makes a reset link for themselves, nor resets their own two-step sign-in from the team page.
    for (const role of ["admin", "owner"] as const) {
      const c = await signIn(actorOf[role]);
      const own = await c.action(SECURITY, "createResetLinkAction", [id(actorOf[role])]);
      expect(own.result, role).toMatchObject({ ok: false });
    }
    const owner = await signIn("roles_owner");
    expect((await owner.action(SECURITY, "resetTwoFactorAction", [id("roles_owner")])).result).toMatchObject({ ok: false, code: "invalid_state" });
    // The owner's no-op on the doctor's details changed nothing, so nothing was logged.
    expect((await actionLog(owner)).filter((e) => e.startsWith("user.physician"))).toEqual([]);
  });
});

describe("the escalation of issue #49", { timeout: 180_000 }, () => {
  it("keeps an admin from acting as a physician at every step, even with the owner's unwitting help", async () => {
    const admin = await signIn("roles_admin");
    const owner = await signIn("roles_owner");
    const doctor = await signIn("roles_doctor");
    expect(await pageStatus(doctor, "/panel/countersign")).toBe(200);

    // 1. The admin un-flags the physician: refused, nothing changes, the physician's session goes on.
    expect(verdict(await admin.action(TEAM, "setPhysicianAction", [id("roles_doctor"), { isPhysician: false, name: "", registrationNo: "" }]))).toBe("forbidden");
    expect(await pageStatus(doctor, "/panel/countersign")).toBe(200);
    // 2. A reset link for the physician: refused.
    expect((await admin.action(SECURITY, "createResetLinkAction", [id("roles_doctor")])).result).toMatchObject({ ok: false, code: "forbidden" });
    // 3. The admin marks themselves a physician with any name and number: refused; so is the owner for themselves.
    expect(verdict(await admin.action(TEAM, "setPhysicianAction", [id("roles_admin"), { isPhysician: true, name: "Dr. Sahte Hekim", registrationNo: "999" }]))).toBe("forbidden");
    expect((await owner.action(TEAM, "setPhysicianAction", [id("roles_owner"), { isPhysician: true, name: "Dr. Sahip", registrationNo: "1" }])).result).toMatchObject({ ok: false, code: "forbidden" });
    expect(await pageStatus(admin, "/panel/countersign")).toBe(403);

    // 4. With the owner un-flagging the physician (a change that ends the physician's session), the
    // admin's reset link made meanwhile dies when the owner flags them again: checked when used, too.
    expect((await owner.action(TEAM, "setPhysicianAction", [id("roles_doctor"), { isPhysician: false, name: "", registrationNo: "" }])).result).toMatchObject({ ok: true });
    expect(await pageStatus(doctor, "/panel/account"), "the un-flagged physician's session ended").toBe(401);
    const link = await admin.action<{ url: string }>(SECURITY, "createResetLinkAction", [id("roles_doctor")]);
    expect(link.result).toMatchObject({ ok: true });
    const token = new URL(link.result!.ok ? link.result!.data.url : "").pathname.split("/").at(-1)!;
    expect((await owner.action(TEAM, "setPhysicianAction", [id("roles_doctor"), doctorDetails])).result).toMatchObject({ ok: true });
    const reset = await clientFor("").action(RESET, "resetPasswordAction", [token, { password: "admin-bildigi-parola" }], `/panel/reset/${token}`);
    expect(reset.result).toMatchObject({ ok: false, code: "forbidden" });
    expect((await trySignIn(users.roles_doctor.email, "admin-bildigi-parola")).session, "the admin's password opens nothing").toBeNull();
    const again = await signIn("roles_doctor");
    expect(await pageStatus(again, "/panel/countersign")).toBe(200);

    // Both of the owner's changes are in the action log, naming the physician.
    expect((await actionLog(owner)).filter((e) => e.startsWith("user.physician")).slice(0, 2)).toEqual(["user.physician Test roles_doctor", "user.physician Test roles_doctor"]);
  });

  it("closes an admin's link for staff once the member is made an admin before it is used", async () => {
    const admin = await signIn("roles_admin");
    const owner = await signIn("roles_owner");
    const link = await admin.action<{ url: string }>(SECURITY, "createResetLinkAction", [id("roles_second")]);
    expect(link.result).toMatchObject({ ok: true });
    const token = new URL(link.result!.ok ? link.result!.data.url : "").pathname.split("/").at(-1)!;
    expect((await owner.action(TEAM, "setTeamMemberAction", [id("roles_second"), { role: "admin" }])).result).toMatchObject({ ok: true });
    try {
      const reset = await clientFor("").action(RESET, "resetPasswordAction", [token, { password: "yeni-parola-123" }], `/panel/reset/${token}`);
      expect(reset.result).toMatchObject({ ok: false, code: "forbidden" });
    } finally {
      expect((await owner.action(TEAM, "setTeamMemberAction", [id("roles_second"), { role: "staff" }])).result).toMatchObject({ ok: true });
    }
  });
});

describe("sessions ended by sign-in security changes", { timeout: 180_000 }, () => {
  it("ends the other sessions when a user turns two-step sign-in on and off, keeping the one that did it", async () => {
    const u = users.roles_twostep;
    const here = await signIn("roles_twostep");
    const elsewhere = await signIn("roles_twostep");
    const started = await here.action<{ secret: string }>(ACCOUNT, "startTwoFactorAction", []);
    const secret = started.result!.ok ? started.result!.data.secret : "";
    const on = await here.action(ACCOUNT, "confirmTwoFactorAction", [await generate({ secret }), u.password]);
    expect(on.result).toMatchObject({ ok: true });
    expect(await pageStatus(here, "/panel/account"), "the session that turned it on").toBe(200);
    expect(await pageStatus(elsewhere, "/panel/account"), "another session").toBe(401);

    const third = await signInPanel(u.email, u.password, await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    const off = await here.action(ACCOUNT, "disableTwoFactorAction", [u.password]);
    expect(off.result).toMatchObject({ ok: true });
    expect(await pageStatus(here, "/panel/account")).toBe(200);
    expect(await pageStatus(third, "/panel/account")).toBe(401);
    const owner = await signIn("roles_owner");
    const log = await actionLog(owner);
    expect(log.slice(0, 2)).toEqual(["user.two_factor_off Test roles_twostep", "user.two_factor_on Test roles_twostep"]);
  });

  it("ends every session of a member whose two-step sign-in the owner resets", async () => {
    const u = users.roles_twostep;
    const here = await signIn("roles_twostep");
    const started = await here.action<{ secret: string }>(ACCOUNT, "startTwoFactorAction", []);
    const secret = started.result!.ok ? started.result!.data.secret : "";
    expect((await here.action(ACCOUNT, "confirmTwoFactorAction", [await generate({ secret }), u.password])).result).toMatchObject({ ok: true });
    expect(await pageStatus(here, "/panel/account")).toBe(200);
    const owner = await signIn("roles_owner");
    expect((await owner.action(SECURITY, "resetTwoFactorAction", [id("roles_twostep")])).result).toMatchObject({ ok: true });
    expect(await pageStatus(here, "/panel/account")).toBe(401);
    expect((await actionLog(owner))[0]).toBe("user.two_factor_reset Test roles_twostep");
  });

  it("ends every session of a user whose account locks, and of one whose password is reset", async () => {
    const locked = await signIn("roles_lockout");
    // From an address of its own: the wrong passwords count against it, not the other files' 127.0.0.1.
    const from = loopbackClient("127.0.0.49");
    for (let i = 0; i < 5; i++) {
      const csrf = await from("GET", "/api/auth/csrf");
      const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
      await from("POST", "/api/auth/callback/credentials", new URLSearchParams({ email: users.roles_lockout.email, password: "yanlis-parola", csrfToken, json: "true" }).toString(), {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: csrf.setCookies.map((c) => c.split(";")[0]).join("; "),
      });
    }
    expect(await pageStatus(locked, "/panel/account")).toBe(401);

    const member = await signIn("roles_resettee");
    const owner = await signIn("roles_owner");
    const link = await owner.action<{ url: string }>(SECURITY, "createResetLinkAction", [id("roles_resettee")]);
    const token = new URL(link.result!.ok ? link.result!.data.url : "").pathname.split("/").at(-1)!;
    expect(await pageStatus(member, "/panel/account"), "a link alone ends nothing").toBe(200);
    const password = "yepyeni-parola-49";
    expect((await clientFor("").action(RESET, "resetPasswordAction", [token, { password }], `/panel/reset/${token}`)).result).toMatchObject({ ok: true });
    expect(await pageStatus(member, "/panel/account")).toBe(401);
    // Issue #51: a password set through someone else's link opens only the change-password page until changed.
    const after = await signInPanel(users.roles_resettee.email, password);
    expect(await pageStatus(after, "/panel/account/password")).toBe(200);
    const account = await after.get("/panel/account");
    await account.arrayBuffer();
    expect(account.headers.get("location") ?? "").toContain("/panel/account/password");
  });
});

describe("a completed consent's link lock, lifted by the clinic", { timeout: 180_000 }, () => {
  it("is lifted by an admin (not staff), logged, and the person's new code opens the link at once", async () => {
    const key = { key: keys.roles };
    const c = await createConsent(consentBody(await createTestTemplate(key)), key);
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    // Not waiting for the document through the link: its polls would count against the link's limit.
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, run.url, { waitForDocument: false })).status).toBe(200);
    // Its completion over (the document and the first timestamp cycle), so that the records below come after it.
    await eventually(async () => {
      const got = (await call<{ status: string; document: unknown; timestamp: { status: string } }>("GET", `/v1/consents/${c.id}`, key)).body;
      return got.status === "completed" && got.document !== null && got.timestamp.status !== "queued";
    }, 60_000);
    let offset = 0;
    for (let code = 1; code <= 3; code++) {
      await setServerClock((offset += 61_000));
      expect((await signer(token, "otp")).status).toBe(200);
      const right = lastOtp(c.id);
      for (let i = 0; i < 5; i++) await signer(token, "verify", { code: right === "000000" ? "111111" : "000000" });
    }
    expect((await signer(token, "otp")).body).toMatchObject({ reason: "link_locked" });

    const staff = await signIn("roles_staff");
    const admin = await signIn("roles_admin");
    expect(await (await admin.get(`/panel/consents/${c.id}`)).text()).toContain("Kilidi kaldır");
    expect(verdict(await staff.action(CONSENTS, "unlockLinkAction", [c.id]))).toBe("forbidden");
    expect((await signer(token, "otp")).body).toMatchObject({ reason: "link_locked" });
    expect((await admin.action(CONSENTS, "unlockLinkAction", [c.id])).result).toMatchObject({ ok: true });
    // At once, without waiting for the lock to end: a new code, then the copy's session.
    await setServerClock((offset += 61_000));
    expect((await signer(token, "otp")).status).toBe(200);
    expect((await signer(token, "verify", { code: lastOtp(c.id) })).status).toBe(200);
    // Not locked any more: a second lift is refused as such.
    expect((await admin.action(CONSENTS, "unlockLinkAction", [c.id])).result).toMatchObject({ ok: false, code: "invalid_state" });
    expect(await (await admin.get(`/panel/consents/${c.id}`)).text()).not.toContain("Kilidi kaldır");
    const events = (await eventsOf(c.id, key)).data;
    expect(events.filter((e) => e.event === "link_kilidi_kaldirildi")).toEqual([expect.objectContaining({ actor: `panel:${id("roles_admin")}` })]);
    expect(events.at(-1)?.event).toBe("otp_dogrulandi");
    expect((await actionLog(await signIn("roles_owner")))[0]).toBe(`consent.link_unlock ${c.id}`);
    // Another tenant's consent is not found.
    const other = await createConsent(consentBody(await createTestTemplate()));
    expect((await admin.action(CONSENTS, "unlockLinkAction", [other.id])).result).toMatchObject({ ok: false, code: "not_found" });
  });
});

describe("rate limits on the panel", { timeout: 180_000 }, () => {
  it("answers 429 with Retry-After past 10 list downloads a minute per user", async () => {
    // Not roles_staff: the matrix downloaded a list as them within the minute.
    const c = await signIn("roles_second");
    for (let i = 0; i < 10; i++) expect((await c.get("/panel/consents/export")).status, `download ${i + 1}`).toBe(200);
    const refused = await c.get("/panel/consents/export");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await c.get("/panel/consents/documents")).status).toBe(429);
    // Another user is not affected.
    expect((await (await signIn("roles_admin")).get("/panel/consents/export")).status).toBe(200);
  });

  it("answers rate_limited past 120 server actions a minute per session", async () => {
    const c = await fresh("roles_owner");
    const codes: string[] = [];
    // Eight at a time: the count is the server's, whatever the order.
    for (let i = 0; i < 121; i += 8) {
      const batch = await Promise.all(Array.from({ length: Math.min(8, 121 - i) }, () => c.action(CONSENTS, "unlockLinkAction", ["ons_yok_boyle_bir_onam"])));
      codes.push(...batch.map((r) => (r.result?.ok === false ? r.result.code : "ok")));
    }
    expect(codes.filter((x) => x === "not_found")).toHaveLength(120);
    expect(codes.filter((x) => x === "rate_limited")).toHaveLength(1);
    // Another session counts apart.
    expect((await (await signIn("roles_owner")).action(CONSENTS, "unlockLinkAction", ["ons_yok_boyle_bir_onam"])).result).toMatchObject({ ok: false, code: "not_found" });
  });

  it("renders at most 240 live template previews a minute per session, apart from its actions", async () => {
    const c = await fresh("roles_admin");
    const previews: unknown[] = [];
    for (let i = 0; i < 241; i += 8) {
      const batch = await Promise.all(Array.from({ length: Math.min(8, 241 - i) }, () => c.action(TEMPLATES, "previewTemplateAction", ["<p>Önizleme</p>", []])));
      previews.push(...batch.map((r) => r.result));
    }
    expect(previews.filter((p) => typeof p === "string" && p.includes("Önizleme"))).toHaveLength(240);
    expect(previews.filter((p) => p === "")).toHaveLength(1);
    // The form's own actions are not used up by typing.
    expect((await c.action(CONSENTS, "unlockLinkAction", ["ons_yok_boyle_bir_onam"])).result).toMatchObject({ ok: false, code: "not_found" });
  });
});
