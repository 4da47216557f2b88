// kill -9 of the server under create load: after a restart every consent the server acknowledged
// (201) exists, and every webhook that became due (a cancel acknowledged with 200) reaches a local
// receiver, signed. Nothing acknowledged is lost, because the outbox rows commit with the change.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../api/client";
import { demoConsent, ownServer, type OwnServer } from "./harness";

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { delivery_id: number; event: string; data: { id: string; status: string } };
}

let s: OwnServer;
let receiver: http.Server;
let secret: string;
const received: Received[] = [];

function signedBy(r: Received, key: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", key).update(`${String(r.headers["x-service-timestamp"])}.${r.raw}`).digest("hex")}`);
  return String(r.headers["x-service-signature"])
    .split(",")
    .some((sig) => sig.length === expected.length && timingSafeEqual(Buffer.from(sig), expected));
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) as Received["body"] });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  s = await ownServer("crash", { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCHEDULE: "0,1s,1s,1s,1s,1s,1s", RUNNER_INTERVAL: "1s" });
  const set = await s.whileStopped(() => s.admin(["webhook", "set", "--tenant", "demo", "--url", url, "--events", "consent.cancelled,consent.completed,consent.rejected,consent.expired"]));
  expect(set.status, set.stderr).toBe(0);
  secret = String(set.json!.signing_secret);
}, 180_000);

afterAll(async () => {
  await s?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
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
    const missing = () => cancelled.filter((id) => !received.some((r) => r.body.event === "consent.cancelled" && r.body.data.id === id));
    await eventually(async () => missing().length === 0, 90_000).catch(() => undefined);
    expect(missing()).toEqual([]);
    for (const r of received) expect(signedBy(r, secret)).toBe(true);
  });
});
