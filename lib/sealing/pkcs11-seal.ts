// SEAL_DRIVER=pkcs11 (decisions §24): the seal key stays on its token — an HSM or a smart card — and
// only signs there, through the token's own PKCS#11 library (pkcs11js, a maintained N-API binding;
// tested with SoftHSM2). The certificate is the token's certificate object with the key's CKA_ID (or
// its label), and its chain the other certificates on the token. One session, logged in once, used by
// one signature at a time (PKCS#11 allows one operation per session); a session the token dropped
// (unplugged, restarted) is opened again at the next seal, and a failure meanwhile is a SealError: the
// document is stored unsealed and sealed later (muhur_basarisiz).
import { createHash, X509Certificate } from "node:crypto";
import type * as Pkcs11Js from "pkcs11js";
import { chainFrom } from "@/lib/sealing/chain-from";
import { SealError, type Seal, type TokenKey } from "@/lib/sealing/seal-types";
import { ecdsaSigValue } from "@/lib/sealing/ecdsa-sig-value";

interface Pkcs11Settings {
  module: string;
  tokenLabel: string;
  keyLabel: string;
  pin: string;
}

type Binding = typeof Pkcs11Js;

const invalid = (why: string) => new Error(`Invalid settings: SEAL_DRIVER=pkcs11 ${why}`);

async function binding(): Promise<Binding> {
  const mod = (await import("pkcs11js")) as Binding & { default?: Binding };
  return mod.default ?? mod;
}

interface Opened {
  session: Pkcs11Js.Handle;
  key: Pkcs11Js.Handle;
}

class Pkcs11Token implements TokenKey {
  private opened: Opened | null = null;
  /** signatures one after another: a PKCS#11 session runs one operation at a time */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly p: Pkcs11Js.PKCS11,
    private readonly b: Binding,
    private readonly s: Pkcs11Settings,
    readonly keyType: "rsa" | "ec",
  ) {}

  /** The token's session with the user logged in, and the key's handle. */
  open(): Opened {
    if (this.opened) return this.opened;
    const { p, b, s } = this;
    const slot = p.C_GetSlotList(true).find((sl) => p.C_GetTokenInfo(sl).label.trim() === s.tokenLabel);
    if (slot === undefined) throw new SealError(`PKCS#11: "${s.tokenLabel}" etiketli token bulunamadı.`);
    const session = p.C_OpenSession(slot, b.CKF_SERIAL_SESSION);
    try {
      p.C_Login(session, b.CKU_USER, s.pin);
    } catch (err) {
      if ((err as { code?: number }).code !== b.CKR_USER_ALREADY_LOGGED_IN) {
        p.C_CloseSession(session);
        throw err;
      }
    }
    const [key] = this.find(session, [
      { type: b.CKA_CLASS, value: b.CKO_PRIVATE_KEY },
      { type: b.CKA_LABEL, value: s.keyLabel },
    ]);
    if (!key) {
      p.C_CloseSession(session);
      throw new SealError(`PKCS#11: "${s.keyLabel}" etiketli özel anahtar tokende yok.`);
    }
    this.opened = { session, key };
    return this.opened;
  }

  find(session: Pkcs11Js.Handle, template: Pkcs11Js.Template): Pkcs11Js.Handle[] {
    this.p.C_FindObjectsInit(session, template);
    try {
      return this.p.C_FindObjects(session, 64);
    } finally {
      this.p.C_FindObjectsFinal(session);
    }
  }

  private async signNow(data: Buffer): Promise<Buffer> {
    const { p, b } = this;
    const { session, key } = this.open();
    if (this.keyType === "rsa") {
      p.C_SignInit(session, { mechanism: b.CKM_SHA256_RSA_PKCS }, key);
      return Buffer.from(await p.C_SignAsync(session, data, Buffer.alloc(1024)));
    }
    // CKM_ECDSA over the digest: every token has it, CKM_ECDSA_SHA256 not all.
    p.C_SignInit(session, { mechanism: b.CKM_ECDSA }, key);
    return ecdsaSigValue(Buffer.from(await p.C_SignAsync(session, createHash("sha256").update(data).digest(), Buffer.alloc(256))));
  }

  sign(data: Buffer): Promise<Buffer> {
    const run = this.queue.then(async () => {
      try {
        return await this.signNow(data);
      } catch (err) {
        // The next seal opens a new session: the token may have been restarted or plugged back.
        this.close();
        if (err instanceof SealError) throw err;
        throw new SealError(`PKCS#11 tokeninde imzalanamadı: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  close(): void {
    if (!this.opened) return;
    try {
      this.p.C_CloseSession(this.opened.session);
    } catch {
      // already gone with the token
    }
    this.opened = null;
  }
}

/** The certificates on the token: the key's own (same CKA_ID, else same label) first, then its issuers among the rest. */
function tokenChain(token: Pkcs11Token, p: Pkcs11Js.PKCS11, b: Binding, s: Pkcs11Settings): Buffer[] {
  const { session, key } = token.open();
  const [{ value: id } = { value: undefined }] = p.C_GetAttributeValue(session, key, [{ type: b.CKA_ID }]);
  const certs = token.find(session, [{ type: b.CKA_CLASS, value: b.CKO_CERTIFICATE }]).map((h) => {
    const [value, certId, label] = p.C_GetAttributeValue(session, h, [{ type: b.CKA_VALUE }, { type: b.CKA_ID }, { type: b.CKA_LABEL }]);
    return { der: Buffer.from(value!.value as Buffer), id: certId?.value as Buffer | undefined, label: label?.value?.toString() };
  });
  const own = certs.find((c) => id && c.id && Buffer.from(c.id).equals(Buffer.from(id as Buffer))) ?? certs.find((c) => c.label === s.keyLabel);
  if (!own) throw invalid(`finds no certificate for the key "${s.keyLabel}" on the token (same CKA_ID or label)`);
  return chainFrom(new X509Certificate(own.der), certs.map((c) => new X509Certificate(c.der)));
}

/** Opens the token at start: anything wrong (library, token, PIN, key, certificate) stops the server with a message naming it. */
export async function loadPkcs11Seal(s: Pkcs11Settings): Promise<Seal> {
  const b = await binding();
  const p = new b.PKCS11();
  try {
    p.load(s.module);
  } catch (err) {
    throw invalid(`cannot load PKCS11_MODULE (${s.module}): ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    p.C_Initialize();
  } catch (err) {
    if ((err as { code?: number }).code !== b.CKR_CRYPTOKI_ALREADY_INITIALIZED) throw invalid(`cannot initialize PKCS11_MODULE: ${(err as Error).message}`);
  }
  let chain: Buffer[];
  let token: Pkcs11Token;
  try {
    // The key type is read from the certificate: the key itself is never read.
    const probe = new Pkcs11Token(p, b, s, "rsa");
    chain = tokenChain(probe, p, b, s);
    probe.close();
    const type = new X509Certificate(chain[0]!).publicKey.asymmetricKeyType;
    if (type !== "rsa" && type !== "ec") throw invalid(`holds a ${type} seal key; only RSA and EC keys can seal`);
    token = new Pkcs11Token(p, b, s, type);
    token.open();
  } catch (err) {
    if (err instanceof Error && err.message.startsWith("Invalid settings")) throw err;
    throw invalid(`cannot use the token "${s.tokenLabel}" (PKCS11_TOKEN_LABEL, PKCS11_PIN, PKCS11_KEY_LABEL): ${err instanceof Error ? err.message : String(err)}`);
  }
  const cert = new X509Certificate(chain[0]!);
  if (new Date(cert.validTo) < new Date()) throw invalid(`finds a seal certificate that expired on ${cert.validTo}`);
  return { driver: "pkcs11", chain, token };
}
