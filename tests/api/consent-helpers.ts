// Shared pieces of the consent API tests: a template of the acme tenant and a valid request body.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { call, run, type CallOptions } from "./client";

export const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
export const uniq = (p: string) => `${p}-${randomBytes(4).toString("hex")}`;

export const TEMPLATE_BODY =
  "<p>Sayın {adsoyad} ({tc_masked}, {dogum_tarih}), {kurum} bünyesinde {hekim} tarafından {dis_no} numaralı dişe " +
  "{islem} yapılacaktır. Anestezi: {anestezi}. Not: {not}. Onaylayan: {onaylayan_ad} {yakinlik}. Hayvan: {hayvan_ad} {hayvan_tur}. Tarih: {tarih}</p>";

/** Publishes a template with a required `sayi` variable, a defaulted one and an optional one. */
export async function createTestTemplate(opts: CallOptions = {}): Promise<string> {
  const kod = uniq("onam");
  const res = await call("POST", "/v1/templates", {
    ...opts,
    body: {
      kod,
      baslik: "Diş Çekimi Onam Formu",
      govde: TEMPLATE_BODY,
      yayimla: true,
      degiskenler: [
        { ad: "dis_no", etiket: "Diş numarası", tip: "sayi", zorunlu: true },
        { ad: "anestezi", etiket: "Anestezi", tip: "metin", zorunlu: true, varsayilan: "lokal" },
        { ad: "not", etiket: "Not", tip: "metin", zorunlu: false },
      ],
    },
  });
  expect(res.status, res.text).toBe(201);
  return kod;
}

/**
 * A mobile number of its own, masked like every other (`+90532*****67`): one phone receives at most 10
 * OTP messages an hour (decisions §15), and one test run sends far more than that.
 */
export function testPhone(): string {
  const d = String(randomBytes(4).readUInt32BE() % 100_000).padStart(5, "0");
  return `0532 ${d.slice(0, 3)} ${d.slice(3)} 67`;
}

/** A random national id that passes the checksum (decisions §5). */
export function validTc(): string {
  const d = [1 + (randomBytes(1)[0]! % 9), ...[...randomBytes(8)].map((b) => b % 10)];
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  d.push((((odd * 7 - even) % 10) + 10) % 10);
  d.push(d.reduce((a, b) => a + b, 0) % 10);
  return d.join("");
}

/** "0532 123 45 67" → "+905321234567" */
export const e164 = (telefon: string) => `+90${telefon.replace(/\D/g, "").replace(/^0/, "")}`;

export function consentBody(sablon_kod: string, extra: Record<string, unknown> = {}) {
  return {
    sablon_kod,
    adsoyad: "Ayşe Yılmaz",
    telefon: testPhone(),
    sms_gonder: false,
    degiskenler: { dis_no: "36" },
    ...extra,
  };
}

export type Consent = {
  id: string;
  status: string;
  status_text: string;
  external_ref: string | null;
  patient: { name: string; tc_masked: string | null; phone: string };
  template: { code: string; version: number; content_sha256: string };
  link: { url: string; short: string };
  created_at: string;
  expires_at: string;
  cancelled_at: string | null;
  cancel_reason: string | null;
  [k: string]: unknown;
};

export type EventsResponse = {
  data: { seq: number; event: string; at: string; ip: string; user_agent: string; actor: string; data: Record<string, unknown>; prev_hash: string | null; hash: string }[];
  chain: { ok: boolean; count: number };
};

export async function createConsent(body: Record<string, unknown>, opts: CallOptions = {}): Promise<Consent> {
  const res = await call<Consent>("POST", "/v1/consents", { ...opts, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export async function eventsOf(id: string, opts: CallOptions = {}): Promise<EventsResponse> {
  const res = await call<EventsResponse>("GET", `/v1/consents/${id}/events`, opts);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function quotaOf(opts: CallOptions = {}): Promise<number> {
  const res = await call<{ quota: { remaining: number } }>("GET", "/v1/me", opts);
  return res.body.quota.remaining;
}

/** Lines of the file SMS driver's outbox (decisions §13). */
export function outbox(dataDir = run.dataDir): { to: string; body: string; kind: string; consent_id: string | null; at: string }[] {
  const file = path.join(dataDir, "sms-outbox.jsonl");
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

/** Today in the service time zone, YYYY-MM-DD. */
export function todayIstanbul(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date());
}
