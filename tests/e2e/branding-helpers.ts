// The `other` tenant's branding, set and cleared through the panel's own routes with a signed-in
// owner's session (the browser context's cookies and the panel's Origin), for the branding tests.
import { expect } from "vitest";
import type { APIResponse, Page } from "playwright-core";
import type { FileBrowser } from "./browser";
import { base, newPage, signIn, users } from "./panel-helpers";

export const BRANDING = {
  address: "Bağdat Cad. No: 12/3\nKadıköy / İstanbul",
  phone: "0216 555 12 34",
  privacyUrl: "https://baska-vet.example/kvkk-aydinlatma",
  smsSender: "BASKA VET",
};
export const PHONE_DISPLAY = "+90 216 555 12 34";

/** The `other` tenant's owner, signed in on a desktop page. */
export async function otherOwner(chrome: FileBrowser): Promise<Page> {
  const page = await newPage(chrome, "desktop");
  await signIn(page, users.other_owner);
  return page;
}

/** A panel write as the page's own script sends it (same origin). */
export function panelPut(page: Page, path: string, data: Buffer | string | object, contentType?: string): Promise<APIResponse> {
  return page.request.put(`${base}${path}`, { headers: { Origin: base, ...(contentType ? { "Content-Type": contentType } : {}) }, data });
}

export async function uploadLogo(page: Page, bytes: Buffer | string, contentType: string): Promise<{ url: string; removed: string[] }> {
  const res = await panelPut(page, "/panel/settings/branding/logo", Buffer.from(bytes), contentType);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { url: string; removed: string[] };
}

export async function setDetails(page: Page, fields: Partial<typeof BRANDING>): Promise<void> {
  const res = await panelPut(page, "/panel/settings/branding", { address: "", phone: "", privacyUrl: "", smsSender: "", ...fields });
  expect(res.status(), await res.text()).toBe(200);
}

/** Leaves the tenant as the other tests expect it: no logo, no details. */
export async function clearBranding(page: Page): Promise<void> {
  const res = await page.request.delete(`${base}/panel/settings/branding/logo`, { headers: { Origin: base } });
  expect(res.status()).toBe(204);
  await setDetails(page, {});
}
