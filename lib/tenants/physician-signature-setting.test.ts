// decisions §24: the tenant's setting chooses how physicians countersign new consents (drawn unless
// set to `nitelikli`), `hekim_imza_turu` overrides it for one consent, and the consent object says
// which (`physician_countersign.signature_type`); a setting outside the two words names its field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";
import { AppError } from "@/lib/errors";

const testDb = useTestDatabase("physician_sig", { APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"), APP_SECRET: "s".repeat(40) });

const { prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { getTenantSettings, updateTenantSettings } = await import("./tenant-settings");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");

const origin = { actor: "test", ip: "", userAgent: "" };
let tenant: string;

beforeAll(async () => {
  await prepareDb();
  tenant = (await createTenant({ code: "hekim-imza", name: "Hekim İmza Kliniği", quota: 10 })).id;
  await createTemplate(tenant, { kod: "genel", baslik: "Genel Onam", govde: "<p>{adsoyad} onaylar.</p>", yayimla: true, hekim_imzasi: true }, "test");
});
afterAll(() => testDb.cleanup());

const consent = (extra: Record<string, unknown> = {}) =>
  createConsent(tenant, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05321234567", sms_gonder: false, ...extra }, origin);

describe("the physician's signature type (decisions §24)", () => {
  it("is drawn by default, qualified once the tenant chooses it, and a consent may say otherwise", async () => {
    expect((await getTenantSettings(tenant)).physicianSignatureType).toBe("cizim");
    expect((await consent()).physician_countersign).toMatchObject({ signature_type: "drawn", certificate: null });
    expect((await consent({ hekim_imza_turu: "nitelikli" })).physician_countersign).toMatchObject({ signature_type: "qualified", certificate: null });

    await updateTenantSettings(tenant, { defaultValidityHours: 72, reminderHoursBefore: null, physicianSignatureType: "nitelikli" });
    expect((await getTenantSettings(tenant)).physicianSignatureType).toBe("nitelikli");
    expect((await consent()).physician_countersign).toMatchObject({ signature_type: "qualified" });
    expect((await consent({ hekim_imza_turu: "cizim" })).physician_countersign).toMatchObject({ signature_type: "drawn" });
    // A save that does not send it keeps it.
    await updateTenantSettings(tenant, { defaultValidityHours: 48, reminderHoursBefore: null });
    expect((await getTenantSettings(tenant)).physicianSignatureType).toBe("nitelikli");
  });

  it("refuses another word, naming the field", async () => {
    const err = await updateTenantSettings(tenant, { defaultValidityHours: 72, reminderHoursBefore: null, physicianSignatureType: "islak" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errors).toHaveProperty("physicianSignatureType");
    const bad = await consent({ hekim_imza_turu: "islak" }).catch((e: unknown) => e);
    expect((bad as AppError).errors).toHaveProperty("hekim_imza_turu");
  });
});
