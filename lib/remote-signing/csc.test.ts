// The CSC API v2 client (issue #48 part 3) against a remote signing service of the tests
// (tests/csc-server.ts) that speaks the documented protocol — oauth2/token (client_credentials), credentials/list, credentials/info,
// credentials/authorize (PIN and OTP → a SAD bound to the hashes, used once), signatures/signHash —
// with the physicians' keys on a SoftHSM2 token (an RSA key certified by the openssl test PKI with
// nonRepudiation, and an EC key the service answers as r ‖ s). Every signature is checked with
// node:crypto against the certificate; the refusals come back as the service's own 422 and 503.
import { createHash, verify, X509Certificate } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { forgetCscTokens } from "@/lib/remote-signing/csc-http";
import { cscSettingsFrom, type CscSettings } from "@/lib/remote-signing/csc-settings";
import { listCscCredentials } from "@/lib/remote-signing/list-csc-credentials";
import { OID, signWithCsc } from "@/lib/remote-signing/sign-with-csc";
import { startTestCscServer, type CscRequest, type TestCscServer } from "@/tests/csc-server";
import { signedAttributes } from "@/tests/imza-agent";
import { createTestPki, type TestPki } from "@/tests/pki";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-csc-"));
let pki: TestPki;
let rssp: TestCscServer;
let base: string;
let requests: CscRequest[];

const settings = (o: Record<string, string> = {}): CscSettings => cscSettingsFrom(parseEnv({ DATA_DIR: work, CSC_BASE_URL: base, CSC_CLIENT_ID: "e-onam", CSC_CLIENT_SECRET: "gizli", CSC_TIMEOUT: "5s", ...o }))!;

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

beforeAll(async () => {
  pki = await createTestPki({ bits: 2048, keys: "imza-agent", dir: path.join(work, "pki") });
  const physician = await pki.issue("hekim", "physician", { commonName: "Dr. Ayşe Yılmaz" });
  rssp = await startTestCscServer({ work, pki, physician });
  base = rssp.base;
  requests = rssp.requests;
}, 120_000);

afterAll(async () => {
  await rssp?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

beforeEach(() => {
  requests.length = 0;
  rssp.hang = false;
  forgetCscTokens();
});

describe("the CSC API v2 client", () => {
  it("lists the physician's credentials from their certificates, with what authorizing needs", async () => {
    const list = await listCscCredentials(settings());
    expect(list.map((c) => c.credential_id)).toEqual(["hekim-rsa", "hekim-ec"]);
    const rsa = list[0]!;
    const x = new X509Certificate(Buffer.from(rsa.certificate, "base64"));
    expect(rsa).toMatchObject({ key_type: "rsa", serial: x.serialNumber.toUpperCase(), needs_pin: true, needs_otp: false, certificate_sha256: createHash("sha256").update(x.raw).digest("hex") });
    expect(rsa.subject).toContain("CN=Dr. Ayşe Yılmaz");
    expect(rsa.chain.map((c) => Buffer.from(c, "base64").equals(pki.issuer.der) || Buffer.from(c, "base64").equals(pki.root.der))).toEqual([true, true]);
    expect(list[1]).toMatchObject({ key_type: "ec", needs_pin: true, needs_otp: true });
    // One client_credentials token, then credentials/list and an info per credential, all with it.
    expect(requests.map((r) => r.method)).toEqual(["credentials/list", "credentials/info", "credentials/info"]);
    expect(new Set(requests.map((r) => r.auth)).size).toBe(1);
  });

  it("signs the signed attributes with an RSA credential: authorize for that one hash, then signHash", async () => {
    const attrs = signedAttributes(createHash("sha256").update("onam.pdf").digest());
    const out = await signWithCsc(settings(), { credentialId: "hekim-rsa", signedAttributes: attrs, pin: "1234" });
    const cert = new X509Certificate(Buffer.from(out.certificate, "base64"));
    expect(verify("sha256", attrs, cert.publicKey, Buffer.from(out.signature, "base64"))).toBe(true);
    expect(out).toMatchObject({ signature_algorithm: "rsa-pkcs1v15-sha256", chain: [pki.issuer.der.toString("base64"), pki.root.der.toString("base64")] });
    const hash = createHash("sha256").update(attrs).digest("base64");
    expect(requests.map((r) => r.method)).toEqual(["credentials/info", "credentials/authorize", "signatures/signHash"]);
    expect(requests[1]!.body).toMatchObject({ credentialID: "hekim-rsa", numSignatures: 1, hashes: [hash], hashAlgorithmOID: OID.sha256, authData: [{ id: "PIN", value: "1234" }] });
    expect(requests[2]!.body).toMatchObject({ credentialID: "hekim-rsa", hashes: [hash], hashAlgorithmOID: OID.sha256, signAlgo: OID.rsaEncryption });
    // The PIN goes to authorize only.
    expect(JSON.stringify([requests[0], requests[2]])).not.toContain("1234");
  });

  it("signs with an EC credential needing PIN and OTP, turning the service's r ‖ s into DER", async () => {
    const attrs = signedAttributes(Buffer.alloc(32, 9));
    const out = await signWithCsc(settings(), { credentialId: "hekim-ec", signedAttributes: attrs, pin: "1234", otp: "654321" });
    expect(out.signature_algorithm).toBe("ecdsa-sha256");
    const sig = Buffer.from(out.signature, "base64");
    expect(sig[0]).toBe(0x30);
    expect(verify("sha256", attrs, new X509Certificate(Buffer.from(out.certificate, "base64")).publicKey, sig)).toBe(true);
  });

  it("with a bearer token the provider issued, asks for no client_credentials token", async () => {
    const s = cscSettingsFrom(parseEnv({ DATA_DIR: work, CSC_BASE_URL: base, CSC_ACCESS_TOKEN: "saglayicinin-verdigi" }))!;
    expect((await listCscCredentials(s)).length).toBe(2);
    expect(requests.every((r) => r.auth === "Bearer saglayicinin-verdigi")).toBe(true);
  });

  it("names the field the physician got wrong: 422 for a PIN, an OTP, an unknown credential", async () => {
    const attrs = signedAttributes(Buffer.alloc(32, 1));
    const pin = await refusal(signWithCsc(settings(), { credentialId: "hekim-rsa", signedAttributes: attrs, pin: "0000" }));
    expect([pin.status, pin.code, Object.keys(pin.errors ?? {})]).toEqual([422, "validation_failed", ["pin"]]);
    expect(pin.message).toContain("The PIN is invalid");
    const otp = await refusal(signWithCsc(settings(), { credentialId: "hekim-ec", signedAttributes: attrs, pin: "1234", otp: "000000" }));
    expect(Object.keys(otp.errors ?? {})).toEqual(["otp"]);
    const noOtp = await refusal(signWithCsc(settings(), { credentialId: "hekim-ec", signedAttributes: attrs, pin: "1234" }));
    expect(Object.keys(noOtp.errors ?? {})).toEqual(["otp"]);
    const [ec] = (await listCscCredentials(settings())).filter((c) => c.key_type === "ec");
    const other = await refusal(signWithCsc(settings(), { credentialId: "hekim-rsa", signedAttributes: attrs, pin: "1234", certificate: ec!.certificate }));
    expect([other.status, Object.keys(other.errors ?? {})]).toEqual([422, ["credential_id"]]);
    const unknown = await refusal(signWithCsc(settings(), { credentialId: "baskasi", signedAttributes: attrs, pin: "1234" }));
    expect([unknown.status, Object.keys(unknown.errors ?? {})]).toEqual([422, ["credential_id"]]);
  });

  it("is 503, never a 500, when the service refuses the client, is unreachable or does not answer in time", async () => {
    const bad = await refusal(listCscCredentials(settings({ CSC_CLIENT_SECRET: "yanlis" })));
    expect([bad.status, bad.code]).toEqual([503, "service_unavailable"]);
    expect(bad.message).toContain("istemci kimliğini kabul etmedi (401 invalid_client)");
    const down = await refusal(listCscCredentials(settings({ CSC_BASE_URL: "http://127.0.0.1:9/csc/v2" })));
    expect([down.status, down.message]).toEqual([503, "Uzaktan imza hizmeti: ulaşılamadı."]);
    await listCscCredentials(settings()); // a token in hand
    rssp.hang = true;
    const started = Date.now();
    const slow = await refusal(listCscCredentials(settings({ CSC_TIMEOUT: "1s" })));
    expect(slow.message).toBe("Uzaktan imza hizmeti: 1 saniyede yanıt vermedi.");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("is configured in lib/env.ts: https (http only on the loopback) and a way to get a token", () => {
    expect(cscSettingsFrom(parseEnv({ DATA_DIR: work }))).toBeNull();
    expect(() => parseEnv({ DATA_DIR: work, CSC_BASE_URL: "https://rssp.example/csc/v2" })).toThrow(/CSC_BASE_URL needs CSC_CLIENT_ID and CSC_CLIENT_SECRET, or CSC_ACCESS_TOKEN/);
    expect(() => parseEnv({ DATA_DIR: work, CSC_BASE_URL: "http://rssp.example/csc/v2", CSC_ACCESS_TOKEN: "t" })).toThrow(EnvError);
    expect(cscSettingsFrom(parseEnv({ DATA_DIR: work, CSC_BASE_URL: "https://rssp.example/csc/v2/", CSC_CLIENT_ID: "a", CSC_CLIENT_SECRET: "b" }))).toEqual({
      baseUrl: "https://rssp.example/csc/v2",
      tokenUrl: "https://rssp.example/csc/v2/oauth2/token",
      clientId: "a",
      clientSecret: "b",
      accessToken: undefined,
      timeoutMs: 15_000,
    });
  });
});
