import { describe, expect, it } from "vitest";
import { canAccess, mayChangePhysician, mayResetPasswordOf, panelAccess } from "@/lib/users/roles";

describe("panel roles", () => {
  it("gives staff consents only", () => {
    expect(canAccess("staff", "consents")).toBe(true);
    expect(canAccess("staff", "dashboard")).toBe(true);
    expect(canAccess("staff", "templates")).toBe(false);
    expect(canAccess("staff", "apiKeys")).toBe(false);
    expect(canAccess("staff", "team")).toBe(false);
  });
  it("gives admin templates, webhooks and the team's physician details but not keys, new users or settings", () => {
    expect(canAccess("admin", "templates")).toBe(true);
    expect(canAccess("admin", "webhooks")).toBe(true);
    expect(canAccess("admin", "team")).toBe(true);
    expect(canAccess("admin", "addUsers")).toBe(false);
    expect(canAccess("admin", "apiKeys")).toBe(false);
    expect(canAccess("admin", "settings")).toBe(false);
  });
  it("gives owner everything and an unknown role nothing", () => {
    for (const area of ["consents", "templates", "webhooks", "apiKeys", "team", "addUsers", "settings"] as const) {
      expect(canAccess("owner", area)).toBe(true);
      expect(canAccess("root", area)).toBe(false);
    }
  });
  it("lets an owner reset anyone's password and an admin only staff's", () => {
    const as = (role: string, isPhysician = false) => ({ role, isPhysician });
    for (const target of ["owner", "admin", "staff"]) expect(mayResetPasswordOf("owner", as(target, true))).toBe(true);
    expect(mayResetPasswordOf("admin", as("staff"))).toBe(true);
    // A physician's password is the countersignature's proof: an owner's decision only.
    expect(mayResetPasswordOf("admin", as("staff", true))).toBe(false);
    expect(mayResetPasswordOf("admin", as("admin"))).toBe(false);
    expect(mayResetPasswordOf("admin", as("owner"))).toBe(false);
    expect(mayResetPasswordOf("staff", as("staff"))).toBe(false);
    expect(mayResetPasswordOf("owner", as("root"))).toBe(false);
  });
  it("lets every role open its own account", () => {
    for (const role of ["owner", "admin", "staff"]) expect(canAccess(role, "account")).toBe(true);
  });

  it("keeps a user whose institution requires two-step sign-in they lack to their own account", () => {
    const pending = { role: "owner", mustSetUpTwoFactor: true };
    expect(panelAccess(pending, "account")).toBe("ok");
    expect(panelAccess(pending, "consents")).toBe("two_factor_setup");
    expect(panelAccess({ role: "staff", mustSetUpTwoFactor: false }, "team")).toBe("forbidden");
    expect(panelAccess({ role: "staff", mustSetUpTwoFactor: false }, "consents")).toBe("ok");
  });

  it("keeps a user whose password someone else set to the change-password page (issue #51), before two-step setup", () => {
    const pending = { role: "owner", mustSetUpTwoFactor: false, mustChangePassword: true };
    expect(panelAccess(pending, "password")).toBe("ok");
    for (const area of ["account", "dashboard", "consents", "team", "settings"] as const) expect(panelAccess(pending, area), area).toBe("password_change");
    expect(panelAccess({ ...pending, mustSetUpTwoFactor: true }, "consents")).toBe("password_change");
    // Once changed, the two-step setup holds them to their account, whose password page stays open.
    const twoStep = { role: "staff", mustSetUpTwoFactor: true, mustChangePassword: false };
    expect(panelAccess(twoStep, "password")).toBe("ok");
    expect(panelAccess(twoStep, "account")).toBe("ok");
    expect(panelAccess(twoStep, "consents")).toBe("two_factor_setup");
    expect(["staff", "admin", "owner"].map((r) => canAccess(r, "password"))).toEqual([true, true, true]);
  });

  it("leaves who is a physician to an owner, never for themselves, and lets owner and admin lift a link lock (issue #49)", () => {
    expect(mayChangePhysician({ id: "usr_o", role: "owner" }, "usr_x")).toBe(true);
    expect(mayChangePhysician({ id: "usr_o", role: "owner" }, "usr_o")).toBe(false);
    expect(mayChangePhysician({ id: "usr_a", role: "admin" }, "usr_x")).toBe(false);
    expect(mayChangePhysician({ id: "usr_s", role: "staff" }, "usr_x")).toBe(false);
    expect(["staff", "admin", "owner"].map((r) => canAccess(r, "unlockLink"))).toEqual([false, true, true]);
    expect(["staff", "admin", "owner"].map((r) => canAccess(r, "physicians"))).toEqual([false, false, true]);
  });
});
