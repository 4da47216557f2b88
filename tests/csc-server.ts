// A remote signing service (RSSP) that speaks the Cloud Signature Consortium API v2 (issue #48 part 3)
// for tests: oauth2/token (client_credentials: e-onam / gizli), credentials/list, credentials/info,
// credentials/authorize (PIN 1234, and OTP 654321 for the EC credential → a SAD bound to the hashes,
// used once), signatures/signHash — with the physicians' keys on SoftHSM2 tokens in this process: an
// RSA key (`hekim-rsa`, the PKI's physician certificate given, with nonRepudiation and its OCSP
// address) and an EC P-256 key (`hekim-ec`, answered as r ‖ s, as PKCS#11 gives it).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type * as Pkcs11Js from "pkcs11js";
import { OID } from "@/lib/remote-signing/sign-with-csc";
import { ecPhysician } from "@/tests/imza-agent";
import type { PkiCertificate, TestPki } from "@/tests/pki";
import { softHsmToken, SOFTHSM_MODULE } from "@/tests/softhsm";

const DIGEST_INFO_SHA256 = Buffer.from("3031300d060960864801650304020105000420", "hex");

interface Credential {
  chain: Buffer[];
  keyType: "rsa" | "ec";
  session: Pkcs11Js.Handle;
  key: Pkcs11Js.Handle;
  otp: string | null;
}

export interface CscRequest {
  method: string;
  body: Record<string, unknown>;
  auth: string | undefined;
}

export interface TestCscServer {
  /** ends in /csc/v2 */
  base: string;
  /** every authorized call, in order */
  requests: CscRequest[];
  /** while true, no call is answered (a client's timeout must end it) */
  hang: boolean;
  stop(): Promise<void>;
}

/** `physician`: the RSA credential's certificate (its key file goes on the token); `port`: a free one unless said. */
export async function startTestCscServer(o: { work: string; pki: TestPki; physician: PkiCertificate; port?: number }): Promise<TestCscServer> {
  const credentials = new Map<string, Credential>();
  const tokensIssued = new Set<string>();
  const sads = new Map<string, { credentialID: string; hashes: string[] }>();
  const requests: CscRequest[] = [];
  fs.mkdirSync(o.work, { recursive: true });
  const physician = o.physician;
  const rsa = softHsmToken(path.join(o.work, "hsm"), physician.keyFile, physician.chain, { tokenLabel: "RSSP HSM", keyLabel: "hekim-rsa" });
  const ec = ecPhysician(o.work, o.pki, "Dr. Mehmet Kaya");
  const ecChain = [ec.der, ...physician.chain.slice(1)];
  softHsmToken(path.join(o.work, "hsm"), ec.keyFile, ecChain, { tokenLabel: "RSSP HSM 2", keyLabel: "hekim-ec" });

  // The service's HSM, in this process: SOFTHSM2_CONF before the module loads.
  process.env.SOFTHSM2_CONF = rsa.conf;
  const mod = (await import("pkcs11js")) as typeof Pkcs11Js & { default?: typeof Pkcs11Js };
  const b = mod.default ?? mod;
  const p11 = new b.PKCS11();
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
  if (credentials.size !== 2) throw new Error("the RSSP's SoftHSM2 tokens were not found");

  /** The RSSP: the CSC v2 methods, each a JSON POST under /csc/v2, errors as { error, error_description }. */
  function rssp(req: http.IncomingMessage, raw: string): { status: number; body: unknown } {
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

  const state = { hang: false };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      if (state.hang) return; // never answers: the client's timeout must end the call
      const { status, body } = rssp(req, raw);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(o.port ?? 0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/csc/v2`,
    requests,
    get hang() {
      return state.hang;
    },
    set hang(v: boolean) {
      state.hang = v;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      try {
        p11.C_Finalize();
      } catch {
        // already finalized
      }
    },
  };
}
