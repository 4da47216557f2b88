// Issue #49 (scope 2, server side): a stranger holding a completed consent's link must not lock the
// person out of withdrawal and their copy for good (decisions §18, §19). Fifteen wrong codes lock it
// for 15 minutes, the next lock for 30; once a lock ends, a new code opens the link, and the codes
// guessed at before it are not entered again.
import { afterEach, describe, expect, it } from "vitest";
import { eventually, call, setServerClock } from "./client";
import { consentBody, createConsent, createTestTemplate, eventsOf } from "./consent-helpers";
import { lastOtp, signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";

afterEach(async () => {
  await setServerClock(0);
});

/** A six-digit code that is not the consent's latest. */
function wrongFor(consentId: string): string {
  const right = lastOtp(consentId);
  return right === "000000" ? "111111" : "000000";
}

describe("a completed consent's link", { timeout: 180_000 }, () => {
  it("locks for a bounded, growing time after 15 wrong codes, and a new code after the lock opens it", async () => {
    const c = await createConsent(consentBody(await createTestTemplate()));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    await eventually(async () => (await call<{ status: string }>("GET", `/v1/consents/${c.id}`)).body.status === "completed", 60_000);

    let offset = 0;
    const at = (ms: number) => setServerClock((offset += ms));
    /** Three codes, five wrong entries each: the 15th locks. Answers the locking reply. */
    async function strangerGuesses() {
      let last;
      for (let code = 1; code <= 3; code++) {
        await at(61_000);
        const otp = await signer(token, "otp");
        expect(otp.status, JSON.stringify(otp.body)).toBe(200);
        const bad = wrongFor(c.id);
        for (let i = 0; i < 5; i++) last = await signer(token, "verify", { code: bad });
      }
      return last!;
    }

    const locking = await strangerGuesses();
    expect(locking.status).toBe(429);
    expect(locking.body).toMatchObject({ code: "rate_limited", reason: "link_locked", retry_after: 900 });
    // Locked: the right code and a new code are refused, saying how long to wait.
    const right = await signer(token, "verify", { code: lastOtp(c.id) });
    expect(right.body).toMatchObject({ reason: "link_locked" });
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(right.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    await at(14 * 60_000);
    expect((await signer(token, "otp")).body).toMatchObject({ reason: "link_locked" });

    // The lock ends by itself: the code guessed at before it is not taken, a new one is.
    await at(60_000 + 5_000);
    expect((await signer(token, "verify", { code: lastOtp(c.id) })).body).toMatchObject({ reason: "otp_missing" });
    expect((await signer(token, "otp")).status).toBe(200);
    expect((await signer(token, "verify", { code: lastOtp(c.id) })).status).toBe(200);

    // A guesser who comes back gets a longer lock (two hours on: the phone's hourly allowance is fresh).
    await at(2 * 3_600_000);
    const again = await strangerGuesses();
    expect(again.body).toMatchObject({ code: "rate_limited", reason: "link_locked", retry_after: 1800 });
    const locks = (await eventsOf(c.id)).data.filter((e) => e.event === "link_kilitlendi");
    expect(locks).toHaveLength(2);
    expect(locks.map((e) => e.data)).toEqual([expect.objectContaining({ reason: "wrong_entries", wrong: 15 }), expect.objectContaining({ reason: "wrong_entries", wrong: 15 })]);
  });
});
