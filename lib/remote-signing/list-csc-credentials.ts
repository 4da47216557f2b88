// GET the physician's credentials from the institution's CSC v2 service (credentials/list, then
// credentials/info for each when the list does not carry them): the certificates the panel offers.
import { AppError } from "@/lib/errors";
import { readCscCredential, type CscCredential } from "@/lib/remote-signing/csc-credential";
import { cscCall } from "@/lib/remote-signing/csc-http";
import type { CscSettings } from "@/lib/remote-signing/csc-settings";

const MAX_CREDENTIALS = 20;

export async function listCscCredentials(s: CscSettings, o: { userId?: string } = {}): Promise<CscCredential[]> {
  const list = await cscCall(s, "credentials/list", { ...(o.userId ? { userID: o.userId } : {}), credentialInfo: true, certificates: "chain", certInfo: true, authInfo: true }, null);
  const ids = Array.isArray(list.credentialIDs) ? list.credentialIDs.filter((x): x is string => typeof x === "string" && x.length > 0 && x.length <= 256) : null;
  if (!ids) throw new AppError("service_unavailable", "Uzaktan imza hizmeti: credentials/list bir credentialIDs listesi vermedi.");
  const infos = Array.isArray(list.credentialInfos) ? (list.credentialInfos as Record<string, unknown>[]) : [];
  const out: CscCredential[] = [];
  for (const id of ids.slice(0, MAX_CREDENTIALS)) {
    const given = infos.find((i) => i?.credentialID === id);
    out.push(readCscCredential(id, given ?? (await getCscCredentialInfo(s, id))));
  }
  return out;
}

/** credentials/info of one credential, with its chain and what authorizing it needs. */
export async function getCscCredentialInfo(s: CscSettings, credentialId: string): Promise<Record<string, unknown>> {
  return cscCall(s, "credentials/info", { credentialID: credentialId, certificates: "chain", certInfo: true, authInfo: true }, "credential_id");
}
