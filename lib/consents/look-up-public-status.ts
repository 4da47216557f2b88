// decisions §25: the status shown on /dogrula/{id} from a printout's QR code, counted against the
// public verify's limit for the client's address like GET /api/public/status/{id}.
import { AppError } from "@/lib/errors";
import { hitPublicVerify } from "@/lib/limits/public-verify-limit";
import { getPublicStatus, type PublicStatus } from "@/lib/consents/get-public-status";

export type PublicStatusLookup = { kind: "found"; status: PublicStatus } | { kind: "unknown" } | { kind: "limited" };

export async function lookUpPublicStatus(id: string, ip: string): Promise<PublicStatusLookup> {
  if (!(await hitPublicVerify(ip)).allowed) return { kind: "limited" };
  try {
    return { kind: "found", status: await getPublicStatus(id) };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return { kind: "unknown" };
    throw err;
  }
}
