// A small HTTP client for API tests against the running server.
import http from "node:http";
import path from "node:path";
import { expect, inject } from "vitest";
import type { KeyFixture } from "./fixtures";

export const run = inject("api");
export const keys = run.fixtures.keys;

/** The calling test file's own all-scope key of the acme tenant. */
export function defaultKey(): KeyFixture {
  const file = path.basename(expect.getState().testPath ?? "");
  return run.fixtures.fileKeys[file] ?? keys.all;
}

export interface CallOptions {
  /** a fixture key, explicit credentials, or null for none */
  key?: KeyFixture | { id: string; secret: string } | null;
  body?: unknown;
  /** sent as-is instead of JSON.stringify(body) */
  raw?: string;
  headers?: Record<string, string>;
  /** another server than the shared one (tests that start their own) */
  baseUrl?: string;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export function basic(key: { id: string; secret: string }): string {
  return `Basic ${Buffer.from(`${key.id}:${key.secret}`).toString("base64")}`;
}

export async function call<T = Record<string, unknown>>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? defaultKey() : opts.key;
  if (key) headers.Authorization = basic(key);
  let payload: string | undefined = opts.raw;
  if (payload === undefined && opts.body !== undefined) {
    payload = JSON.stringify(opts.body);
    headers["Content-Type"] ??= "application/json";
  }
  const res = await fetch(`${opts.baseUrl ?? run.url}${path}`, { method, headers, body: payload, redirect: "manual" });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

/**
 * Sends only the head of a request that declares `declaredBytes` of body, plus its first bytes, and
 * returns the answer the server gives without waiting for the rest: proof that an oversized body is
 * refused before it is read. (Sending the whole body races the server's close of the connection:
 * fetch then fails with EPIPE instead of reading the 413 already on its way.)
 */
export function callDeclaring(method: string, pathname: string, declaredBytes: number, first: string | Buffer, headers: Record<string, string> = {}): Promise<CallResult> {
  const url = new URL(run.url);
  const key = defaultKey();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: pathname, method, headers: { Authorization: basic(key), "Content-Type": "application/json", ...headers, "Content-Length": String(declaredBytes) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => {
          req.destroy();
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
          resolve({ status: res.statusCode ?? 0, headers: h, body: body as Record<string, unknown>, text });
        });
      },
    );
    req.on("error", reject);
    req.write(first);
  });
}

/** Asserts the RFC 9457 shape of decisions §2 and returns the body. */
export function expectProblem(res: CallResult, status: number, code: string): Record<string, unknown> {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, type: expect.stringMatching(new RegExp(`/errors/${code}$`)) });
  expect(typeof res.body.title).toBe("string");
  expect(typeof res.body.detail).toBe("string");
  expect(res.text).not.toMatch(/\bat .*\.(js|ts):\d+|prisma|SELECT /i);
  expect(res.headers.get("x-request-id")).toBeTruthy();
  return res.body;
}

/** Moves the server's clock (TEST_CLOCK=1) by offsetMs from real time; 0 resets it. */
export async function setServerClock(offsetMs: number, url = run.url, secret = run.env.APP_SECRET!): Promise<void> {
  const res = await fetch(`${url}/api/test/clock`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify({ offset_ms: offsetMs }),
  });
  expect(res.status).toBe(200);
}

/**
 * How long a test waits for a document made off the request. The first document of a fresh server
 * starts a document thread (lib/documents/pdf-worker.mjs): on a quiet host it is ready within a
 * second, but with CI's lanes keeping both cores busy it has taken over 30 s.
 */
export const DOCUMENT_WAIT_MS = 90_000;

/**
 * Polls fn until it returns a truthy value or the timeout passes. The pause grows from 200 ms to 1 s,
 * so that a long wait (a document under CI's load) stays within the key's 120 requests a minute and
 * does not leave the test's next calls refused with 429.
 */
export async function eventually<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 200; ; pause = Math.min(1_000, Math.round(pause * 1.5))) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, pause));
  }
}

export interface LoopbackReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  setCookies: string[];
}

/**
 * Requests to the test server from another loopback address (Linux answers all of 127.0.0.0/8): the
 * service takes the socket's peer as the client address (decisions §15), so per-address limits are
 * tested from addresses of their own instead of a forged X-Forwarded-For.
 */
export function loopbackClient(localAddress: string, baseUrl = run.url) {
  const url = new URL(baseUrl);
  return (method: string, pathname: string, body?: string, headers: Record<string, string> = {}) =>
    new Promise<LoopbackReply>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: pathname, method, localAddress, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, setCookies: res.headers["set-cookie"] ?? [] }));
      });
      req.on("error", reject);
      req.end(body);
    });
}
