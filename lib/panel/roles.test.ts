import { describe, expect, it } from "vitest";
import { canAccess } from "@/lib/panel/roles";

describe("panel roles", () => {
  it("gives staff consents only", () => {
    expect(canAccess("staff", "consents")).toBe(true);
    expect(canAccess("staff", "dashboard")).toBe(true);
    expect(canAccess("staff", "templates")).toBe(false);
    expect(canAccess("staff", "apiKeys")).toBe(false);
  });
  it("gives admin templates and webhooks but not keys, users or settings", () => {
    expect(canAccess("admin", "templates")).toBe(true);
    expect(canAccess("admin", "webhooks")).toBe(true);
    expect(canAccess("admin", "apiKeys")).toBe(false);
    expect(canAccess("admin", "team")).toBe(false);
    expect(canAccess("admin", "settings")).toBe(false);
  });
  it("gives owner everything and an unknown role nothing", () => {
    for (const area of ["consents", "templates", "webhooks", "apiKeys", "team", "settings"] as const) {
      expect(canAccess("owner", area)).toBe(true);
      expect(canAccess("root", area)).toBe(false);
    }
  });
});
