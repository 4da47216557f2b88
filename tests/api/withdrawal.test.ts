// Withdrawal (decisions §18) on a server of its own with a webhook receiver: POST …/withdraw turns a
// completed consent into `withdrawn`, records `geri_alindi`, sends `consent.withdrawn` to a
// subscribed endpoint, keeps the document and its verification, and refuses anything not completed.
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually, expectProblem, keys, run, setServerClock } from "./client";
import type { Consent, EventsResponse } from "./consent-helpers";
import { runAdmin } from "./admin-cli";
import { ownDatabase, startSeededServer, startServer, type RunningServer } from "./server";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { signatureValid, startReceiver } from "./webhook-receiver";

const dataDir = path.join(run.dataDir, "withdrawal");
const own = ownDatabase(dataDir, "withdraw");
const logFile = path.join(dataDir, "server.log");
let server: RunningServer;
let key: { id: string; secret: string };
let env: Record<string, string>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let secret: string;
let phones = 0;

type Signed = Consent & { document: { sha256: string; pdf_url: string }; timestamp: { status: string }; signed_at: string; withdrawn_at: string | null; withdraw_reason: string | null };
const api = <T = Record<string, unknown>>(method: string, p: string, body?: unknown, k = key) => call<T>(method, p, { key: k, body, baseUrl: server.url });

const admin = (args: string[]) => runAdmin(args, env);

async function created(): Promise<Consent> {
  const telefon = `0533 ${String(2_000_000 + phones++).replace(/^(\d{3})(\d{2})(\d{2})$/, "$1 $2 $3")}`;
  const res = await api<Consent>("POST", "/v1/consents", { sablon_kod: "genel-tibbi-mudahale", adsoyad: "Deniz Kaya", telefon, sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Asks for a code on the link and enters it; returns the session cookie. */
const verified = (token: string, id: string): Promise<string> => verifiedSession(token, id, { url: server.url, dataDir });

async function signed(): Promise<Signed & { cookie: string }> {
  const c = await created();
  const token = tokenOf(c);
  const cookie = await verified(token, c.id);
  expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, server.url)).status).toBe(200);
  const done = await eventually(async () => {
    const got = await api<Signed>("GET", `/v1/consents/${c.id}`);
    return got.body.document && got.body.timestamp.status !== "queued" ? got.body : null;
  }, DOCUMENT_WAIT_MS);
  return { ...done, cookie };
}

beforeAll(async () => {
  receiver = await startReceiver();
  env = { ...run.env, ...own.env, WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCHEDULE: "0,1s,1s", TSA_RETRY_SCHEDULE: "0" };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  ({ server, key } = await startSeededServer(env, logFile));
  // The admin CLI needs the embedded database to itself.
  await server.stop();
  const set = await admin(["webhook", "set", "--tenant", "demo", "--url", receiver.url, "--events", "consent.withdrawn,consent.cancelled"]);
  expect(set.status, set.stderr).toBe(0);
  secret = String(set.json!.signing_secret);
  server = await startServer(env, logFile);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await own.drop();
}, 60_000);

describe("withdrawal through the signing link", { timeout: 180_000 }, () => {
  it("needs a code verified after the signature, then records geri_alindi by the signer and sends consent.withdrawn", async () => {
    const c = await signed();
    const token = tokenOf(c);
    // The session that signed is not enough: withdrawing needs a new code.
    const early = await signer(token, "withdraw", { reason: "Fikrimi değiştirdim" }, c.cookie, server.url);
    expect(early.status).toBe(401);
    expect(early.body).toMatchObject({ code: "unauthorized", reason: "otp_required" });
    expect((await api<Signed>("GET", `/v1/consents/${c.id}`)).body.status).toBe("completed");

    // A new code may be asked for a minute after the last one (decisions §7).
    await setServerClock(61_000, server.url, env.APP_SECRET);
    const cookie = await verified(token, c.id);
    const res = await signer<{ status: string; withdrawn_at: string }>(token, "withdraw", { reason: "Fikrimi değiştirdim" }, cookie, server.url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe("withdrawn");
    const after = await api<Signed>("GET", `/v1/consents/${c.id}`);
    expect(after.body).toMatchObject({ status: "withdrawn", withdrawn_at: res.body.withdrawn_at, withdraw_reason: "Fikrimi değiştirdim" });
    // The receipt's record (issue #51) may follow geri_alindi at any moment.
    const last = (await api<EventsResponse>("GET", `/v1/consents/${c.id}/events`)).body.data.findLast((e) => e.event === "geri_alindi")!;
    expect(last).toMatchObject({ event: "geri_alindi", actor: "signer", data: { reason: "Fikrimi değiştirdim" } });
    await eventually(async () => receiver.received.find((r) => r.body.event === "consent.withdrawn" && (r.body.data as { id: string }).id === c.id));

    // Closed now: no further codes, no second withdrawal.
    expect((await signer(token, "otp", undefined, undefined, server.url)).status).toBe(409);
    expect((await signer(token, "withdraw", {}, cookie, server.url)).status).toBe(409);
    await setServerClock(0, server.url, env.APP_SECRET);
  });

  it("refuses on a consent that is not signed", async () => {
    const c = await created();
    const cookie = await verified(tokenOf(c), c.id);
    const res = await signer(tokenOf(c), "withdraw", {}, cookie, server.url);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "invalid_state", reason: "closed" });
  });
});

describe("POST /v1/consents/{id}/withdraw", { timeout: 180_000 }, () => {
  it("turns a completed consent into withdrawn, keeps its document and verification, and sends consent.withdrawn", async () => {
    const c = await signed();
    const res = await api<Signed>("POST", `/v1/consents/${c.id}/withdraw`, { reason: "Hasta tedaviden vazgeçti" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, status: "withdrawn", status_text: "Geri alındı", withdraw_reason: "Hasta tedaviden vazgeçti" });
    expect(res.body.withdrawn_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(res.body.signed_at).toBe(c.signed_at);
    expect(res.body.document!.sha256).toBe(c.document.sha256);

    const events = (await api<EventsResponse>("GET", `/v1/consents/${c.id}/events`)).body;
    expect(events.chain.ok).toBe(true);
    const last = events.data.findLast((e) => e.event === "geri_alindi")!;
    expect(last).toMatchObject({ event: "geri_alindi", actor: `api:${key.id}`, data: { reason: "Hasta tedaviden vazgeçti" } });

    // The document is still served and still verifies; verify reports the status.
    const pdf = Buffer.from(await (await fetch(res.body.document!.pdf_url)).arrayBuffer());
    const digest = createHash("sha256").update(pdf).digest("hex");
    expect(digest).toBe(c.document.sha256);
    const verify = await api("POST", "/v1/verify", { id: c.id, sha256: digest });
    expect(verify.body).toMatchObject({ match: true, status: "withdrawn" });

    const hook = await eventually(async () => receiver.received.find((r) => r.body.event === "consent.withdrawn" && (r.body.data as { id: string }).id === c.id));
    expect(hook.headers["x-service-event"]).toBe("consent.withdrawn");
    expect(hook.body.data).toMatchObject({ id: c.id, status: "withdrawn", withdraw_reason: "Hasta tedaviden vazgeçti" });
    expect(signatureValid(hook, secret)).toBe(true);

    // Once: a second withdrawal is refused and records nothing.
    expectProblem(await api("POST", `/v1/consents/${c.id}/withdraw`, {}), 409, "invalid_state");
    expect((await api<EventsResponse>("GET", `/v1/consents/${c.id}/events`)).body.data.filter((e) => e.event === "geri_alindi")).toHaveLength(1);
  });

  it("refuses a consent that is not completed with 409 invalid_state, naming its status", async () => {
    const open = await created();
    const res = await api("POST", `/v1/consents/${open.id}/withdraw`, {});
    expectProblem(res, 409, "invalid_state");
    expect(String(res.body.detail)).toMatch(/Gönderildi.*\(sent\)/);
    expect((await api("POST", `/v1/consents/${open.id}/cancel`, {})).status).toBe(200);
    expectProblem(await api("POST", `/v1/consents/${open.id}/withdraw`, {}), 409, "invalid_state");
    expectProblem(await api("POST", "/v1/consents/ons_doesnotexist/withdraw", {}), 404, "not_found");
  });

  it("needs onam:yaz and a reason of at most 500 characters", async () => {
    // The scope is checked before anything is looked up: the shared server's read-only key shows it.
    expectProblem(await call("POST", "/v1/consents/ons_any/withdraw", { key: keys.onam_oku, body: {} }), 403, "forbidden_scope");
    const c = await signed();
    const long = await api("POST", `/v1/consents/${c.id}/withdraw`, { reason: "x".repeat(501) });
    expectProblem(long, 422, "validation_failed");
    expect((await api<Signed>("GET", `/v1/consents/${c.id}`)).body.status).toBe("completed");
  });
});
