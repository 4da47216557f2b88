// The webhook receivers printed in docs/integrator-guide.md §4, run as written against deliveries
// signed by the service's own signer (lib/webhooks/sign-webhook.ts): a guide whose code does not
// accept the service's webhooks, or accepts forged ones, fails here. The first checks
// X-Service-Signature with node:crypto; the second Standard Webhooks with the `standardwebhooks`
// library (decisions §21), also for a secret issued before #40 (whsec_ + base64url).
import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signatureHeader, standardSignatureHeader } from "@/lib/webhooks/sign-webhook";

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const OLD_SECRET = `whsec_${randomBytes(32).toString("base64")}`;
/** A secret as issued before #40: the URL-safe alphabet, with both of its letters. */
let legacy: string;
do legacy = `whsec_${randomBytes(32).toString("base64url")}`;
while (!/[-_]/.test(legacy.slice(6)));
// Inside the repository, so that the Standard Webhooks receiver's import finds node_modules.
const testData = path.join(import.meta.dirname, "..", "test-data");
fs.mkdirSync(testData, { recursive: true });
const dir = fs.mkdtempSync(path.join(testData, "guide-"));
const children: ChildProcess[] = [];

/** The ```js blocks of the guide's webhook section, in order. */
function receiverCode(): string[] {
  const guide = fs.readFileSync(path.join(import.meta.dirname, "integrator-guide.md"), "utf8");
  const section = guide.slice(guide.indexOf("## 4. Receiving webhooks"), guide.indexOf("## 5."));
  const blocks = [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks).toHaveLength(2);
  return blocks;
}

async function startReceiver(name: string, code: string, secret: string): Promise<string> {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, code);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}/`;
  children.push(spawn(process.execPath, [file], { env: { ...process.env, EONAM_WEBHOOK_SECRET: secret, PORT: String(port) }, stdio: "ignore" }));
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url, { method: "POST", body: "{}" });
      return url;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`the guide's ${name} receiver did not start`);
}

const urls: Record<"service" | "standard" | "legacy", string> = { service: "", standard: "", legacy: "" };
beforeAll(async () => {
  const [service, standard] = receiverCode();
  [urls.service, urls.standard, urls.legacy] = await Promise.all([
    startReceiver("service", service!, SECRET),
    startReceiver("standard", standard!, SECRET),
    startReceiver("legacy", standard!, legacy),
  ]);
});

afterAll(() => {
  for (const c of children) c.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

const body = (deliveryId: number) =>
  JSON.stringify({ delivery_id: deliveryId, event: "consent.completed", created_at: "2026-11-22T14:03:09+03:00", data: { id: "ons_261122_k3v9x2m8q7p4", status: "completed" } });

async function deliver(url: string, raw: string, opts: { secrets?: string[]; timestamp?: number; signed?: string } = {}) {
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const id = String((JSON.parse(raw) as { delivery_id: number }).delivery_id);
  const secrets = opts.secrets ?? [SECRET];
  // `signed`: the body the signatures were made over, when the test sends another one.
  const over = opts.signed ?? raw;
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Service-Event": "consent.completed",
      "X-Service-Delivery": id,
      "X-Service-Timestamp": String(timestamp),
      "X-Service-Signature": signatureHeader(secrets, timestamp, over),
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": standardSignatureHeader(secrets, id, timestamp, over),
    },
    body: raw,
  });
  return { status: res.status, text: await res.text() };
}

describe.each([
  ["X-Service-Signature", "service", 400],
  ["Standard Webhooks", "standard", 401],
] as const)("the integrator guide's %s receiver", (_name, which, staleStatus) => {
  const at = (n: number) => (which === "service" ? n : n + 100);

  it("accepts a delivery signed by the service, once per delivery id", async () => {
    expect(await deliver(urls[which], body(at(101)))).toEqual({ status: 200, text: "ok" });
    expect(await deliver(urls[which], body(at(101)))).toEqual({ status: 200, text: "duplicate" });
  });

  it("accepts both signatures of a secret rotation, the new one first", async () => {
    expect((await deliver(urls[which], body(at(102)), { secrets: [SECRET, OLD_SECRET] })).status).toBe(200);
  });

  it("refuses another secret, a changed body and a stale timestamp", async () => {
    expect((await deliver(urls[which], body(at(103)), { secrets: [OLD_SECRET] })).status).toBe(401);
    expect((await deliver(urls[which], body(at(104)).replace("completed", "rejected"), { signed: body(at(104)) })).status).toBe(401);
    expect((await deliver(urls[which], body(at(105)), { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(staleStatus);
  });
});

describe("a secret issued before Standard Webhooks (whsec_ + base64url)", () => {
  it("is accepted by the Standard Webhooks receiver as the guide writes it", async () => {
    expect(await deliver(urls.legacy, body(301), { secrets: [legacy] })).toEqual({ status: 200, text: "ok" });
    expect((await deliver(urls.legacy, body(302), { secrets: [SECRET] })).status).toBe(401);
  });
});
