// PUT /panel/settings/branding — the institution's address, phone, privacy-notice link and SMS sender name (decisions §23, issue #42; owner)
import { json, methods } from "@/lib/api/handler";
import { withPanelUser } from "@/lib/api/panel-policy";
import { readJsonObject } from "@/lib/api/read-body";
import { updateBranding } from "@/lib/branding/update-branding";

const audience = (handler: () => Promise<Response>) => withPanelUser("settings", handler);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    PUT: withPanelUser("settings", async ({ user, req }) => json(await updateBranding(user.tenantId, user.id, await readJsonObject(req, false)))),
  },
  audience,
);
