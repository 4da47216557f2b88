import { describe, expect, it } from "vitest";
import { median, tally } from "@/lib/consents/get-dashboard";

describe("median", () => {
  it("is null for nothing, the middle for odd counts and the mean of the two middles for even", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("tally", () => {
  const at = new Date("2026-11-26T12:00:00Z");
  const created = new Date("2026-11-26T10:00:00Z");
  const later = new Date("2026-11-27T10:00:00Z");
  const row = (status: string, signedAfterMs: number | null, expiresAt = later, countersignedAfterMs: number | null = null) => ({
    status,
    expiresAt,
    createdAt: created,
    signedAt: signedAfterMs === null ? null : new Date(created.getTime() + signedAfterMs),
    countersignedAt: signedAfterMs === null || countersignedAfterMs === null ? null : new Date(created.getTime() + signedAfterMs + countersignedAfterMs),
  });
  const none = { sent: 0, completed: 0, rejected: 0, expired: 0, cancelled: 0, withdrawn: 0, signed: 0, superseded: 0 };

  it("counts a withdrawn consent as signed, and an open one past its expiry as expired", () => {
    const t = tally([row("completed", 1000), row("withdrawn", 3000), row("sent", null), row("sent", null, created), row("rejected", null)], at);
    expect(t.byStatus).toEqual({ ...none, sent: 1, completed: 1, rejected: 1, expired: 1, withdrawn: 1 });
    expect(t.total).toBe(5);
    expect(t.completionRate).toBe(2 / 5);
    expect(t.medianSignMs).toBe(2000);
    expect(t.medianCountersignMs).toBeNull();
  });

  it("counts a consent awaiting the physician as signed, and times the physician from the person's signature", () => {
    const t = tally([row("signed", 1000), row("completed", 1000, later, 60_000), row("completed", 2000, later, 180_000), row("completed", 500)], at);
    expect(t.byStatus).toEqual({ ...none, signed: 1, completed: 3 });
    expect(t.medianSignMs).toBe(1000);
    expect(t.medianCountersignMs).toBe(120_000);
  });

  it("has no rate and no median without consents", () => {
    const t = tally([], at);
    expect(t).toEqual({ byStatus: none, total: 0, completionRate: null, medianSignMs: null, medianCountersignMs: null });
  });
});
