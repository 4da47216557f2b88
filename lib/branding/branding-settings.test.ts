// The owner's branding settings on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// each field checked and normalised, a refusal naming its field, the logo stored in its two forms at
// an address no other tenant shares, removal, the action log — and nothing of one tenant reaches another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";
import { AppError } from "@/lib/errors";
import { HOSTILE_SVG, largePng, LOGO_SVG, logoPng } from "@/tests/fixtures/logos";

const testDb = useTestDatabase("branding");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { updateBranding } = await import("./update-branding");
const { putTenantLogo } = await import("./put-tenant-logo");
const { removeTenantLogo } = await import("./remove-tenant-logo");
const { getTenantBranding } = await import("./get-tenant-branding");
const { getPublicLogoOrThrow } = await import("./get-public-logo");
const { getDocumentBranding } = await import("./get-document-branding");
const { listPanelActions } = await import("@/lib/users/panel-audit");

let tenant: string;
let other: string;
const owner = "usr_owner";
/** The sender name the SMS senders read with the tenant (send-link-sms.ts, signingRow). */
const getSmsSender = async (tenantId: string) => (await db().tenantBranding.findUnique({ where: { tenantId }, select: { smsSender: true } }))?.smsSender ?? null;
const upload = (bytes: Buffer | string, contentType: string) => ({ contentType, read: async () => Buffer.from(bytes) });

async function fieldErrors(run: Promise<unknown>): Promise<Record<string, string[]>> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe("validation_failed");
  return (err as AppError).errors ?? {};
}

const fileOf = (url: string) => url.slice("/brand/".length);

beforeAll(async () => {
  await prepareDb();
  tenant = (await createTenant({ code: "marka", name: "Marka Kliniği" })).id;
  other = (await createTenant({ code: "marka-diger", name: "Diğer Klinik" })).id;
});
afterAll(() => testDb.cleanup());

describe("the institution's details", () => {
  it("stores them normalised: the phone in E.164, the address's line breaks, the URL as parsed", async () => {
    const saved = await updateBranding(tenant, owner, {
      address: "  Atatürk Cad. No: 1\r\nKadıköy / İstanbul  ",
      phone: "0216 555 12 34",
      privacyUrl: "https://marka.example/kvkk",
      smsSender: "MARKA KLNK",
      ignored: "x",
    });
    expect(saved).toEqual({ address: "Atatürk Cad. No: 1\nKadıköy / İstanbul", phone: "+902165551234", privacyUrl: "https://marka.example/kvkk", smsSender: "MARKA KLNK" });
    const shown = await getTenantBranding(tenant);
    expect(shown).toMatchObject({ phone: { e164: "+902165551234", display: "+90 216 555 12 34" }, smsSender: "MARKA KLNK", logo: null });
    expect(await getSmsSender(tenant)).toBe("MARKA KLNK");
    // Another tenant has none of it.
    expect(await getSmsSender(other)).toBeNull();
    expect(await getTenantBranding(other)).toMatchObject({ address: null, phone: null, privacyUrl: null, smsSender: null, logo: null });
    expect(await getDocumentBranding(other)).toBeNull();
  });

  it("refuses what is not right with 422 naming each field, and changes nothing", async () => {
    const errors = await fieldErrors(
      updateBranding(tenant, owner, {
        address: "x".repeat(301),
        phone: "12345",
        privacyUrl: "http://marka.example/kvkk",
        smsSender: "MARKAKLINIGI",
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(["address", "phone", "privacyUrl", "smsSender"]);
    expect(errors.privacyUrl).toEqual(["https:// ile başlayan bir adres olmalı"]);
    expect(errors.smsSender?.[0]).toMatch(/3–11 karakter/);
    for (const [field, value] of [
      ["smsSender", "ŞİFA"],
      ["smsSender", "AB"],
      ["smsSender", "..."],
      ["privacyUrl", "javascript:alert(1)"],
      ["privacyUrl", "https://user:pw@marka.example/"],
      ["privacyUrl", `https://marka.example/${"a".repeat(480)}`],
      ["phone", "0212 555 12 34 dahili 5"],
      ["address", "Satır\u0000"],
    ] as const) {
      const e = await fieldErrors(updateBranding(tenant, owner, { [field]: value }));
      expect(Object.keys(e), `${field}=${value}`).toEqual([field]);
    }
    expect(await getSmsSender(tenant)).toBe("MARKA KLNK");
  });

  it("accepts 3 and 11 characters, a 444 number, and clears a field left empty", async () => {
    expect((await updateBranding(tenant, owner, { smsSender: "A.B", phone: "444 0 123" })).phone).toBe("+904440123");
    expect((await updateBranding(tenant, owner, { smsSender: "Marka-Klnk1", address: "", privacyUrl: "  " })).smsSender).toBe("Marka-Klnk1");
    expect(await getTenantBranding(tenant)).toMatchObject({ address: null, privacyUrl: null, phone: null, smsSender: "Marka-Klnk1" });
  });
});

describe("the logo", () => {
  it("stores a PNG at an address that names neither the tenant nor the bytes, different for another tenant", async () => {
    const png = await logoPng();
    const mine = await putTenantLogo(tenant, owner, upload(png, "image/png"));
    const theirs = await putTenantLogo(other, "usr_other", upload(png, "image/png"));
    expect(mine.url).toMatch(/^\/brand\/[0-9a-f]{32}\.png$/);
    expect(theirs.url).not.toBe(mine.url);
    expect(mine.url).not.toContain(tenant);
    const served = await getPublicLogoOrThrow(fileOf(mine.url));
    expect(served.contentType).toBe("image/png");
    expect(served.bytes.subarray(0, 4).toString("latin1")).toBe("\x89PNG");
    // The other extension, an unknown key, a malformed name: not found.
    for (const file of [fileOf(mine.url).replace(".png", ".svg"), `${"0".repeat(32)}.png`, "../x.png", `${fileOf(mine.url)}x`]) {
      await expect(getPublicLogoOrThrow(file)).rejects.toMatchObject({ code: "not_found" });
    }
    const doc = await getDocumentBranding(tenant);
    expect(doc?.logo).toMatchObject({ width: 240, height: 80 });
  });

  it("replaces it with a sanitized SVG, whose address changes; the old address is gone", async () => {
    const before = (await getTenantBranding(tenant)).logo!.url;
    const stored = await putTenantLogo(tenant, owner, upload(HOSTILE_SVG, "image/svg+xml"));
    expect(stored.removed).toEqual(["image", "on*", "script"]);
    expect(stored.url).toMatch(/\.svg$/);
    await expect(getPublicLogoOrThrow(fileOf(before))).rejects.toMatchObject({ code: "not_found" });
    const svg = (await getPublicLogoOrThrow(fileOf(stored.url))).bytes.toString("utf8");
    expect(svg).not.toMatch(/script|onload|evil|image/i);
    await putTenantLogo(tenant, owner, upload(LOGO_SVG, "image/svg+xml"));
  });

  it("refuses a 201 KB file, an HTML page and a PNG sent as SVG, naming `logo`, and keeps the logo it had", async () => {
    const had = (await getTenantBranding(tenant)).logo!.url;
    expect(await fieldErrors(putTenantLogo(tenant, owner, upload(await largePng(), "image/png")))).toEqual({ logo: [expect.stringMatching(/en çok 200 KB/)] });
    expect(Object.keys(await fieldErrors(putTenantLogo(tenant, owner, upload("<html><body>hi</body></html>", "image/png"))))).toEqual(["logo"]);
    expect(Object.keys(await fieldErrors(putTenantLogo(tenant, owner, upload(await logoPng(), "image/svg+xml"))))).toEqual(["logo"]);
    expect((await getTenantBranding(tenant)).logo!.url).toBe(had);
  });

  it("is removed on request; removing none is no error", async () => {
    const url = (await getTenantBranding(tenant)).logo!.url;
    await removeTenantLogo(tenant, owner);
    await removeTenantLogo(tenant, owner);
    expect((await getTenantBranding(tenant)).logo).toBeNull();
    await expect(getPublicLogoOrThrow(fileOf(url))).rejects.toMatchObject({ code: "not_found" });
    expect((await getDocumentBranding(tenant))?.logo ?? null).toBeNull();
    // The other tenant's logo is untouched.
    expect((await getTenantBranding(other)).logo).not.toBeNull();
  });

  it("leaves each change in the tenant's own action log, by field name and file type, no values", async () => {
    const mine = await listPanelActions(tenant);
    expect(mine.map((a) => a.action)).toEqual(["branding.logo_remove", "branding.logo", "branding.logo", "branding.logo", "branding.update", "branding.update", "branding.update"]);
    // All four are sent each time (what is absent is cleared): the entries name those that changed.
    expect(mine.filter((a) => a.action === "branding.update").map((a) => a.detail)).toEqual([
      { fields: ["phone", "smsSender"] },
      { fields: ["address", "phone", "privacyUrl", "smsSender"] },
      { fields: ["address", "phone", "privacyUrl", "smsSender"] },
    ]);
    expect(JSON.stringify(mine)).not.toContain("Atatürk");
    expect((await listPanelActions(other)).map((a) => a.action)).toEqual(["branding.logo"]);
  });
});
