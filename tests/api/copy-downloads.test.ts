// Issue #49: the person's copy downloaded again and again (GET /s/{token}/document) goes into the
// evidence chain once per signing session and day (`kopya_indirildi`), so a loop neither grows the
// chain without bound nor makes the stored evidence report stale: the report made once is served
// again, not rendered anew (~5 s of the document thread) after every download.
import { afterEach, describe, expect, it } from "vitest";
import { call, eventually, run, setServerClock } from "./client";
import { consentBody, createConsent, createTestTemplate, eventsOf, type Consent } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";

type Documented = Consent & { document: { evidence_url: string } | null };

afterEach(async () => {
  await setServerClock(0);
});

async function copy(token: string, cookie: string): Promise<number> {
  const res = await fetch(`${run.url}/s/${token}/document`, { headers: { Cookie: cookie } });
  await res.arrayBuffer();
  return res.status;
}

const copies = async (id: string) => (await eventsOf(id)).data.filter((e) => e.event === "kopya_indirildi").length;

describe("the person's copy", { timeout: 180_000 }, () => {
  it("is recorded once per session and day, and leaves the stored evidence report as it is", async () => {
    const c = await createConsent(consentBody(await createTestTemplate()));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    // Not waiting for the document through the link: its polls would count against the link's limit.
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, run.url, { waitForDocument: false })).status).toBe(200);
    const done = await eventually(async () => {
      const got = await call<Documented>("GET", `/v1/consents/${c.id}`);
      return got.body.document?.evidence_url ? got.body : null;
    }, 180_000);

    for (let i = 0; i < 3; i++) expect(await copy(token, cookie), `download ${i + 1}`).toBe(200);
    expect(await copies(c.id)).toBe(1);

    const report = async () => Buffer.from(await (await fetch(done.document!.evidence_url)).arrayBuffer());
    const first = await report();
    expect(first.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await copy(token, cookie)).toBe(200);
    // The same bytes: served from storage, not rendered (and sealed, and time-stamped) again.
    expect((await report()).equals(first)).toBe(true);
    expect(await copies(c.id)).toBe(1);

    // Another session (a new code, a minute later) is another reader: its first download is recorded.
    await setServerClock(61_000);
    const other = await verifiedSession(token, c.id);
    expect(await copy(token, other)).toBe(200);
    expect(await copy(token, other)).toBe(200);
    expect(await copies(c.id)).toBe(2);
  });
});
