// Concurrency at scale: 200 simultaneous SMS-sending creates against 50 units of quota, 20
// simultaneous signatures of one consent, and 10 simultaneous countersignatures by physicians
// (decisions §19), and 10 simultaneous re-consents of one consent (§22). Exactly the quota is used,
// never more; one signature, one document; one re-consent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../api/client";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";
import type { Consent } from "../api/consent-helpers";
import { demoConsent, ownServer, type OwnServer } from "./harness";

let s: OwnServer;
/** the consent the signature race completed (the re-consent race renews it) */
let completedId: string;

beforeAll(async () => {
  s = await ownServer("races");
  const set = await s.whileStopped(() => s.admin(["quota", "set", "--tenant", "demo", "--remaining", "50"]));
  expect(set.status, set.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await s?.close();
}, 60_000);

describe("races", { timeout: 120_000 }, () => {
  it("200 concurrent SMS-sending creates against quota 50: exactly 50 created, 150 × 402, balance 0", async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => s.api<Consent & { code?: string }>("POST", "/v1/consents", demoConsent({ sms_gonder: true, dis_ref: `race-${i}` }))),
    );
    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: 50, 402: 150 });
    for (const r of results.filter((x) => x.status === 402)) {
      expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(r.body.code).toBe("quota_exhausted");
    }
    const me = await s.api<{ quota: { remaining: number } }>("GET", "/v1/me");
    expect(me.body.quota.remaining).toBe(0);
    const list = await s.api<{ count: number }>("GET", "/v1/consents?limit=1");
    expect(list.body.count).toBe(50);
  });

  it("20 concurrent signatures of one consent: one signature, one document", async () => {
    const c = (await s.api<Consent>("POST", "/v1/consents", demoConsent())).body;
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id, { url: s.server.url, dataDir: s.dataDir });
    const png = await signaturePng();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => signer(token, "sign", { signature: png, read: true, understood: true }, cookie, s.server.url)),
    );
    // One signature wins; every other submit finds the consent closed (decisions §2: 409 invalid_state).
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, (r.body as { code?: string }).code])).toEqual(Array(19).fill([409, "invalid_state"]));
    const events = await s.api<{ data: { event: string }[]; chain: { ok: boolean } }>("GET", `/v1/consents/${c.id}/events`);
    expect(events.body.chain.ok).toBe(true);
    expect(events.body.data.filter((e) => e.event === "imzalandi")).toHaveLength(1);
    expect(events.body.data.filter((e) => e.event === "belge_olusturuldu")).toHaveLength(1);
    const got = await s.api<{ status: string; document: { sha256: string } | null }>("GET", `/v1/consents/${c.id}`);
    expect(got.body.status).toBe("completed");
    expect(got.body.document?.sha256).toMatch(/^[0-9a-f]{64}$/);
    completedId = c.id;
  });

  it("10 concurrent countersignatures of one consent: one wins, one document, the rest 409", async () => {
    const c = (await s.api<Consent>("POST", "/v1/consents", demoConsent({ hekim_imzasi: true }))).body;
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id, { url: s.server.url, dataDir: s.dataDir });
    const png = await signaturePng();
    const signed = await signer<{ status: string }>(token, "sign", { signature: png, read: true, understood: true }, cookie, s.server.url);
    expect(signed.body.status).toBe("signed");
    const informed = new Date(Date.now() - 3_600_000 + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.api<{ code?: string }>("POST", `/v1/consents/${c.id}/countersign`, { hekim_ad: `Dr. Hekim ${i}`, bilgilendirme_zamani: informed, imza: png }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body.code])).toEqual(Array(9).fill([409, "invalid_state"]));
    const events = await s.api<{ data: { event: string }[]; chain: { ok: boolean } }>("GET", `/v1/consents/${c.id}/events`);
    expect(events.body.chain.ok).toBe(true);
    expect(events.body.data.filter((e) => e.event === "hekim_imzaladi")).toHaveLength(1);
    // The document comes from the completion, after the countersignature's answer (issue #46).
    const got = await eventually(async () => {
      const r = await s.api<{ status: string; document: { sha256: string } | null }>("GET", `/v1/consents/${c.id}`);
      return r.body.document ? r : null;
    }, 30_000);
    expect(got.body.status).toBe("completed");
    expect(got.body.document?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const after = await s.api<{ data: { event: string }[]; chain: { ok: boolean } }>("GET", `/v1/consents/${c.id}/events`);
    expect(after.body.data.filter((e) => e.event === "belge_olusturuldu")).toHaveLength(1);
  });

  it("10 concurrent re-consents of one completed consent: exactly one created, the rest 409", async () => {
    const published = await s.api<{ version: number }>("PUT", "/v1/templates/genel-tibbi-mudahale", { yayimla: true, degisiklik: "esasli" });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => s.api<{ id: string; previous_id: string | null; code?: string }>("POST", `/v1/consents/${completedId}/reconsent`, { sms_gonder: false })),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    expect(created[0]!.body.previous_id).toBe(completedId);
    expect(results.filter((r) => r.status !== 201).map((r) => [r.status, r.body.code])).toEqual(Array(9).fill([409, "invalid_state"]));
    const old = await s.api<{ replaced_by: string | null }>("GET", `/v1/consents/${completedId}`);
    expect(old.body.replaced_by).toBe(created[0]!.body.id);
    const events = await s.api<{ data: { event: string }[]; chain: { ok: boolean } }>("GET", `/v1/consents/${completedId}/events`);
    expect(events.body.chain.ok).toBe(true);
    expect(events.body.data.filter((e) => e.event === "yeniden_onam_olusturuldu")).toHaveLength(1);
  });
});
