// The physician's card, reached through its own PKCS#11 library (Turkish e-imza cards — AKIS — and
// HSMs ship one; tested with SoftHSM2). Certificates are public objects and are listed without the
// PIN; the private key is used only inside `sign`, in a session opened, logged in with the PIN the
// physician typed on this computer, and closed again — the PIN is never kept. One signature at a time:
// a card runs one operation per session and a physician signs one consent at a time.
import { createHash, verify, X509Certificate } from "node:crypto";
import type * as asn1js from "asn1js";
import type * as Pkcs11Js from "pkcs11js";
import * as pkijs from "pkijs";
import { chainFrom } from "@/lib/sealing/chain-from";
import { ecdsaSigValue } from "@/lib/sealing/ecdsa-sig-value";

type Binding = typeof Pkcs11Js;

export interface CardCertificate {
  /** hex SHA-256 of the certificate's DER: how the panel names it in /sign */
  id: string;
  subject: string;
  issuer: string;
  serial: string;
  not_before: string;
  not_after: string;
  key_type: "rsa" | "ec";
  non_repudiation: boolean;
  /** base64 DER */
  certificate: string;
  /** base64 DER of the issuers found on the token, nearest first */
  chain: string[];
}

export interface CardSignature {
  /** base64: RSA PKCS#1 v1.5 over SHA-256, or a DER ECDSA-Sig-Value over SHA-256 */
  signature: string;
  signature_algorithm: "rsa-pkcs1v15-sha256" | "ecdsa-sha256";
  certificate: string;
  chain: string[];
}

/** What the HTTP side turns into a problem; `code` is stable, `message` is for the physician. */
export class CardError extends Error {
  constructor(
    readonly code: "pin_incorrect" | "pin_locked" | "certificate_not_found" | "key_not_found" | "card_unavailable" | "unsupported_key",
    message: string,
  ) {
    super(message);
  }
}

interface TokenCertificate {
  slot: Pkcs11Js.Handle;
  ckaId: Buffer | null;
  label: string;
  x509: X509Certificate;
}

export interface Card {
  certificates(): CardCertificate[];
  sign(certificateId: string, data: Buffer, pin: string): Promise<CardSignature>;
  close(): void;
}

async function binding(): Promise<Binding> {
  const mod = (await import("pkcs11js")) as Binding & { default?: Binding };
  return mod.default ?? mod;
}

/** keyUsage (RFC 5280 §4.2.1.3: bit 0 digitalSignature, bit 1 nonRepudiation); node's X509Certificate exposes none. */
function keyUsage(x: X509Certificate): { nonRepudiation: boolean; digitalSignature: boolean; ca: boolean } {
  const ext = pkijs.Certificate.fromBER(x.raw).extensions?.find((e) => e.extnID === "2.5.29.15");
  const bits = ext ? new Uint8Array((ext.parsedValue as asn1js.BitString).valueBlock.valueHexView)[0] ?? 0 : 0;
  // No keyUsage extension: the key may be used for anything (RFC 5280), signing included.
  return { nonRepudiation: ext ? (bits & 0x40) !== 0 : false, digitalSignature: ext ? (bits & 0x80) !== 0 : true, ca: x.ca };
}

function describe(c: TokenCertificate, pool: X509Certificate[]): CardCertificate {
  const x = c.x509;
  const type = x.publicKey.asymmetricKeyType;
  return {
    id: createHash("sha256").update(x.raw).digest("hex"),
    subject: x.subject.replace(/\n/g, ", "),
    issuer: x.issuer.replace(/\n/g, ", "),
    serial: x.serialNumber.toUpperCase(),
    not_before: new Date(x.validFrom).toISOString(),
    not_after: new Date(x.validTo).toISOString(),
    key_type: type === "ec" ? "ec" : "rsa",
    non_repudiation: keyUsage(x).nonRepudiation,
    certificate: x.raw.toString("base64"),
    chain: chainFrom(x, pool).slice(1).map((d) => d.toString("base64")),
  };
}

export async function openCard(modulePath: string): Promise<Card> {
  const b = await binding();
  const p = new b.PKCS11();
  try {
    p.load(modulePath);
  } catch (err) {
    throw new CardError("card_unavailable", `PKCS#11 kütüphanesi yüklenemedi (${modulePath}): ${(err as Error).message}`);
  }
  try {
    p.C_Initialize();
  } catch (err) {
    if ((err as { code?: number }).code !== b.CKR_CRYPTOKI_ALREADY_INITIALIZED) throw new CardError("card_unavailable", `PKCS#11 kütüphanesi başlatılamadı: ${(err as Error).message}`);
  }
  let busy: Promise<unknown> = Promise.resolve();

  const find = (session: Pkcs11Js.Handle, template: Pkcs11Js.Template): Pkcs11Js.Handle[] => {
    p.C_FindObjectsInit(session, template);
    try {
      const out: Pkcs11Js.Handle[] = [];
      // bounded: a card holds a handful of objects
      for (let i = 0; i < 16; i++) {
        const batch = p.C_FindObjects(session, 64);
        if (!batch.length) break;
        out.push(...batch);
      }
      return out;
    } finally {
      p.C_FindObjectsFinal(session);
    }
  };

  /** Every certificate object on every token present, read in a public session. */
  function tokenCertificates(): TokenCertificate[] {
    const out: TokenCertificate[] = [];
    for (const slot of p.C_GetSlotList(true)) {
      let session: Pkcs11Js.Handle;
      try {
        // An empty reader's slot, a token never initialized: nothing to sign with there.
        if (!(p.C_GetTokenInfo(slot).flags & b.CKF_TOKEN_INITIALIZED)) continue;
        session = p.C_OpenSession(slot, b.CKF_SERIAL_SESSION);
      } catch {
        continue;
      }
      try {
        for (const h of find(session, [{ type: b.CKA_CLASS, value: b.CKO_CERTIFICATE }])) {
          const [value, id, label] = p.C_GetAttributeValue(session, h, [{ type: b.CKA_VALUE }, { type: b.CKA_ID }, { type: b.CKA_LABEL }]);
          try {
            const x509 = new X509Certificate(Buffer.from(value!.value as Buffer));
            const ckaId = id?.value ? Buffer.from(id.value as Buffer) : null;
            out.push({ slot, ckaId: ckaId?.length ? ckaId : null, label: label?.value?.toString() ?? "", x509 });
          } catch {
            // not an X.509 certificate this agent can read: not one to sign with
          }
        }
      } finally {
        p.C_CloseSession(session);
      }
    }
    return out;
  }

  function signingCertificates(): { all: TokenCertificate[]; signing: TokenCertificate[] } {
    const all = tokenCertificates();
    const signing = all.filter((c) => {
      const ku = keyUsage(c.x509);
      return !ku.ca && (ku.nonRepudiation || ku.digitalSignature);
    });
    return { all, signing };
  }

  async function signNow(certificateId: string, data: Buffer, pin: string): Promise<CardSignature> {
    const { all, signing } = signingCertificates();
    const pool = all.map((c) => c.x509);
    const found = signing.find((c) => describe(c, pool).id === certificateId);
    if (!found) throw new CardError("certificate_not_found", "Bu sertifika takılı kartta yok.");
    const described = describe(found, pool);
    const session = p.C_OpenSession(found.slot, b.CKF_SERIAL_SESSION);
    try {
      try {
        p.C_Login(session, b.CKU_USER, pin);
      } catch (err) {
        const code = (err as { code?: number }).code;
        if (code === b.CKR_PIN_INCORRECT || code === b.CKR_PIN_INVALID || code === b.CKR_PIN_LEN_RANGE) throw new CardError("pin_incorrect", "PIN yanlış.");
        if (code === b.CKR_PIN_LOCKED) throw new CardError("pin_locked", "Kartın PIN'i bloke olmuş.");
        if (code !== b.CKR_USER_ALREADY_LOGGED_IN) throw err;
      }
      // The key with the certificate's CKA_ID, else its label (cards set one or the other).
      const keys = found.ckaId
        ? find(session, [{ type: b.CKA_CLASS, value: b.CKO_PRIVATE_KEY }, { type: b.CKA_ID, value: found.ckaId }])
        : find(session, [{ type: b.CKA_CLASS, value: b.CKO_PRIVATE_KEY }, { type: b.CKA_LABEL, value: found.label }]);
      const [key] = keys;
      if (key === undefined) throw new CardError("key_not_found", "Sertifikanın özel anahtarı kartta bulunamadı.");
      let signature: Buffer;
      if (described.key_type === "rsa") {
        p.C_SignInit(session, { mechanism: b.CKM_SHA256_RSA_PKCS }, key);
        signature = Buffer.from(await p.C_SignAsync(session, data, Buffer.alloc(1024)));
      } else {
        // CKM_ECDSA over the digest: every card has it, CKM_ECDSA_SHA256 not all.
        p.C_SignInit(session, { mechanism: b.CKM_ECDSA }, key);
        signature = ecdsaSigValue(Buffer.from(await p.C_SignAsync(session, createHash("sha256").update(data).digest(), Buffer.alloc(256))));
      }
      // A key that is not the certificate's (two objects sharing a CKA_ID or label) is named here, not
      // as a countersignature the service refuses.
      if (!verify("sha256", data, found.x509.publicKey, signature)) throw new CardError("key_not_found", "Karttaki anahtar bu sertifikanın anahtarı değil.");
      return { signature: signature.toString("base64"), signature_algorithm: described.key_type === "rsa" ? "rsa-pkcs1v15-sha256" : "ecdsa-sha256", certificate: described.certificate, chain: described.chain };
    } finally {
      try {
        p.C_Logout(session);
      } catch {
        // not logged in (wrong PIN), or the card is gone
      }
      try {
        p.C_CloseSession(session);
      } catch {
        // the card is gone
      }
    }
  }

  return {
    certificates() {
      const { all, signing } = signingCertificates();
      const pool = all.map((c) => c.x509);
      return signing.map((c) => describe(c, pool));
    },
    sign(certificateId, data, pin) {
      const run = busy.then(async () => {
        try {
          return await signNow(certificateId, data, pin);
        } catch (err) {
          if (err instanceof CardError) throw err;
          throw new CardError("card_unavailable", `Kartla imzalanamadı: ${(err as Error).message}`);
        }
      });
      busy = run.catch(() => undefined);
      return run;
    },
    close() {
      try {
        p.C_Finalize();
      } catch {
        // already finalized
      }
      try {
        p.close();
      } catch {
        // already closed
      }
    },
  };
}
