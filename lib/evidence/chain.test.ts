import { describe, expect, it } from "vitest";
import { hashRecord, verifyChain, type EvidenceRecord } from "@/lib/evidence/chain";

function chain(n: number): EvidenceRecord[] {
  const out: EvidenceRecord[] = [];
  for (let seq = 1; seq <= n; seq++) {
    const rec = { seq, event: seq === 1 ? "olusturuldu" : "sms_gonderildi", at: "2026-11-22 14:03:09", ip: "10.0.0.1", user_agent: "", actor: "system", data: { n: seq, ş: "ğ" }, prev_hash: out.at(-1)?.hash ?? null };
    out.push({ ...rec, hash: hashRecord(rec) });
  }
  return out;
}

describe("evidence chain", () => {
  it("hashes the JCS form: member order does not matter", () => {
    const a = { seq: 1, event: "x", at: "a", ip: "", user_agent: "", actor: "system", data: { b: 1, a: 2 }, prev_hash: null };
    const b = { prev_hash: null, data: { a: 2, b: 1 }, actor: "system", user_agent: "", ip: "", at: "a", event: "x", seq: 1 };
    expect(hashRecord(a)).toBe(hashRecord(b));
    expect(hashRecord(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("verifies an intact chain and reports its head", () => {
    const c = chain(4);
    expect(verifyChain(c)).toEqual({ ok: true, count: 4, head: c[3]!.hash });
    expect(verifyChain([])).toEqual({ ok: true, count: 0, head: null });
  });

  it("detects an altered, removed, inserted or reordered record", () => {
    const altered = chain(4);
    altered[1] = { ...altered[1]!, data: { n: 99 } };
    expect(verifyChain(altered)).toMatchObject({ ok: false, broken_at: 2 });
    expect(verifyChain(chain(4).filter((r) => r.seq !== 3))).toMatchObject({ ok: false });
    const c = chain(3);
    expect(verifyChain([c[0]!, c[2]!, c[1]!])).toMatchObject({ ok: false });
    const rehashed = chain(3);
    const forged = { ...rehashed[1]!, ip: "1.2.3.4" };
    const { hash: _h, ...rest } = forged;
    rehashed[1] = { ...forged, hash: hashRecord(rest) };
    expect(verifyChain(rehashed)).toMatchObject({ ok: false, broken_at: 3 });
  });
});
