// SEAL_DRIVER=p12: the institution's or the operator's e-seal (an "e-mühür") from a PKCS#12 file
// (decisions §14). Read once at start; anything wrong with it stops the server with a clear message.
import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import fs from "node:fs";
import forge from "node-forge";
import { now } from "@/lib/clock";
import { signatureAlgorithm } from "@/lib/sealing/cades-signature";
import { chainFrom } from "@/lib/sealing/chain-from";
import type { Seal } from "@/lib/sealing/seal-types";

const invalid = (file: string, why: string) => new Error(`Invalid settings: SEAL_P12_FILE (${file}) ${why}`);
const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");

type Bag = forge.pkcs12.Bag & { asn1?: forge.asn1.Asn1 };

function bags(p12: forge.pkcs12.Pkcs12Pfx, bagType: string): Bag[] {
  return (p12.getBags({ bagType })[bagType] ?? []) as Bag[];
}

/** forge decodes RSA only; an EC key or certificate comes back as its ASN.1, which Node reads. */
function keyOf(bag: Bag): KeyObject {
  if (bag.key) return createPrivateKey(forge.pki.privateKeyToPem(bag.key as forge.pki.rsa.PrivateKey));
  return createPrivateKey({ key: der(bag.asn1!), format: "der", type: "pkcs8" });
}

function certOf(bag: Bag): Buffer {
  return bag.cert ? der(forge.pki.certificateToAsn1(bag.cert)) : der(bag.asn1!);
}

/** The seal certificate (the one matching the key), then each issuer found in the file. */
function orderChain(certs: X509Certificate[], key: KeyObject, file: string): Buffer[] {
  const leaf = certs.find((c) => c.checkPrivateKey(key));
  if (!leaf) throw invalid(file, "holds no certificate for its private key");
  return chainFrom(leaf, certs);
}

export function loadP12Seal(file: string, password: string): Seal {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(/*turbopackIgnore: true*/ file);
  } catch (err) {
    throw invalid(file, `cannot be read: ${(err as NodeJS.ErrnoException).code ?? err}`);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(bytes.toString("binary")), false, password);
  } catch {
    throw invalid(file, "cannot be opened: not a PKCS#12 file, or SEAL_P12_PASSWORD is wrong");
  }
  const keyBag = [...bags(p12, forge.pki.oids.pkcs8ShroudedKeyBag!), ...bags(p12, forge.pki.oids.keyBag!)][0];
  if (!keyBag) throw invalid(file, "holds no private key");
  let key: KeyObject;
  try {
    key = keyOf(keyBag);
    signatureAlgorithm(key);
  } catch (err) {
    throw invalid(file, `holds a private key that cannot seal: ${(err as Error).message}`);
  }
  const certs = bags(p12, forge.pki.oids.certBag!).map((b) => new X509Certificate(certOf(b)));
  const chain = orderChain(certs, key, file);
  const seal = new X509Certificate(chain[0]!);
  const at = now();
  if (new Date(seal.validTo) < at) throw invalid(file, `holds a seal certificate that expired on ${seal.validTo}`);
  if (new Date(seal.validFrom) > at) throw invalid(file, `holds a seal certificate valid only from ${seal.validFrom}`);
  return { driver: "p12", key, chain };
}
