// Issue #51, accounts, against the real server: a user the owner adds on the Team page signs in with
// the password the owner typed and is then held to the change-password page — every other page,
// server action and download sends them there — until they change it; the current password is asked
// (a wrong one refused, naming the field), the new one must differ; the change ends the user's other
// sessions but the one that made it, opens the panel, shows on the Team page and in the action log.
// In the `roles` tenant, with a user of its own made here.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { run } from "./client";
import { pageStatus, signInPanel, trySignIn, type PanelClient } from "./panel-actions";

const users = run.fixtures.users;
const TEAM = "lib/actions/team.ts";
const ACCOUNT = "lib/actions/account.ts";
const CONSENTS = "lib/actions/consents.ts";
const PASSWORD_PATH = "/panel/account/password";

/** Where a page sends the client (its redirect's path), or its status when it answers itself. */
async function landing(c: PanelClient, pathname: string): Promise<string> {
  const res = await c.get(pathname);
  await res.arrayBuffer();
  const to = res.headers.get("location");
  return to ? new URL(to, run.url).pathname : String(res.status);
}

/** The owner's Team page entry of the member with this e-mail. */
async function teamEntry(owner: PanelClient, email: string): Promise<string> {
  const html = await (await owner.get("/panel/team")).text();
  const entry = [...html.matchAll(/<li[^>]*data-email="([^"]+)"[^>]*>([\s\S]*?)<\/li>/g)].find((m) => m[1] === email);
  expect(entry, `${email} on the Team page`).toBeDefined();
  return entry![2]!;
}

describe("a password someone else set", { timeout: 120_000 }, () => {
  it("holds the user to the change-password page until they change it, then ends their other sessions", async () => {
    const owner = await signInPanel(users.roles_owner.email, users.roles_owner.password);
    const email = `yeni-${randomBytes(4).toString("hex")}@roles.test`;
    const typed = `Sahibin-Yazdigi-${randomBytes(3).toString("hex")}`;
    const created = await owner.action(TEAM, "createUserAction", [{ email, name: "Yeni Üye", password: typed, role: "staff", isPhysician: false, registrationNo: "" }]);
    expect(created.result).toMatchObject({ ok: true });
    expect(await teamEntry(owner, email)).toContain("İlk girişte parolasını değiştirecek");

    // The owner's password signs in, in two places (a desk left signed in, and here).
    const elsewhere = await signInPanel(email, typed);
    const here = await signInPanel(email, typed);
    for (const page of ["/panel", "/panel/consents", "/panel/account", "/panel/consents/new", "/panel/consents/export"]) {
      expect(await landing(here, page), page).toBe(PASSWORD_PATH);
    }
    expect(await landing(here, PASSWORD_PATH)).toBe("200");
    const html = await (await here.get(PASSWORD_PATH)).text();
    expect(html).toContain("Parolanızı bir başkası (kurum yöneticiniz) belirledi.");
    // No menu: the change-password page is all there is.
    expect(html).not.toContain('href="/panel/consents"');
    // Server actions do nothing: none gives its answer (the gate redirects) where an allowed call would (not_found, validation_failed).
    for (const [file, name, args] of [
      [CONSENTS, "cancelConsentAction", ["ons_yok_boyle_bir_onam", "deneme"]],
      [CONSENTS, "createConsentAction", [{}]],
      [ACCOUNT, "startTwoFactorAction", []],
    ] as const) {
      const r = await here.action(file, name, [...args]);
      // The gate's redirect answers with the change-password page's payload, never the action's own answer.
      const answered = typeof r.result === "object" && r.result !== null && "ok" in r.result;
      expect(answered, `${name}: ${JSON.stringify(r.result)?.slice(0, 200)}`).toBe(false);
    }

    // The current password is asked: missing or wrong, refused naming it; the new one must differ.
    const change = (currentPassword: string, newPassword: string) => here.action(ACCOUNT, "changePasswordAction", [{ currentPassword, newPassword }]);
    expect((await change("", "Benim-Parolam-51")).result).toMatchObject({ ok: false, code: "validation_failed", fieldErrors: { currentPassword: [expect.any(String)] } });
    expect((await change("yanlis-parola", "Benim-Parolam-51")).result).toMatchObject({ ok: false, code: "unauthorized", fieldErrors: { currentPassword: ["Parola hatalı."] } });
    expect((await change(typed, "kisa")).result).toMatchObject({ ok: false, code: "validation_failed", fieldErrors: { newPassword: [expect.any(String)] } });
    expect((await change(typed, typed)).result).toMatchObject({ ok: false, code: "validation_failed", fieldErrors: { newPassword: ["Yeni parola şimdikinden farklı olmalı."] } });
    expect(await landing(here, "/panel"), "still held after refusals").toBe(PASSWORD_PATH);
    expect(await pageStatus(elsewhere, PASSWORD_PATH), "refusals end no session").toBe(200);

    expect((await change(typed, "Benim-Parolam-51")).result).toMatchObject({ ok: true });
    // The session that changed it goes on, and the panel opens; the other session ended.
    expect(await landing(here, "/panel")).toBe("200");
    expect(await landing(here, "/panel/consents")).toBe("200");
    expect(await pageStatus(elsewhere, "/panel/account")).toBe(401);
    // The owner's password opens nothing now; the user's own does, straight into the panel.
    expect((await trySignIn(email, typed)).session).toBeNull();
    const again = await signInPanel(email, "Benim-Parolam-51");
    expect(await landing(again, "/panel")).toBe("200");
    expect(await teamEntry(owner, email)).not.toContain("İlk girişte parolasını değiştirecek");
    const log = await (await owner.get("/panel/team")).text();
    expect(log).toMatch(/data-action="user\.password_change"[^>]*>[\s\S]*?Yeni Üye[\s\S]*?Parolasını değiştirdi/);
  });

  it("lets a user whose password is their own change it from their account page, ending their other sessions", async () => {
    const owner = await signInPanel(users.roles_owner.email, users.roles_owner.password);
    const email = `kendi-${randomBytes(4).toString("hex")}@roles.test`;
    const typed = `Ilk-Parola-${randomBytes(3).toString("hex")}`;
    expect((await owner.action(TEAM, "createUserAction", [{ email, name: "Kendi Parolası", password: typed, role: "admin", isPhysician: false, registrationNo: "" }])).result).toMatchObject({ ok: true });
    const first = await signInPanel(email, typed);
    expect((await first.action(ACCOUNT, "changePasswordAction", [{ currentPassword: typed, newPassword: "Ikinci-Parola-1" }])).result).toMatchObject({ ok: true });
    // Now an ordinary user: the account page links the change-password page, which changes it again.
    const a = await signInPanel(email, "Ikinci-Parola-1");
    const b = await signInPanel(email, "Ikinci-Parola-1");
    expect(await (await a.get("/panel/account")).text()).toContain(`href="${PASSWORD_PATH}"`);
    expect(await pageStatus(a, "/panel/templates")).toBe(200);
    expect((await a.action(ACCOUNT, "changePasswordAction", [{ currentPassword: "Ikinci-Parola-1", newPassword: "Ucuncu-Parola-1" }])).result).toMatchObject({ ok: true });
    expect(await pageStatus(a, "/panel/templates")).toBe(200);
    expect(await pageStatus(b, "/panel/templates")).toBe(401);
    expect(await pageStatus(first, "/panel/templates")).toBe(401);
  });
});
