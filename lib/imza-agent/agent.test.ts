// The physician's signing agent (issue #48 part 2), driven over its local HTTP interface as the panel
// drives it: the program the e-onam-imza package ships (imza-agent/build.mjs's bundle, run by plain
// node with pkcs11js beside it; the checkout's bin/e-onam-imza.mjs after a restart) on 127.0.0.1,
// SoftHSM2 tokens holding a physician's RSA key and certificate from the openssl test PKI
// (nonRepudiation, chain on the token) and an EC key (tests/imza-agent.ts), the PIN given on the agent's own file descriptor as a physician types it on the
// terminal. Every signature is checked with node:crypto against the certificate the agent answered.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash, verify, X509Certificate } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_ORIGIN as ORIGIN, CHECKOUT_AGENT, physicianTokens, printed, signedAttributes, startTestAgent, type RunningTestAgent } from "@/tests/imza-agent";
import type { TestPki } from "@/tests/pki";
import { softHsmToken } from "@/tests/softhsm";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-imza-agent-"));

let pki: TestPki;
let conf: string;
let ecCert: Buffer;
type Agent = RunningTestAgent;

const bundle = path.join(work, "pkg", "dist", "e-onam-imza.mjs");
const startAgent = (stateDir: string, program = bundle) => startTestAgent({ program, conf, stateDir });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

function call(agent: Agent, method: string, url: string, o: { origin?: string | null; token?: string; body?: unknown; raw?: string; host?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const payload = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
  const headers: Record<string, string> = { host: o.host ?? `127.0.0.1:${agent.port}`, ...o.headers };
  if (o.origin !== null) headers.origin = o.origin ?? ORIGIN;
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (payload !== undefined) headers["content-type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: agent.port, method, path: url, headers }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

let agent: Agent;
let token: string;
const stateDir = path.join(work, "state");

beforeAll(async () => {
  // The package's bundle, with its one dependency, the native pkcs11js, installed beside it.
  execFileSync(process.execPath, [path.join(ROOT, "imza-agent", "build.mjs"), "--outdir", path.dirname(bundle)], { stdio: "pipe" });
  fs.mkdirSync(path.join(work, "pkg", "node_modules"));
  fs.symlinkSync(path.join(ROOT, "node_modules", "pkcs11js"), path.join(work, "pkg", "node_modules", "pkcs11js"));
  ({ pki, conf, ecCert } = await physicianTokens(work, "imza-agent"));
  // A third token whose key is not its certificate's (the seal's key under a physician's certificate).
  const mismatched = await pki.issue("hekim-3", "physician", { commonName: "Dr. Yanlış Anahtar" });
  softHsmToken(path.join(work, "hsm"), pki.seal.keyFile, [mismatched.der], { tokenLabel: "AKIS Hekim 3", keyLabel: "imza-3" });
  agent = await startAgent(stateDir);
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the e-onam-imza agent", () => {
  it("is one bundled file that loads Node's own modules and pkcs11js, nothing else", () => {
    const text = fs.readFileSync(bundle, "utf8");
    const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
    expect(specifiers.filter((s) => !builtinModules.includes(s.replace(/^node:/, "")))).toEqual(["pkcs11js"]);
    expect(execFileSync(process.execPath, [bundle, "--version"], { encoding: "utf8" }).trim()).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, "imza-agent", "package.json"), "utf8")).version);
    const bad = spawnSync(process.execPath, [bundle, "--origin", "*", "--module", "/x.so"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--origin: "\*" bir adres değil[\s\S]*usage: e-onam-imza/);
  });

  it("answers only its panel's origin, on its loopback host name", async () => {
    const none = await call(agent, "GET", "/status", { origin: null });
    expect(none).toMatchObject({ status: 403, body: { code: "origin_refused" } });
    const other = await call(agent, "GET", "/status", { origin: "https://evil.example" });
    expect(other).toMatchObject({ status: 403, body: { code: "origin_refused" } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    const otherPreflight = await call(agent, "OPTIONS", "/sign", { origin: "https://evil.example", headers: { "access-control-request-method": "POST" } });
    expect(otherPreflight.status).toBe(403);
    expect(otherPreflight.headers["access-control-allow-origin"]).toBeUndefined();
    // DNS rebinding: a name that resolves to 127.0.0.1 but is not the loopback's.
    expect((await call(agent, "GET", "/status", { host: `rebind.example:${agent.port}` })).status).toBe(421);

    const preflight = await call(agent, "OPTIONS", "/sign", { headers: { "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type", "access-control-request-private-network": "true" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({ "access-control-allow-origin": ORIGIN, "access-control-allow-private-network": "true", "access-control-allow-headers": "Authorization, Content-Type" });
    const status = await call(agent, "GET", "/status");
    expect(status).toMatchObject({ status: 200, body: { agent: "e-onam-imza", paired: false } });
    expect(status.headers["access-control-allow-origin"]).toBe(ORIGIN);
  });

  it("lists and signs nothing before pairing; pairs once with the printed code", async () => {
    expect(await call(agent, "GET", "/certificates")).toMatchObject({ status: 401, body: { code: "unpaired" } });
    expect(await call(agent, "POST", "/sign", { body: {} })).toMatchObject({ status: 401 });
    expect(await call(agent, "GET", "/certificates", { token: "x".repeat(43) })).toMatchObject({ status: 401 });
    const wrong = agent.code === "0000-0000" ? "1111-1111" : "0000-0000";
    expect(await call(agent, "POST", "/pair", { body: { code: wrong } })).toMatchObject({ status: 403, body: { code: "pairing_code_incorrect", tries_left: 4 } });
    const paired = await call(agent, "POST", "/pair", { body: { code: agent.code } });
    expect(paired.status).toBe(200);
    token = paired.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await printed(agent, "Panel eşleştirildi")).toContain(`Panel eşleştirildi: ${ORIGIN}`);
    // One-time: the same code pairs no one else.
    expect(await call(agent, "POST", "/pair", { body: { code: agent.code } })).toMatchObject({ status: 403, body: { code: "pairing_closed" } });
    expect(await call(agent, "GET", "/status", { token })).toMatchObject({ body: { paired: true } });
    // Only a hash of the token is kept on disk.
    expect(fs.readFileSync(path.join(stateDir, "pairings.json"), "utf8")).not.toContain(token);
  });

  it("lists the card's signing certificates with their chains", async () => {
    const r = await call(agent, "GET", "/certificates", { token });
    expect(r.status).toBe(200);
    const certs = r.body.certificates as { id: string; subject: string; serial: string; key_type: string; non_repudiation: boolean; certificate: string; chain: string[]; not_after: string }[];
    // The end-entity certificates only: the intermediate and the root on the token are not signing certificates.
    expect(certs.map((c) => `${c.key_type} ${/CN=([^,]+)/.exec(c.subject)?.[1]}`).sort()).toEqual(["ec Dr. Mehmet Kaya", "rsa Dr. Ayşe Yılmaz", "rsa Dr. Yanlış Anahtar"]);
    const rsa = certs.find((c) => c.subject.includes("Ayşe"))!;
    const x = new X509Certificate(Buffer.from(rsa.certificate, "base64"));
    expect(rsa.subject).toContain("CN=Dr. Ayşe Yılmaz");
    expect(rsa.id).toBe(createHash("sha256").update(x.raw).digest("hex"));
    expect(rsa.serial).toBe(x.serialNumber.toUpperCase());
    expect(rsa.non_repudiation).toBe(true);
    expect(new Date(rsa.not_after).getTime()).toBe(new Date(x.validTo).getTime());
    expect(rsa.chain.map((c) => new X509Certificate(Buffer.from(c, "base64")).subject)).toEqual([new X509Certificate(pki.issuer.der).subject, new X509Certificate(pki.root.der).subject]);
    const ec = certs.find((c) => c.key_type === "ec")!;
    expect(Buffer.from(ec.certificate, "base64").equals(ecCert)).toBe(true);
  });

  it("shows what is signed, asks the PIN on its own console and signs the signed attributes with the card", async () => {
    const certs = ((await call(agent, "GET", "/certificates", { token })).body.certificates as { id: string; key_type: string; subject: string; certificate: string }[]).filter((c) => !c.subject.includes("Yanlış"));
    const documentSha256 = createHash("sha256").update("onam.pdf").digest("hex");
    for (const cert of certs) {
      const attrs = signedAttributes(createHash("sha256").update(`bytes of ${cert.key_type}`).digest());
      agent.pin.write("1234\n");
      const r = await call(agent, "POST", "/sign", { token, body: { certificate_id: cert.id, signed_attributes: attrs.toString("base64"), consent_id: "ons_261128_abcdefghijk", initials: "A. Y.", document_sha256: documentSha256 } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ certificate: cert.certificate, signature_algorithm: cert.key_type === "rsa" ? "rsa-pkcs1v15-sha256" : "ecdsa-sha256" });
      const key = new X509Certificate(Buffer.from(cert.certificate, "base64")).publicKey;
      expect(verify("sha256", attrs, key, Buffer.from(r.body.signature as string, "base64")), `${cert.key_type} signature verifies against the certificate`).toBe(true);
      expect(verify("sha256", Buffer.concat([attrs, Buffer.of(0)]), key, Buffer.from(r.body.signature as string, "base64"))).toBe(false);
      // The issuers on the card (here on the other token of the reader), nearest first.
      expect((r.body.chain as string[]).map((c) => new X509Certificate(Buffer.from(c, "base64")).subject)).toEqual([new X509Certificate(pki.issuer.der).subject, new X509Certificate(pki.root.der).subject]);
    }
    const out = await printed(agent, /İmzalandı: ons_261128_abcdefghijk\n[\s\S]*İmzalandı: ons_261128_abcdefghijk\n/);
    expect(out).toContain("Onam:              ons_261128_abcdefghijk");
    expect(out).toContain("Kişi (baş harfler): A. Y.");
    expect(out).toContain(`Belge özeti:       ${documentSha256}`);
    expect(out).toContain(`İmzalanan özet:    ${createHash("sha256").update("bytes of rsa").digest("hex")}`);
    expect(out).not.toContain("1234");
  });

  it("refuses a wrong PIN, a declined request, and bytes that are not signed attributes", async () => {
    const all = (await call(agent, "GET", "/certificates", { token })).body.certificates as { id: string; subject: string }[];
    const cert = all.find((c) => c.subject.includes("Ayşe"));
    const body = { certificate_id: cert!.id, signed_attributes: signedAttributes(Buffer.alloc(32, 7)).toString("base64"), consent_id: "ons_261128_abcdefghijk", initials: "A. Y.", document_sha256: "ab".repeat(32) };
    agent.pin.write("9999\n");
    expect(await call(agent, "POST", "/sign", { token, body })).toMatchObject({ status: 403, body: { code: "pin_incorrect" } });
    agent.pin.write("\n");
    expect(await call(agent, "POST", "/sign", { token, body })).toMatchObject({ status: 403, body: { code: "declined" } });
    // A card whose key does not match its certificate: named before anything reaches the service.
    agent.pin.write("1234\n");
    const mismatched = all.find((c) => c.subject.includes("Yanlış"))!;
    expect(await call(agent, "POST", "/sign", { token, body: { ...body, certificate_id: mismatched.id } })).toMatchObject({ status: 404, body: { code: "key_not_found" } });
    // A bare digest or a document is not what the card signs.
    const notSet = await call(agent, "POST", "/sign", { token, body: { ...body, signed_attributes: Buffer.alloc(32, 1).toString("base64") } });
    expect(notSet).toMatchObject({ status: 422, body: { code: "validation_failed", errors: { signed_attributes: [expect.any(String)] } } });
    expect(await call(agent, "POST", "/sign", { token, body: { ...body, certificate_id: "0".repeat(64) } })).toMatchObject({ status: 404, body: { code: "certificate_not_found" } });
    expect(await call(agent, "POST", "/sign", { token, body: { ...body, initials: "Ayşe Yılmaz'ın tam adı ve soyadı" } })).toMatchObject({ status: 422, body: { errors: { initials: [expect.any(String)] } } });
    expect(await call(agent, "POST", "/sign", { token, raw: JSON.stringify({ ...body, pad: "x".repeat(200_000) }) })).toMatchObject({ status: 413 });
    expect(await call(agent, "POST", "/sign", { token, raw: "{not json" })).toMatchObject({ status: 400 });
  });

  it("on a real terminal, asks the PIN with echo off: only * is shown", async () => {
    // `script` gives the agent a pseudo-terminal, as the physician's console window is; the pairing is
    // the one kept in the state folder.
    const cmd = [process.execPath, bundle, "--origin", ORIGIN, "--module", "/usr/lib/softhsm/libsofthsm2.so", "--port", "0", "--state-dir", stateDir].map((a) => `'${a}'`).join(" ");
    const tty = spawn("script", ["-qfec", cmd, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, SOFTHSM2_CONF: conf } });
    let out = "";
    tty.stdout!.on("data", (c: Buffer) => (out += c.toString("utf8")));
    const seen = async (re: RegExp) => {
      for (const started = Date.now(); !re.test(out) && Date.now() - started < 15_000; ) await new Promise((r) => setTimeout(r, 25));
      return re.exec(out);
    };
    try {
      const port = Number((await seen(/http:\/\/127\.0\.0\.1:(\d+)[^\n]*\n[\s\S]*Eşleştirme kodu/))?.[1]);
      const on = { ...agent, port } as Agent;
      const cert = ((await call(on, "GET", "/certificates", { token })).body.certificates as { id: string; subject: string; certificate: string }[]).find((c) => c.subject.includes("Ayşe"));
      const attrs = signedAttributes(Buffer.alloc(32, 5));
      const answer = call(on, "POST", "/sign", { token, body: { certificate_id: cert!.id, signed_attributes: attrs.toString("base64"), consent_id: "ons_261128_ttyttyttytt", initials: "A. Y.", document_sha256: "ef".repeat(32) } });
      expect(await seen(/PIN: /)).not.toBeNull();
      // 1, 2, a mistyped x taken back with Backspace, 3, 4, Enter
      tty.stdin!.write("12x\u007f34\r");
      const r = await answer;
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(verify("sha256", attrs, new X509Certificate(Buffer.from(cert!.certificate, "base64")).publicKey, Buffer.from(r.body.signature as string, "base64"))).toBe(true);
      // The answer may come back before the terminal's echo has passed through `script`: wait for the line's end.
      await seen(/PIN: [^\n]*\n/);
      expect(out.slice(out.indexOf("PIN: "))).toMatch(/^PIN: \*\*\*\x08 \x08\*\*\r?\n/);
      expect(out).not.toMatch(/12x|1234/);
    } finally {
      await new Promise<void>((resolve) => {
        if (tty.exitCode !== null) return resolve();
        tty.once("exit", () => resolve());
        tty.kill("SIGTERM");
      });
    }
  });

  it("keeps the pairing across a restart, and a new start prints a new code", async () => {
    await agent.stop();
    const again = await startAgent(stateDir, CHECKOUT_AGENT);
    try {
      expect(await call(again, "GET", "/certificates", { token })).toMatchObject({ status: 200 });
      expect(again.code).not.toBe(agent.code);
    } finally {
      await again.stop();
    }
  });
});
