import { describe, expect, it } from "vitest";
import { hit } from "@/lib/api/rate-limit";

describe("rate limit", () => {
  it("allows the limit per window, then refuses until the window ends", () => {
    const t0 = 1_000_000;
    for (let i = 1; i <= 3; i++) expect(hit("k1", 3, t0 + i - 1)).toMatchObject({ allowed: true, remaining: 3 - i });
    expect(hit("k1", 3, t0 + 10)).toMatchObject({ allowed: false, remaining: 0, reset: 60 });
    expect(hit("k1", 3, t0 + 30_000)).toMatchObject({ allowed: false, reset: 30 });
    expect(hit("k1", 3, t0 + 60_001)).toMatchObject({ allowed: true, remaining: 2 });
    expect(hit("k2", 3, t0 + 10)).toMatchObject({ allowed: true });
  });
});
