// The agent's local HTTP interface (issue #48 part 2), on 127.0.0.1 only. It answers one web origin —
// the service's panel, given at start — and nothing else: every request must carry that Origin (a page
// of another site, or a program that sends none, is refused before anything is read), the Host must be
// the loopback address it listens on (no DNS rebinding), and after pairing every request carries the
// pairing token. /sign shows the physician, on this computer's console, what is being signed and asks
// for the card's PIN here; the PIN never crosses HTTP.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { CardError, type Card } from "@/lib/imza-agent/card";
import { HttpProblem, rateLimit, readJson, send, sendProblem } from "@/lib/imza-agent/http";
import type { Pairing } from "@/lib/imza-agent/pairing";
import type { PinSource } from "@/lib/imza-agent/pin-prompt";
import { readSignedAttributes } from "@/lib/imza-agent/signed-attributes";
import { AGENT_VERSION } from "@/lib/imza-agent/version";

export interface AgentOptions {
  origin: string;
  port: number;
  card: Card;
  pairing: Pairing;
  pin: PinSource;
  /** the console the physician reads */
  print: (line: string) => void;
  pinTimeoutMs?: number;
}

export interface RunningAgent {
  port: number;
  close(): Promise<void>;
}

const CARD_STATUS: Record<CardError["code"], number> = {
  pin_incorrect: 403,
  pin_locked: 423,
  certificate_not_found: 404,
  key_not_found: 404,
  card_unavailable: 503,
  unsupported_key: 422,
};

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function field(body: Record<string, unknown>, name: string, test: RegExp, why: string): string {
  const v = body[name];
  if (typeof v !== "string" || !test.test(v)) throw new HttpProblem(422, "validation_failed", `${name}: ${why}`, { errors: { [name]: [why] } });
  return v;
}

interface SignRequest {
  certificateId: string;
  signedAttributes: Buffer;
  consentId: string;
  initials: string;
  documentSha256: string;
  messageDigest: string;
}

function parseSign(body: Record<string, unknown>): SignRequest {
  const certificateId = field(body, "certificate_id", /^[0-9a-f]{64}$/, "GET /certificates'ın verdiği id olmalı");
  const attrs = field(body, "signed_attributes", BASE64, "base64 DER olmalı");
  const consentId = field(body, "consent_id", /^[A-Za-z0-9_-]{1,64}$/, "onamın kimliği olmalı");
  // Initials only: the physician needs to know whose consent it is, the agent needs nothing more.
  const initials = field(body, "initials", /^[\p{L}. ]{1,16}$/u, "kişinin baş harfleri olmalı (en çok 16 karakter)");
  const documentSha256 = field(body, "document_sha256", /^[0-9a-fA-F]{64}$/, "64 hane onaltılık SHA-256 olmalı").toLowerCase();
  const signedAttributes = Buffer.from(attrs, "base64");
  const summary = readSignedAttributes(signedAttributes);
  if (typeof summary === "string") throw new HttpProblem(422, "validation_failed", `signed_attributes: ${summary}`, { errors: { signed_attributes: [summary] } });
  return { certificateId, signedAttributes, consentId, initials: initials.trim(), documentSha256, messageDigest: summary.messageDigest };
}

export function startAgent(o: AgentOptions): Promise<RunningAgent> {
  const limited = rateLimit(30, 1000);
  const pairLimited = rateLimit(5, 10_000);
  let signing = false;

  const cors = (preflight: boolean, req: http.IncomingMessage): Record<string, string> => ({
    "access-control-allow-origin": o.origin,
    vary: "Origin",
    ...(preflight
      ? {
          "access-control-allow-methods": "GET, POST",
          "access-control-allow-headers": "Authorization, Content-Type",
          "access-control-max-age": "600",
          // Chrome's Private Network Access: an https page may reach 127.0.0.1 only if the agent says so.
          ...(req.headers["access-control-request-private-network"] === "true" ? { "access-control-allow-private-network": "true" } : {}),
        }
      : {}),
  });

  async function sign(req: http.IncomingMessage): Promise<unknown> {
    const r = parseSign(await readJson(req));
    if (signing) throw new HttpProblem(409, "busy", "Kart şu anda başka bir imza için PIN bekliyor.");
    signing = true;
    try {
      const cert = o.card.certificates().find((c) => c.id === r.certificateId);
      if (!cert) throw new HttpProblem(404, "certificate_not_found", "Bu sertifika takılı kartta yok.");
      o.print("");
      o.print("──────────────── İmza isteği ────────────────");
      o.print(`Onam:              ${r.consentId}`);
      o.print(`Kişi (baş harfler): ${r.initials}`);
      o.print(`Belge özeti:       ${r.documentSha256}`);
      o.print(`İmzalanan özet:    ${r.messageDigest}`);
      // The card's text reaches a terminal: no control characters (escape sequences could rewrite what is shown).
      o.print(`Sertifika:         ${cert.subject.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?")} (seri ${cert.serial})`);
      o.print("Onaylıyorsanız kartın PIN'ini girin; boş bırakırsanız imzalanmaz.");
      const pin = await o.pin.ask("PIN: ", o.pinTimeoutMs ?? 120_000);
      if (pin === null) throw new HttpProblem(408, "pin_timeout", "Hekim PIN'i zamanında girmedi; imzalanmadı.");
      if (pin === "") {
        o.print("İmzalanmadı.");
        throw new HttpProblem(403, "declined", "Hekim imzalamayı onaylamadı.");
      }
      try {
        const result = await o.card.sign(r.certificateId, r.signedAttributes, pin);
        o.print(`İmzalandı: ${r.consentId}`);
        return result;
      } catch (err) {
        if (err instanceof CardError) {
          o.print(`İmzalanamadı: ${err.message}`);
          throw new HttpProblem(CARD_STATUS[err.code], err.code, err.message);
        }
        throw err;
      }
    } finally {
      signing = false;
    }
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse, headers: Record<string, string>): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const key = `${req.method} ${url.pathname}`;
    if (key === "GET /status") return send(res, 200, { agent: "e-onam-imza", version: AGENT_VERSION, paired: o.pairing.authorized(req.headers.authorization) }, headers);
    if (key === "POST /pair") {
      if (!pairLimited()) throw new HttpProblem(429, "rate_limited", "Çok fazla eşleştirme denemesi.");
      const body = await readJson(req);
      const result = o.pairing.pair(typeof body.code === "string" ? body.code.slice(0, 32) : "");
      if (result.ok) {
        o.print(`Panel eşleştirildi: ${o.origin}`);
        return send(res, 200, { token: result.token }, headers);
      }
      if (result.reason === "closed") throw new HttpProblem(403, "pairing_closed", "Eşleştirme kodu kullanıldı ya da çok kez yanlış girildi; yeni kod için imza aracını yeniden başlatın.");
      throw new HttpProblem(403, "pairing_code_incorrect", "Eşleştirme kodu yanlış.", { tries_left: result.triesLeft });
    }
    if (key !== "GET /certificates" && key !== "POST /sign") throw new HttpProblem(404, "not_found", "Böyle bir adres yok.");
    if (!o.pairing.authorized(req.headers.authorization)) throw new HttpProblem(401, "unpaired", "Panel bu imza aracıyla eşleştirilmemiş.");
    if (key === "GET /certificates") return send(res, 200, { certificates: o.card.certificates() }, headers);
    return send(res, 200, await sign(req), headers);
  }

  const server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    // Another site's page, a program without an Origin, a rebound host name: no answer it can read.
    if (req.headers.host !== `127.0.0.1:${port}` && req.headers.host !== `localhost:${port}`) return sendProblem(res, new HttpProblem(421, "wrong_host", "Yalnızca 127.0.0.1 üzerinden."));
    if (req.headers.origin !== o.origin) {
      req.resume();
      return sendProblem(res, new HttpProblem(403, "origin_refused", "Bu imza aracı yalnızca eşleştirildiği panelden gelen istekleri yanıtlar."));
    }
    if (!limited()) return sendProblem(res, new HttpProblem(429, "rate_limited", "Çok fazla istek."), cors(false, req));
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors(true, req));
      return res.end();
    }
    const headers = cors(false, req);
    route(req, res, headers).catch((err: unknown) => {
      if (res.headersSent) return res.end();
      if (err instanceof HttpProblem) return sendProblem(res, err, headers);
      // Nothing of the request is printed: it may name a consent.
      o.print(`Beklenmeyen hata: ${err instanceof Error ? err.name : "?"}`);
      sendProblem(res, new HttpProblem(500, "internal", "Beklenmeyen bir hata oluştu."), headers);
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = (o.pinTimeoutMs ?? 120_000) + 30_000;
  server.maxHeadersCount = 50;
  server.maxConnections = 32;

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, "127.0.0.1", () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
