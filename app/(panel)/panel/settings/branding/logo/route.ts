// PUT, DELETE /panel/settings/branding/logo — upload (PNG or SVG, at most 200 KB) or remove the institution's logo (decisions §23; owner)
import { json, methods } from "@/lib/api/handler";
import { withPanelUser } from "@/lib/api/panel-policy";
import { readRawBytes } from "@/lib/api/read-body";
import { putTenantLogo } from "@/lib/branding/put-tenant-logo";
import { removeTenantLogo } from "@/lib/branding/remove-tenant-logo";

const audience = (handler: () => Promise<Response>) => withPanelUser("settings", handler);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    PUT: withPanelUser("settings", async ({ user, req }) =>
      json(await putTenantLogo(user.tenantId, user.id, { contentType: req.headers.get("content-type"), read: (limit) => readRawBytes(req, limit) })),
    ),
    DELETE: withPanelUser("settings", async ({ user }) => {
      await removeTenantLogo(user.tenantId, user.id);
      return new Response(null, { status: 204 });
    }),
  },
  audience,
);
