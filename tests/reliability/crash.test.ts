// kill -9 of the server under create load: after a restart every consent the server acknowledged
// (201) exists, and every webhook that became due (a cancel acknowledged with 200) reaches a local
// receiver, signed. Nothing acknowledged is lost, because the outbox rows commit with the change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../api/client";
import { signatureValid, startReceiver, type ReceivedWebhook } from "../api/webhook-receiver";
import { demoConsent, ownServer, type OwnServer } from "./harness";

let s: OwnServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let received: ReceivedWebhook[];
let secret: string;

type Announced = { id: string; status: string };
const consentOf = (r: ReceivedWebhook) => r.body.data as Announced;

beforeAll(async () => {
  receiver = await startReceiver();
  received = receiver.received;
  const url = receiver.url;
  s = await ownServer("crash", { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCHEDULE: "0,1s,1s,1s,1s,1s,1s", RUNNER_INTERVAL: "1s" });
  const set = await s.whileStopped(() => s.admin(["webhook", "set", "--tenant", "demo", "--url", url, "--events", "consent.cancelled,consent.completed,consent.rejected,consent.expired"]));
  expect(set.status, set.stderr).toBe(0);
  secret = String(set.json!.signing_secret);
}, 180_000);

afterAll(async () => {
  await s?.close();
  await receiver.close();
}, 60_000);

describe("kill -9 under load", () => {
  it("loses no acknowledged consent and no due webhook", { timeout: 240_000 }, async () => {
    const created: string[] = [];
    const cancelled: string[] = [];
    let dead = false;
    async function worker(n: number): Promise<void> {
      for (let i = 0; !dead; i++) {
        try {
          const c = await s.api<{ id: string }>("POST", "/v1/consents", demoConsent({ dis_ref: `crash-${n}-${i}` }));
          if (c.status !== 201) continue;
          created.push(c.body.id);
          if (i % 2 === 0) {
            const x = await s.api("POST", `/v1/consents/${c.body.id}/cancel`, { reason: "yük testi" });
            if (x.status === 200) cancelled.push(c.body.id);
          }
        } catch {
          return; // the server is gone
        }
      }
    }
    const workers = Array.from({ length: 12 }, (_, n) => worker(n));
    await eventually(async () => created.length >= 60, 60_000);
    s.server.child.kill("SIGKILL");
    dead = true;
    await Promise.all(workers);
    const child = s.server.child;
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
    expect(created.length).toBeGreaterThanOrEqual(60);

    await s.start();
    for (const id of created) {
      const got = await s.api<{ id: string; status: string }>("GET", `/v1/consents/${id}`);
      expect(got.status, `acknowledged consent ${id} after the crash`).toBe(200);
      if (cancelled.includes(id)) expect(got.body.status).toBe("cancelled");
    }
    const list = await s.api<{ count: number }>("GET", "/v1/consents?limit=1");
    expect(list.body.count).toBeGreaterThanOrEqual(created.length);

    // A delivery killed in flight stays locked for its attempt lock (timeout + 20 s), then is retried.
    const missing = () => cancelled.filter((id) => !received.some((r) => r.body.event === "consent.cancelled" && consentOf(r).id === id));
    await eventually(async () => missing().length === 0, 90_000).catch(() => undefined);
    expect(missing()).toEqual([]);
    for (const r of received) expect(signatureValid(r, secret)).toBe(true);
  });
});
