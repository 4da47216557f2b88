// The physician's signing agent in tests (issue #48): physicians' keys on SoftHSM2 tokens — an RSA key
// certified by the openssl test PKI (profile `physician`: nonRepudiation, OCSP URL) and an EC P-256 key
// on a second token certified by the same intermediate — and the agent program started on a free
// loopback port with the PIN given on its file descriptor 3, one line per signature.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import * as asn1js from "asn1js";
import { createTestPki, type PkiCertificate, type TestPki } from "@/tests/pki";
import { softHsmToken, SOFTHSM_MODULE } from "@/tests/softhsm";

export const AGENT_ORIGIN = "https://klinik.example";
export const CHECKOUT_AGENT = path.resolve(import.meta.dirname, "..", "bin", "e-onam-imza.mjs");

export interface PhysicianTokens {
  pki: TestPki;
  physician: PkiCertificate;
  /** DER of the EC physician's certificate */
  ecCert: Buffer;
  /** SOFTHSM2_CONF of both tokens; PIN 1234 */
  conf: string;
}

/** An EC P-256 key (PKCS#8 PEM) and its certificate (DER) from the PKI's issuing CA, with nonRepudiation. */
export function ecPhysician(dir: string, pki: TestPki, commonName: string): { keyFile: string; der: Buffer } {
  const keyFile = path.join(dir, "ec.key");
  execFileSync("openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", keyFile]);
  execFileSync("openssl", ["req", "-new", "-key", keyFile, "-subj", `/C=TR/CN=${commonName}`, "-out", path.join(dir, "ec.csr")], { stdio: "pipe" });
  fs.writeFileSync(path.join(dir, "ec.cnf"), "[p]\nbasicConstraints = critical,CA:FALSE\nkeyUsage = critical,nonRepudiation\n");
  execFileSync("openssl", ["x509", "-req", "-in", path.join(dir, "ec.csr"), "-CA", pki.issuer.certFile, "-CAkey", pki.issuer.keyFile, "-set_serial", "0x5eed", "-days", "30", "-extfile", path.join(dir, "ec.cnf"), "-extensions", "p", "-outform", "DER", "-out", path.join(dir, "ec.der")], { stdio: "pipe" });
  return { keyFile, der: fs.readFileSync(path.join(dir, "ec.der")) };
}

export async function physicianTokens(work: string, keys: string, labels: [string, string] = ["AKIS Hekim", "AKIS Hekim 2"]): Promise<PhysicianTokens> {
  const pki = await createTestPki({ bits: 2048, keys, dir: path.join(work, "pki") });
  const physician = await pki.issue("hekim", "physician", { commonName: "Dr. Ayşe Yılmaz" });
  const rsa = softHsmToken(path.join(work, "hsm"), physician.keyFile, physician.chain, { tokenLabel: labels[0], keyLabel: "imza" });
  const ec = ecPhysician(work, pki, "Dr. Mehmet Kaya");
  softHsmToken(path.join(work, "hsm"), ec.keyFile, [ec.der, ...physician.chain.slice(1)], { tokenLabel: labels[1], keyLabel: "imza-ec" });
  return { pki, physician, ecCert: ec.der, conf: rsa.conf };
}

export interface RunningTestAgent {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** the one-time pairing code it printed */
  code: string;
  out: () => string;
  /** the agent's PIN input: write "<pin>\n" before each signature */
  pin: Writable;
  stop(): Promise<void>;
}

/** `port`: a free one unless said (the panel's browser test needs the agent's own, 17345). */
export async function startTestAgent(o: { program: string; conf: string; stateDir: string; origin?: string; port?: number }): Promise<RunningTestAgent> {
  const child = spawn(process.execPath, [o.program, "--origin", o.origin ?? AGENT_ORIGIN, "--module", SOFTHSM_MODULE, "--port", String(o.port ?? 0), "--state-dir", o.stateDir, "--pin-from-fd", "3"], {
    env: { ...process.env, SOFTHSM2_CONF: o.conf },
    stdio: ["ignore", "pipe", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  const started = Date.now();
  while (!/Eşleştirme kodu: \d{4}-\d{4}/.test(out)) {
    if (child.exitCode !== null || Date.now() - started > 20_000) {
      child.kill("SIGKILL");
      throw new Error(`the agent did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const port = Number(/http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1]);
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    code: /Eşleştirme kodu: (\d{4}-\d{4})/.exec(out)![1]!,
    out: () => out,
    pin: child.stdio[3] as Writable,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The agent's console, once it holds `text` (its stdout arrives after the HTTP answer it printed it for). */
export async function printed(agent: RunningTestAgent, text: string | RegExp): Promise<string> {
  const has = () => (typeof text === "string" ? agent.out().includes(text) : text.test(agent.out()));
  for (const started = Date.now(); !has() && Date.now() - started < 5000; ) await new Promise((r) => setTimeout(r, 20));
  return agent.out();
}

/** CMS SignedAttributes as countersign/prepare answers them: a DER SET of contentType and messageDigest. */
export function signedAttributes(digest: Buffer): Buffer {
  const attr = (oid: string, value: asn1js.AsnType) => new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid }), new asn1js.Set({ value: [value] })] });
  return Buffer.from(
    new asn1js.Set({
      value: [attr("1.2.840.113549.1.9.3", new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.7.1" })), attr("1.2.840.113549.1.9.4", new asn1js.OctetString({ valueHex: digest }))],
    }).toBER(),
  );
}
