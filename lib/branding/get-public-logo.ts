// GET /brand/{key}.{png|svg}: a logo by its address alone, which only pages that show it know (the
// key is a keyed digest of the tenant and the bytes: not guessable, not derivable from a logo one
// has, different for two tenants with the same logo). It answers the logo and nothing else.
import { logoByKey } from "@/lib/db/branding";
import { AppError } from "@/lib/errors";

const FILE = /^([0-9a-f]{32})\.(png|svg)$/;

export interface PublicLogo {
  contentType: "image/png" | "image/svg+xml";
  bytes: Buffer;
}

export async function getPublicLogoOrThrow(file: string): Promise<PublicLogo> {
  const m = FILE.exec(file);
  if (!m) throw new AppError("not_found");
  const contentType = m[2] === "svg" ? "image/svg+xml" : "image/png";
  const row = await logoByKey(m[1]!);
  if (!row?.logo || row.logoType !== contentType) throw new AppError("not_found");
  return { contentType, bytes: Buffer.from(row.logo) };
}
