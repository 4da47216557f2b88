// An OTP brute-force run against one signing link (decisions §15): concurrent guesses count one by
// one, 5 per code and 15 in all; then the link locks (link_kilitlendi) and not even the right code
// opens it until the institution resends. At most 15 guesses of 1 000 000 codes: the odds stay tiny.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setServerClock } from "../api/client";
import { lastOtp, signer, tokenOf } from "../api/signing-helpers";
import type { Consent, EventsResponse } from "../api/consent-helpers";
import { demoConsent, ownServer, type OwnServer } from "./harness";

let s: OwnServer;

beforeAll(async () => {
  s = await ownServer("otp-brute");
}, 180_000);

afterAll(async () => {
  await s?.close();
}, 60_000);

describe("OTP brute force", { timeout: 120_000 }, () => {
  it("concurrent guesses lock the link after 15 wrong entries; the right code no longer opens it until a resend", async () => {
    const c = (await s.api<Consent>("POST", "/v1/consents", demoConsent())).body;
    const token = tokenOf(c);
    const url = s.server.url;
    const guess = (code: string) => signer(token, "verify", { code }, undefined, url);
    const clock = (ms: number) => setServerClock(ms, url, s.env.APP_SECRET);
    try {
      // Ten simultaneous taps on "send code": one code goes out.
      const sends = await Promise.all(Array.from({ length: 10 }, () => signer(token, "otp", undefined, undefined, url)));
      expect(sends.filter((r) => r.status === 200)).toHaveLength(1);
      expect(sends.filter((r) => r.status === 429 && r.body.reason === "otp_wait")).toHaveLength(9);

      let offset = 0;
      for (let round = 1; round <= 3; round++) {
        if (round > 1) {
          offset += 61_000;
          await clock(offset);
          expect((await signer(token, "otp", undefined, undefined, url)).status).toBe(200);
        }
        const right = lastOtp(c.id, s.dataDir);
        // Ten different wrong guesses at once, as a script would send them.
        const wrong = Array.from({ length: 10 }, (_, i) => String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, "0"));
        const answers = await Promise.all(wrong.map(guess));
        // Each code takes five wrong entries, whatever the concurrency; the others are refused without
        // counting. The 15th wrong entry in all locks the link.
        const count = (status: number, reason?: string) => answers.filter((r) => r.status === status && (!reason || r.body.reason === reason)).length;
        if (round < 3) {
          expect([count(422), count(409, "otp_locked")]).toEqual([5, 5]);
        } else {
          expect([count(422), count(429, "link_locked")]).toEqual([4, 6]);
        }
      }
      // The right code of the last round, after the lock.
      const right = await guess(lastOtp(c.id, s.dataDir));
      expect(right.status).toBe(429);
      expect(right.body).toMatchObject({ code: "rate_limited", reason: "link_locked" });
      expect(right.headers.get("retry-after")).toBeNull();
      offset += 3_600_000;
      await clock(offset);
      expect((await signer(token, "otp", undefined, undefined, url)).body).toMatchObject({ reason: "link_locked" });

      const ev = (await s.api<EventsResponse>("GET", `/v1/consents/${c.id}/events`)).body;
      expect(ev.data.filter((e) => e.event === "otp_hatali")).toHaveLength(15);
      expect(ev.data.filter((e) => e.event === "otp_dogrulandi")).toHaveLength(0);
      expect(ev.data.filter((e) => e.event === "link_kilitlendi")).toHaveLength(1);
      expect(ev.chain.ok).toBe(true);

      // The institution sends the link again: the person (with the new code) gets in.
      expect((await s.api("POST", `/v1/consents/${c.id}/resend`, {})).status).toBe(200);
      expect((await signer(token, "otp", undefined, undefined, url)).status).toBe(200);
      expect((await guess(lastOtp(c.id, s.dataDir))).status).toBe(200);
    } finally {
      await clock(0);
    }
  });
});
