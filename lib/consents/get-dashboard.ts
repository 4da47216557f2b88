// The panel's dashboard: the last 30 days of consents by status, completion rate, median time to
// sign and, of those a physician countersigned, from the person's signature to the physician's
// (decisions §19); the consents awaiting a physician now; and the quota and licence.
import { consentsCreatedSince } from "@/lib/db/consent-panel-reads";
import { tenantById } from "@/lib/db/tenants";
import { now } from "@/lib/clock";
import { CONSENT_STATUSES, effectiveStatus, type ConsentStatus } from "@/lib/consents/consent-status";
import { formatLicenseEnds } from "@/lib/tenants/get-me";
import { AppError } from "@/lib/errors";
import { countAwaitingCountersign } from "@/lib/consents/count-awaiting-countersign";

const DASHBOARD_DAYS = 30;

export interface Dashboard {
  byStatus: Record<ConsentStatus, number>;
  total: number;
  /** signed / created in the window, 0–1 (a consent withdrawn later was signed); null with no consents */
  completionRate: number | null;
  /** median of signedAt − createdAt over signed consents, ms; null when none */
  medianSignMs: number | null;
  /** median of countersignedAt − signedAt over countersigned consents, ms; null when none */
  medianCountersignMs: number | null;
  /** consents of the tenant awaiting a physician's countersignature now, whenever created */
  awaitingCountersign: number;
  quota: { remaining: number; unlimited: boolean; licenseEnds: string | null };
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export async function getDashboard(tenantId: string): Promise<Dashboard> {
  const at = now();
  const since = new Date(at.getTime() - DASHBOARD_DAYS * 86_400_000);
  const [tenant, rows, awaitingCountersign] = await Promise.all([
    tenantById(tenantId),
    consentsCreatedSince(tenantId, since),
    countAwaitingCountersign(tenantId),
  ]);
  if (!tenant) throw new AppError("not_found");
  return { ...tally(rows, at), awaitingCountersign, quota: { remaining: tenant.quotaRemaining, unlimited: tenant.quotaUnlimited, licenseEnds: formatLicenseEnds(tenant.licenseEnds) } };
}

/** The window's consents by status, and how many of them were signed and how fast. */
export function tally(
  rows: { status: string; expiresAt: Date; createdAt: Date; signedAt: Date | null; countersignedAt?: Date | null }[],
  at: Date,
): Omit<Dashboard, "quota" | "awaitingCountersign"> {
  const byStatus = Object.fromEntries(CONSENT_STATUSES.map((s) => [s, 0])) as Record<ConsentStatus, number>;
  const signMs: number[] = [];
  const countersignMs: number[] = [];
  for (const r of rows) {
    byStatus[effectiveStatus(r.status, r.expiresAt, at)] += 1;
    // Completed and withdrawn consents were both signed; signedAt stays after a withdrawal.
    if (r.signedAt) signMs.push(r.signedAt.getTime() - r.createdAt.getTime());
    if (r.signedAt && r.countersignedAt) countersignMs.push(r.countersignedAt.getTime() - r.signedAt.getTime());
  }
  return {
    byStatus,
    total: rows.length,
    completionRate: rows.length ? signMs.length / rows.length : null,
    medianSignMs: median(signMs),
    medianCountersignMs: median(countersignMs),
  };
}
