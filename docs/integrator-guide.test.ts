// The webhook receiver printed in docs/integrator-guide.md §4, run as written against deliveries
// signed by the service's own signer (lib/webhooks/sign-webhook.ts): a guide whose code does not
// accept the service's webhooks, or accepts forged ones, fails here.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signatureHeader } from "@/lib/webhooks/sign-webhook";

const SECRET = "whsec_guide_test_0123456789";
const OLD_SECRET = "whsec_guide_test_old_secret";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-guide-"));
let child: ChildProcess;
let url: string;

/** The one ```js block of the guide's webhook section. */
function receiverCode(): string {
  const guide = fs.readFileSync(path.join(import.meta.dirname, "integrator-guide.md"), "utf8");
  const section = guide.slice(guide.indexOf("## 4. Receiving webhooks"), guide.indexOf("## 5."));
  const blocks = [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks).toHaveLength(1);
  return blocks[0]!;
}

beforeAll(async () => {
  const file = path.join(dir, "receiver.mjs");
  fs.writeFileSync(file, receiverCode());
  const port = 20000 + Math.floor(Math.random() * 20000);
  url = `http://127.0.0.1:${port}/`;
  child = spawn(process.execPath, [file], { env: { ...process.env, EONAM_WEBHOOK_SECRET: SECRET, PORT: String(port) }, stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url, { method: "POST", body: "{}" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error("the guide's receiver did not start");
});

afterAll(() => {
  child?.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

const body = (deliveryId: number) =>
  JSON.stringify({ delivery_id: deliveryId, event: "consent.completed", created_at: "2026-11-22T14:03:09+03:00", data: { id: "ons_261122_k3v9x2m8q7p4", status: "completed" } });

async function deliver(raw: string, opts: { secrets?: string[]; timestamp?: number; signature?: string } = {}) {
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Service-Event": "consent.completed",
      "X-Service-Timestamp": String(timestamp),
      "X-Service-Signature": opts.signature ?? signatureHeader(opts.secrets ?? [SECRET], timestamp, raw),
    },
    body: raw,
  });
  return { status: res.status, text: await res.text() };
}

describe("the integrator guide's webhook receiver", () => {
  it("accepts a delivery signed by the service, once per delivery id", async () => {
    expect(await deliver(body(101))).toEqual({ status: 200, text: "ok" });
    expect(await deliver(body(101))).toEqual({ status: 200, text: "duplicate" });
  });

  it("accepts both signatures of a secret rotation, the new one first", async () => {
    expect((await deliver(body(102), { secrets: [SECRET, OLD_SECRET] })).status).toBe(200);
  });

  it("refuses another secret, a changed body and a stale timestamp", async () => {
    expect((await deliver(body(103), { secrets: [OLD_SECRET] })).status).toBe(401);
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signatureHeader([SECRET], timestamp, body(104));
    expect((await deliver(body(104).replace("completed", "rejected"), { timestamp, signature })).status).toBe(401);
    expect((await deliver(body(105), { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
  });
});
