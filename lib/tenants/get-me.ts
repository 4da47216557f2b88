// GET /v1/me: the tenant, the calling key, the quota and the timestamping setup.
import type { MeResponse } from "@/lib/contract/response-shapes";
import { tenantById } from "@/lib/db/tenants";
import { AppError } from "@/lib/errors";
import { describeTimestamping } from "@/lib/timestamping/describe-timestamping";
import { describeSealing } from "@/lib/sealing/get-seal";
import type { ApiPrincipal } from "@/lib/api-keys/scopes";

export function formatLicenseEnds(d: Date | null): string | null {
  return d ? d.toISOString().slice(0, 10) : null;
}

export async function getMe(principal: ApiPrincipal): Promise<MeResponse> {
  const tenant = await tenantById(principal.tenantId);
  if (!tenant) throw new AppError("not_found");
  return {
    tenant: { code: tenant.code, name: tenant.name, type: tenant.type, storage: tenant.storageMode as MeResponse["tenant"]["storage"] },
    key: { id: principal.keyId, name: principal.keyName, scopes: principal.scopes },
    quota: {
      remaining: tenant.quotaRemaining,
      unlimited: tenant.quotaUnlimited,
      license_ends: formatLicenseEnds(tenant.licenseEnds),
    },
    timestamping: describeTimestamping(),
    sealing: await describeSealing(),
  };
}
