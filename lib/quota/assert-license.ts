// A licence past license_ends refuses consent creates and resends (decisions §2, §11).
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { formatDate } from "@/lib/time";

export function assertLicenseValid(licenseEnds: Date | null, at: Date): void {
  if (!licenseEnds) return;
  // license_ends is the last valid day, compared as calendar days in the service time zone.
  const ends = licenseEnds.toISOString().slice(0, 10);
  if (formatDate(at, env().APP_TIMEZONE) > ends) {
    throw new AppError("license_expired", `Lisans ${ends} tarihinde sona erdi.`);
  }
}
