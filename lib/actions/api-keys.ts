"use server";
// Server actions of the API keys page (owner only): create (the secret is returned once) and revoke.
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";

export async function createApiKeyAction(name: string, scopes: string[]): Promise<ActionResult<{ id: string; secret: string }>> {
  const user = await requirePanelUser("apiKeys");
  return toActionResult(async () => {
    const k = await createApiKey({ tenantId: user.tenantId, name: String(name ?? ""), scopes: Array.isArray(scopes) ? scopes.map(String) : [], createdBy: `panel:${user.id}` });
    await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "api_key.create", target: k.id });
    return { id: k.id, secret: k.secret };
  });
}

export async function revokeApiKeyAction(id: string): Promise<ActionResult> {
  const user = await requirePanelUser("apiKeys");
  // With the tenant: another tenant's key id is not_found, as if it did not exist.
  return toActionResult(async (): Promise<undefined> => {
    await revokeApiKey(String(id), user.tenantId);
    await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "api_key.revoke", target: String(id) });
  });
}
