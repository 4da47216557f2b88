// The CSC API v2 client (issue #48 part 3) against a remote signing service written here that speaks
// the documented protocol — oauth2/token (client_credentials), credentials/list, credentials/info,
// credentials/authorize (PIN and OTP → a SAD bound to the hashes, used once), signatures/signHash —
// with the physicians' keys on a SoftHSM2 token (an RSA key certified by the openssl test PKI with
// nonRepudiation, and an EC key the service answers as r ‖ s). Every signature is checked with
// node:crypto against the certificate; the refusals come back as the service's own 422 and 503.
import { createHash, randomBytes, verify, X509Certificate } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type * as Pkcs11Js from "pkcs11js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { forgetCscTokens } from "@/lib/remote-signing/csc-http";
import { cscSettingsFrom, type CscSettings } from "@/lib/remote-signing/csc-settings";
import { listCscCredentials } from "@/lib/remote-signing/list-csc-credentials";
import { OID, signWithCsc } from "@/lib/remote-signing/sign-with-csc";
import { ecPhysician, signedAttributes } from "@/tests/imza-agent";
import { createTestPki, type TestPki } from "@/tests/pki";
import { softHsmToken, SOFTHSM_MODULE } from "@/tests/softhsm";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-csc-"));
const DIGEST_INFO_SHA256 = Buffer.from("3031300d060960864801650304020105000420", "hex");

let pki: TestPki;
let server: http.Server;
let base: string;
let p11: Pkcs11Js.PKCS11;
const requests: { method: string; body: Record<string, unknown>; auth: string | undefined }[] = [];
let hang = false;

interface Credential {
  chain: Buffer[];
  keyType: "rsa" | "ec";
  session: Pkcs11Js.Handle;
  key: Pkcs11Js.Handle;
  otp: string | null;
}
const credentials = new Map<string, Credential>();
const tokensIssued = new Set<string>();
const sads = new Map<string, { credentialID: string; hashes: string[] }>();

/** The RSSP: the CSC v2 methods, each a JSON POST under /csc/v2, errors as { error, error_description }. */
function rssp(b: typeof Pkcs11Js, req: http.IncomingMessage, raw: string): { status: number; body: unknown } {
  const method = (req.url ?? "").replace(/^\/csc\/v2\//, "");
  const fail = (status: number, error: string, error_description: string) => ({ status, body: { error, error_description } });
  if (method === "oauth2/token") {
    const form = new URLSearchParams(raw);
    if (form.get("grant_type") !== "client_credentials" || form.get("client_id") !== "e-onam" || form.get("client_secret") !== "gizli") return fail(401, "invalid_client", "Client authentication failed");
    const token = randomBytes(16).toString("hex");
    tokensIssued.add(token);
    return { status: 200, body: { access_token: token, token_type: "Bearer", expires_in: 3600 } };
  }
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!bearer || !(tokensIssued.has(bearer) || bearer === "saglayicinin-verdigi")) return fail(401, "invalid_token", "The access token is not valid");
  const body = JSON.parse(raw) as Record<string, unknown>;
  requests.push({ method, body, auth: req.headers.authorization });
  const credential = credentials.get(String(body.credentialID));
  if (method === "credentials/list") return { status: 200, body: { credentialIDs: ["hekim-rsa", "hekim-ec"] } };
  if (!credential) return fail(400, "invalid_request", "Invalid parameter credentialID");
  if (method === "credentials/info") {
    const objects = [{ type: "Password", id: "PIN", format: "N", label: "PIN" }, ...(credential.otp ? [{ type: "Password", id: "OTP", format: "N", generator: "totp" }] : [])];
    return {
      status: 200,
      body: {
        key: { status: "enabled", algo: credential.keyType === "rsa" ? [OID.sha256WithRSAEncryption, OID.rsaEncryption] : [OID.ecdsaWithSHA256], len: credential.keyType === "rsa" ? 2048 : 256 },
        cert: { status: "valid", certificates: credential.chain.map((d) => d.toString("base64")) },
        auth: { mode: "explicit", expression: credential.otp ? "PIN AND OTP" : "PIN", objects },
        SCAL: "2",
        multisign: 1,
      },
    };
  }
  if (method === "credentials/authorize") {
    const auth = new Map(((body.authData ?? []) as { id: string; value: string }[]).map((a) => [a.id, a.value]));
    if (auth.get("PIN") !== "1234") return fail(400, "invalid_pin", "The PIN is invalid");
    if (credential.otp && auth.get("OTP") !== credential.otp) return fail(400, "invalid_otp", "The OTP is invalid");
    if (body.numSignatures !== 1 || body.hashAlgorithmOID !== OID.sha256) return fail(400, "invalid_request", "Invalid parameter hashAlgorithmOID");
    const sad = randomBytes(24).toString("base64url");
    sads.set(sad, { credentialID: String(body.credentialID), hashes: body.hashes as string[] });
    return { status: 200, body: { SAD: sad, expiresIn: 300 } };
  }
  if (method === "signatures/signHash") {
    const sad = sads.get(String(body.SAD));
    sads.delete(String(body.SAD));
    const hashes = body.hashes as string[];
    if (!sad || sad.credentialID !== body.credentialID || hashes.some((h) => !sad.hashes.includes(h))) return fail(400, "invalid_request", "Invalid SAD");
    const digest = Buffer.from(hashes[0]!, "base64");
    if (credential.keyType === "rsa") {
      if (body.signAlgo !== OID.rsaEncryption) return fail(400, "invalid_request", "Invalid parameter signAlgo");
      p11.C_SignInit(credential.session, { mechanism: b.CKM_RSA_PKCS }, credential.key);
      return { status: 200, body: { signatures: [Buffer.from(p11.C_Sign(credential.session, Buffer.concat([DIGEST_INFO_SHA256, digest]), Buffer.alloc(512))).toString("base64")] } };
    }
    if (body.signAlgo !== OID.ecdsaWithSHA256) return fail(400, "invalid_request", "Invalid parameter signAlgo");
    p11.C_SignInit(credential.session, { mechanism: b.CKM_ECDSA }, credential.key);
    // r ‖ s, as PKCS#11 gives it: the client turns it into the DER CMS wants.
    return { status: 200, body: { signatures: [Buffer.from(p11.C_Sign(credential.session, digest, Buffer.alloc(128))).toString("base64")] } };
  }
  return fail(404, "invalid_request", "Unknown method");
}

const settings = (o: Record<string, string> = {}): CscSettings => cscSettingsFrom(parseEnv({ DATA_DIR: work, CSC_BASE_URL: base, CSC_CLIENT_ID: "e-onam", CSC_CLIENT_SECRET: "gizli", CSC_TIMEOUT: "5s", ...o }))!;

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

beforeAll(async () => {
  pki = await createTestPki({ bits: 2048, keys: "imza-agent", dir: path.join(work, "pki") });
  const physician = await pki.issue("hekim", "physician", { commonName: "Dr. Ayşe Yılmaz" });
  const rsa = softHsmToken(path.join(work, "hsm"), physician.keyFile, physician.chain, { tokenLabel: "RSSP HSM", keyLabel: "hekim-rsa" });
  const ec = ecPhysician(work, pki, "Dr. Mehmet Kaya");
  const ecChain = [ec.der, ...physician.chain.slice(1)];
  softHsmToken(path.join(work, "hsm"), ec.keyFile, ecChain, { tokenLabel: "RSSP HSM 2", keyLabel: "hekim-ec" });

  // The service's HSM, in this process: SOFTHSM2_CONF before the module loads.
  process.env.SOFTHSM2_CONF = rsa.conf;
  const mod = (await import("pkcs11js")) as typeof Pkcs11Js & { default?: typeof Pkcs11Js };
  const b = mod.default ?? mod;
  p11 = new b.PKCS11();
  p11.load(SOFTHSM_MODULE);
  p11.C_Initialize();
  for (const slot of p11.C_GetSlotList(true)) {
    const label = p11.C_GetTokenInfo(slot).label.trim();
    if (!label.startsWith("RSSP HSM")) continue;
    const session = p11.C_OpenSession(slot, b.CKF_SERIAL_SESSION);
    p11.C_Login(session, b.CKU_USER, "1234");
    const keyLabel = label === "RSSP HSM" ? "hekim-rsa" : "hekim-ec";
    p11.C_FindObjectsInit(session, [{ type: b.CKA_CLASS, value: b.CKO_PRIVATE_KEY }, { type: b.CKA_LABEL, value: keyLabel }]);
    const [key] = p11.C_FindObjects(session, 1);
    p11.C_FindObjectsFinal(session);
    credentials.set(keyLabel, keyLabel === "hekim-rsa" ? { chain: physician.chain, keyType: "rsa", session, key: key!, otp: null } : { chain: ecChain, keyType: "ec", session, key: key!, otp: "654321" });
  }
  expect([...credentials.keys()].sort()).toEqual(["hekim-ec", "hekim-rsa"]);

  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      if (hang) return; // never answers: the client's timeout must end the call
      const { status, body } = rssp(b, req, raw);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/csc/v2`;
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  try {
    p11?.C_Finalize();
  } catch {
    // never initialized
  }
  fs.rmSync(work, { recursive: true, force: true });
});

beforeEach(() => {
  requests.length = 0;
  hang = false;
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
    hang = true;
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
