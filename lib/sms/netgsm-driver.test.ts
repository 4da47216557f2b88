// Tests of the `netgsm` SMS driver against a local HTTP server that checks and answers requests as
// Netgsm's documented REST v2 send endpoint does (POST /sms/rest/v2/send); nothing leaves 127.0.0.1.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createNetgsmDriver, toNetgsmNumber } from "@/lib/sms/netgsm-driver";
import { SmsSendError, type SmsMessage } from "@/lib/sms/sms-driver";

const USERCODE = "8503001122";
const PASSWORD = "s3cr:et-ş"; // a colon and a non-ASCII letter: Basic auth splits on the first colon only
const HEADER = "KLINIKONAM"; // the sender name "registered" on this fake account
const TENANT_HEADER = "Sifa Klinik"; // another one, a tenant's own (issue #42)
const JOBID = "17377215342605050417149344";

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the fake answers once the request has passed Netgsm's checks. */
type Script =
  | { kind: "ok" }
  | { kind: "code"; code: string; status?: number }
  | { kind: "http"; status: number; body?: string }
  | { kind: "slow"; delayMs: number }
  | { kind: "redirect" };

let script: Script = { kind: "ok" };
let received: Received[] = [];
const timers = new Set<NodeJS.Timeout>();

function reply(res: http.ServerResponse, status: number, json: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json;charset=UTF-8" });
  res.end(JSON.stringify(json));
}

function refuse(res: http.ServerResponse, code: string, description: string): void {
  reply(res, 406, { code, jobid: null, description });
}

/** The documented request checks, in the order Netgsm answers them; true when the request is acceptable. */
function check(req: Received, res: http.ServerResponse): boolean {
  if (req.url !== "/sms/rest/v2/send") {
    res.writeHead(404).end();
    return false;
  }
  if (req.method !== "POST") {
    res.writeHead(405).end();
    return false;
  }
  const expected = "Basic " + Buffer.from(`${USERCODE}:${PASSWORD}`, "utf8").toString("base64");
  if (req.headers.authorization !== expected) {
    refuse(res, "30", "Invalid username, password or no API access");
    return false;
  }
  if (req.headers["content-type"] !== "application/json") {
    refuse(res, "70", "Invalid query");
    return false;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(req.body) as Record<string, unknown>;
  } catch {
    refuse(res, "70", "Invalid query");
    return false;
  }
  const allowed = new Set(["msgheader", "messages", "encoding", "iysfilter", "partnercode", "startdate", "stopdate", "appname"]);
  const messages = body.messages;
  const wellFormed =
    Object.keys(body).every((k) => allowed.has(k)) &&
    typeof body.msgheader === "string" &&
    body.msgheader.length <= 11 &&
    (body.encoding === undefined || body.encoding === "TR") &&
    (body.iysfilter === undefined || ["0", "11", "12"].includes(body.iysfilter as string)) &&
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every(
      (m: unknown) =>
        typeof m === "object" &&
        m !== null &&
        Object.keys(m).sort().join() === "msg,no" &&
        typeof (m as { msg: unknown }).msg === "string" &&
        (m as { msg: string }).msg.length > 0 &&
        /^[0-9]{10}$/.test(String((m as { no: unknown }).no)) &&
        typeof (m as { no: unknown }).no === "string",
    );
  if (!wellFormed) {
    refuse(res, "70", "Invalid query");
    return false;
  }
  if (body.msgheader !== HEADER && body.msgheader !== TENANT_HEADER) {
    refuse(res, "40", "Check the msgheader parameter");
    return false;
  }
  return true;
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const r: Received = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
    received.push(r);
    if (!check(r, res)) return;
    const s = script;
    switch (s.kind) {
      case "ok":
        return reply(res, 200, { code: "00", jobid: JOBID, description: "queued" });
      case "code":
        return reply(res, s.status ?? 406, { code: s.code, jobid: null, description: "error" });
      case "http":
        res.writeHead(s.status, { "Content-Type": "text/html" });
        return void res.end(s.body ?? "<html>Service Unavailable</html>");
      case "slow": {
        const t = setTimeout(() => {
          timers.delete(t);
          reply(res, 200, { code: "00", jobid: JOBID, description: "queued" });
        }, s.delayMs);
        timers.add(t);
        return;
      }
      case "redirect":
        res.writeHead(302, { Location: "/sms/rest/v2/send-elsewhere" });
        return void res.end();
    }
  });
});

let baseUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const t of timers) clearTimeout(t);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  script = { kind: "ok" };
  received = [];
});

const driver = (over: Partial<Parameters<typeof createNetgsmDriver>[0]> = {}) =>
  createNetgsmDriver({ baseUrl: baseUrl + "/", usercode: USERCODE, password: PASSWORD, header: HEADER, ...over });

const turkish: SmsMessage = {
  to: "+905321234567",
  body: "Sayın hasta, onam formunuzu imzalamak için: https://onam.example/s/abc — İĞÜŞÖÇ ığüşöç",
  kind: "link",
  consentId: "cns_1",
};

async function failure(p: Promise<unknown>): Promise<SmsSendError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsSendError);
  return err as SmsSendError;
}

describe("netgsm driver — the request", () => {
  it("sends exactly the documented request and returns the jobid", async () => {
    const d = driver();
    expect(d.name).toBe("netgsm");
    await expect(d.send(turkish)).resolves.toEqual({ providerRef: JOBID });

    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.method).toBe("POST");
    expect(r.url).toBe("/sms/rest/v2/send");
    expect(r.headers.authorization).toBe("Basic " + Buffer.from(`${USERCODE}:${PASSWORD}`, "utf8").toString("base64"));
    expect(r.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(r.body)).toEqual({
      msgheader: HEADER,
      messages: [{ msg: turkish.body, no: "5321234567" }],
      encoding: "TR",
      iysfilter: "0",
    });
  });

  it("leaves encoding out for plain ASCII text", async () => {
    await driver().send({ to: "+905551112233", body: "Kodunuz: 123456", kind: "otp", consentId: null });
    expect(JSON.parse(received[0]!.body)).toEqual({
      msgheader: HEADER,
      messages: [{ msg: "Kodunuz: 123456", no: "5551112233" }],
      iysfilter: "0",
    });
  });

  it("sends a message's own sender name (a tenant's, issue #42) instead of the configured one", async () => {
    await driver().send({ ...turkish, header: TENANT_HEADER });
    await driver().send({ ...turkish, header: null });
    expect(received.map((r) => (JSON.parse(r.body) as { msgheader: string }).msgheader)).toEqual([TENANT_HEADER, HEADER]);
    const err = await failure(driver().send({ ...turkish, header: "BASKA" }));
    expect(err.message).toMatch(/^netgsm: 40 /);
  });

  it("refuses numbers outside Turkey before any request", async () => {
    const err = await failure(driver().send({ ...turkish, to: "+4915112345678" }));
    expect(err.retryable).toBe(false);
    expect(err.message).not.toContain("4915112345678");
    expect(received).toHaveLength(0);
    expect(toNetgsmNumber("+905321234567")).toBe("5321234567");
    expect(() => toNetgsmNumber("05321234567")).toThrow(SmsSendError);
    expect(() => toNetgsmNumber("+90532123456")).toThrow(SmsSendError);
  });
});

describe("netgsm driver — the answers", () => {
  it.each([
    ["20", false],
    ["30", false],
    ["40", false],
    ["50", false],
    ["51", false],
    ["70", false],
    ["80", true],
    ["85", true],
    ["100", true],
    ["101", true],
  ])("maps code %s to SmsSendError (retryable: %s)", async (code, retryable) => {
    script = { kind: "code", code };
    const err = await failure(driver().send(turkish));
    expect(err.retryable).toBe(retryable);
    expect(err.message).toMatch(new RegExp(`^netgsm: ${code} \\(.+\\)$`));
    expect(err.message).not.toContain("5321234567");
    expect(err.message).not.toContain(PASSWORD);
  });

  it("names the credential problem when Netgsm itself rejects the login (30)", async () => {
    const err = await failure(driver({ password: "wrong" }).send(turkish));
    expect(err.message).toBe("netgsm: 30 (geçersiz kullanıcı adı/şifre veya API erişim izni yok)");
    expect(err.retryable).toBe(false);
  });

  it("names the sender-name problem when the header is not registered (40)", async () => {
    const err = await failure(driver({ header: "BASKA" }).send(turkish));
    expect(err.message).toBe("netgsm: 40 (mesaj başlığı (gönderici adı) sistemde tanımlı değil)");
    expect(err.retryable).toBe(false);
  });

  it("maps an error code in a 200 answer too", async () => {
    script = { kind: "code", code: "85", status: 200 };
    const err = await failure(driver().send(turkish));
    expect(err.message).toMatch(/^netgsm: 85 /);
    expect(err.retryable).toBe(true);
  });

  it("treats an unknown code as final", async () => {
    script = { kind: "code", code: "99" };
    const err = await failure(driver().send(turkish));
    expect(err.message).toBe("netgsm: 99 (bilinmeyen yanıt kodu)");
    expect(err.retryable).toBe(false);
  });

  it("treats HTTP 503 as retryable", async () => {
    script = { kind: "http", status: 503 };
    const err = await failure(driver().send(turkish));
    expect(err.message).toBe("netgsm: HTTP 503");
    expect(err.retryable).toBe(true);
  });

  it("does not retry an unreadable 200, which may already have been queued", async () => {
    script = { kind: "http", status: 200, body: "<html>ok?</html>" };
    const err = await failure(driver().send(turkish));
    expect(err.message).toBe("netgsm: beklenmeyen yanıt (HTTP 200)");
    expect(err.retryable).toBe(false);
  });

  it("times out a slow answer as retryable", async () => {
    script = { kind: "slow", delayMs: 3_000 };
    const started = Date.now();
    const err = await failure(driver({ timeoutMs: 200 }).send(turkish));
    expect(err.message).toBe("netgsm: timeout");
    expect(err.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("does not follow redirects", async () => {
    script = { kind: "redirect" };
    const err = await failure(driver().send(turkish));
    expect(err.message).toBe("netgsm: beklenmeyen yanıt (HTTP 302)");
    expect(err.retryable).toBe(false);
    expect(received).toHaveLength(1);
  });

  it("treats a refused connection as retryable", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(driver({ baseUrl: `http://127.0.0.1:${port}` }).send(turkish));
    expect(err.message).toBe("netgsm: ağ hatası (ECONNREFUSED)");
    expect(err.retryable).toBe(true);
  });
});
