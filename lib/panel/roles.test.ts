import { describe, expect, it } from "vitest";
import { canAccess } from "@/lib/panel/roles";

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
});
