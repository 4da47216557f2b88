// The real `netgsm` SMS driver end to end through the server (decisions §11, §13): a local fake of
// Netgsm's REST v2 send endpoint records what the service sends and answers as each test scripts it.
// Nothing leaves 127.0.0.1. Runs on a server and database of its own.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, eventually, run, setServerClock, type CallResult } from "./client";
import { ownDatabase, startSeededServer, type RunningServer } from "./server";
import { panelSession } from "./panel-session";

const USERCODE = "8501234567";
const PASSWORD = "s3cret";
const HEADER = "KLINIK";
const JOBID = "123";

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface NetgsmPayload {
  msgheader: string;
  messages: { msg: string; no: string }[];
  encoding?: string;
  iysfilter?: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const SUCCESS: Answer = { status: 200, body: { code: "00", jobid: JOBID, description: "queued" } };
const BAD_CREDENTIALS: Answer = { status: 406, body: { code: "30", jobid: null, description: "Invalid username, password or no API access" } };

interface ConsentBody {
  id: string;
  status: string;
  link: { url: string; short: string };
}

interface EventRecord {
  seq: number;
  event: string;
  actor: string;
  data: Record<string, unknown>;
  hash: string;
}

interface EventsBody {
  data: EventRecord[];
  chain: { ok: boolean; count: number };
}

interface MeBody {
  quota: { remaining: number; unlimited: boolean };
}

describe("the netgsm SMS driver through the server", () => {
  const dataDir = path.join(run.dataDir, `sms-provider-${randomBytes(3).toString("hex")}`);
  const logFile = path.join(dataDir, "server.log");
  const own = ownDatabase(dataDir, "sms");

  let received: Received[] = [];
  let answer: Answer = SUCCESS;
  /** answers used once each, before falling back to `answer` */
  let queued: Answer[] = [];
  let fake: http.Server | undefined;
  let server: RunningServer | undefined;
  let key: { id: string; secret: string };

  function api<T>(method: string, urlPath: string, body?: unknown): Promise<CallResult<T>> {
    if (!server) throw new Error("no server running");
    return call<T>(method, urlPath, { key, body, baseUrl: server.url });
  }

  async function remaining(): Promise<number> {
    const me = await api<MeBody>("GET", "/v1/me");
    expect(me.status, me.text).toBe(200);
    expect(me.body.quota.unlimited).toBe(false);
    expect(typeof me.body.quota.remaining).toBe("number");
    return me.body.quota.remaining;
  }

  async function events(id: string): Promise<EventsBody> {
    const res = await api<EventsBody>("GET", `/v1/consents/${encodeURIComponent(id)}/events`);
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  function createBody(adsoyad: string) {
    return {
      sablon_kod: "genel-tibbi-mudahale",
      adsoyad,
      telefon: "0532 123 45 67",
      sms_gonder: true,
      degiskenler: { girisim_tarihi: "2026-12-01" },
    };
  }

  /** The one request the fake got, checked against Netgsm's documented form; returns its payload. */
  function expectOneNetgsmRequest(header = HEADER): NetgsmPayload {
    expect(received, JSON.stringify(received)).toHaveLength(1);
    const req = received[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/sms/rest/v2/send");
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${USERCODE}:${PASSWORD}`, "utf8").toString("base64")}`);
    expect(req.headers["content-type"]).toMatch(/^application\/json\b/);
    const payload = JSON.parse(req.body) as NetgsmPayload;
    expect(payload.msgheader).toBe(header);
    expect(payload.messages).toHaveLength(1);
    expect(payload.messages[0]?.no).toBe("5321234567");
    expect(typeof payload.messages[0]?.msg).toBe("string");
    return payload;
  }

  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        const a = queued.shift() ?? answer;
        res.writeHead(a.status, { "Content-Type": "application/json;charset=UTF-8" });
        res.end(JSON.stringify(a.body));
      });
    });
    await new Promise<void>((resolve, reject) => {
      fake!.once("error", reject);
      fake!.listen(0, "127.0.0.1", () => resolve());
    });
    const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;

    const env: Record<string, string> = {
      ...run.env,
      ...own.env,
      SMS_DRIVER: "netgsm",
      NETGSM_URL: fakeUrl,
      NETGSM_USERCODE: USERCODE,
      NETGSM_PASSWORD: PASSWORD,
      NETGSM_HEADER: HEADER,
    };
    ({ server, key } = await startSeededServer(env, logFile));
    // Starting up sends nothing.
    expect(received).toEqual([]);
  });

  beforeEach(() => {
    received = [];
    answer = SUCCESS;
    queued = [];
  });

  afterAll(async () => {
    await server?.stop();
    server = undefined;
    if (fake) {
      fake.closeAllConnections();
      await new Promise<void>((resolve) => fake!.close(() => resolve()));
    }
    await own.drop();
  }, 60_000);

  it("sends the signing link to Netgsm on create, records sms_gonderildi and charges one unit", async () => {
    const before = await remaining();

    const res = await api<ConsentBody>("POST", "/v1/consents", createBody("Ayşe Yılmaz"));
    expect(res.status, res.text).toBe(201);
    const consent = res.body;
    expect(consent.status).toBe("sent");
    expect(consent.link.short).toMatch(/\/k\/[A-Za-z0-9]{7,10}$/);
    expect(consent.link.short.startsWith(server!.url)).toBe(true);

    const payload = expectOneNetgsmRequest();
    expect(payload.messages[0]?.msg).toContain(consent.link.short);
    // The long signing token never goes out by SMS.
    expect(payload.messages[0]?.msg).not.toContain(consent.link.url);

    const ev = await events(consent.id);
    expect(ev.data.map((r) => r.event)).toEqual(["olusturuldu", "sms_gonderildi"]);
    expect(ev.data[1]?.data).toMatchObject({ kind: "link", driver: "netgsm" });
    expect(ev.chain).toEqual({ ok: true, count: 2 });

    expect(await remaining()).toBe(before - 1);

    // The link that was texted leads to the signing page.
    const hop = await fetch(consent.link.short, { redirect: "manual" });
    expect(hop.status).toBe(302);
    expect(hop.headers.get("location")).toBe(consent.link.url);
  });

  it("keeps the consent, records sms_basarisiz and refunds the unit when Netgsm refuses", async () => {
    answer = BAD_CREDENTIALS;
    const before = await remaining();

    const res = await api<ConsentBody>("POST", "/v1/consents", createBody("Mehmet Öztürk"));
    expect(res.status, res.text).toBe(201);
    const consent = res.body;
    expect(consent.status).toBe("sent");

    // It was tried, once, with the same documented request.
    const payload = expectOneNetgsmRequest();
    expect(payload.messages[0]?.msg).toContain(consent.link.short);

    const got = await api<ConsentBody>("GET", `/v1/consents/${encodeURIComponent(consent.id)}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body.id).toBe(consent.id);
    expect(got.body.status).toBe("sent");
    expect(got.body.link.short).toBe(consent.link.short);

    const ev = await events(consent.id);
    expect(ev.data.map((r) => r.event)).toEqual(["olusturuldu", "sms_basarisiz"]);
    const failure = ev.data[1]!;
    expect(failure.actor).toBe("system");
    expect(typeof failure.data.error).toBe("string");
    expect(String(failure.data.error)).toMatch(/netgsm/i);
    expect(String(failure.data.error)).toMatch(/\b30\b/);
    // Nothing of the provider's credentials or the number ends up in the evidence.
    expect(JSON.stringify(ev.data)).not.toContain(PASSWORD);
    expect(JSON.stringify(ev.data)).not.toContain("5321234567");
    expect(ev.chain).toEqual({ ok: true, count: 2 });

    // The unit paid for an SMS that never reached the provider: it is back.
    expect(await remaining()).toBe(before);
    // …and nothing retries a refused send behind the scenes.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(received).toHaveLength(1);
  });

  it("resends the same short link through Netgsm, for one unit", async () => {
    const created = await api<ConsentBody>("POST", "/v1/consents", createBody("Zeynep Çelik"));
    expect(created.status, created.text).toBe(201);
    const consent = created.body;
    const first = expectOneNetgsmRequest();
    expect(first.messages[0]?.msg).toContain(consent.link.short);

    received = [];
    const before = await remaining();
    const res = await api<ConsentBody>("POST", `/v1/consents/${encodeURIComponent(consent.id)}/resend`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.id).toBe(consent.id);
    expect(res.body.status).toBe("sent");
    expect(res.body.link.short).toBe(consent.link.short);

    const again = expectOneNetgsmRequest();
    expect(again.messages[0]?.msg).toContain(consent.link.short);
    expect(again.messages[0]?.msg).toBe(first.messages[0]?.msg);

    const ev = await events(consent.id);
    expect(ev.data.map((r) => r.event)).toEqual(["olusturuldu", "sms_gonderildi", "yeniden_gonderildi", "sms_gonderildi"]);
    expect(ev.data[2]?.actor).toBe(`api:${key.id}`);
    expect(ev.data[3]?.data).toMatchObject({ kind: "link", driver: "netgsm" });
    expect(ev.chain).toEqual({ ok: true, count: 4 });

    expect(await remaining()).toBe(before - 1);
  });

  it("tries a passing provider fault again in the background, charging and recording once", async () => {
    queued = [{ status: 503, body: { code: "100", description: "Service Unavailable" } }];
    const before = await remaining();
    const res = await api<ConsentBody>("POST", "/v1/consents", createBody("Can Aksoy"));
    expect(res.status, res.text).toBe(201);
    expect(received).toHaveLength(1);
    expect((await events(res.body.id)).data.map((r) => r.event)).toEqual(["olusturuldu"]);
    try {
      // The runner leaves a fresh message to its request for 30 s; move the clock past that.
      await setServerClock(60_000, server!.url);
      const ev = await eventually(async () => {
        const e = await events(res.body.id);
        return e.data.length >= 2 ? e : null;
      }, 20_000);
      expect(ev.data.map((r) => r.event)).toEqual(["olusturuldu", "sms_gonderildi"]);
      expect(received).toHaveLength(2);
      expect(received[1]!.body).toBe(received[0]!.body);
      expect(await remaining()).toBe(before - 1);
    } finally {
      await setServerClock(0, server!.url);
    }
  });
  it("sends under the tenant's own sender name once the owner set one (issue #42): the link and the OTP; NETGSM_HEADER again once cleared", async () => {
    const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "first-run-credentials.json"), "utf8")) as { panel: { email: string; password: string } };
    const panel = await panelSession(server!.url, credentials.panel.email, credentials.panel.password);
    const setSender = async (smsSender: string) => {
      const res = await panel("PUT", "/panel/settings/branding", { address: "", phone: "", privacyUrl: "", smsSender });
      expect(res.status, await res.text()).toBe(200);
    };
    const refused = await panel("PUT", "/panel/settings/branding", { smsSender: "KLINIKONAM12" });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty("smsSender");
    await setSender("Demo Klinik");
    try {
      const res = await api<ConsentBody>("POST", "/v1/consents", createBody("Elif Kaya"));
      expect(res.status, res.text).toBe(201);
      expect(expectOneNetgsmRequest("Demo Klinik").messages[0]?.msg).toContain(res.body.link.short);

      received = [];
      const token = new URL(res.body.link.url).pathname.split("/").pop()!;
      const otp = await fetch(`${server!.url}/s/${token}/otp`, { method: "POST", headers: { Origin: server!.url } });
      expect(otp.status, await otp.text()).toBe(200);
      expect(expectOneNetgsmRequest("Demo Klinik").messages[0]?.msg).toMatch(/\b\d{6}\b/);
    } finally {
      await setSender("");
    }
    received = [];
    expect((await api<ConsentBody>("POST", "/v1/consents", createBody("Deniz Aydın"))).status).toBe(201);
    expectOneNetgsmRequest(HEADER);
  });
});
