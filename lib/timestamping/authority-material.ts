// Keys and certificates of the built-in test TSA: a self-signed root and a timestamping certificate under it.
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { now } from "@/lib/clock";
import { createCertificate } from "@/lib/timestamping/create-certificate";
import { OID } from "@/lib/timestamping/tsa-asn1";

export interface AuthorityMaterial {
  rootCertDer: Buffer;
  rootKey: KeyObject;
  signerCertDer: Buffer;
  signerKey: KeyObject;
}

export interface AuthorityMaterialOptions {
  /** how the signer certificate carries id-kp-timeStamping; anything but "critical" exists to test refusals */
  signerEku?: "critical" | "non-critical" | "absent" | "with-other-purpose";
  at?: Date;
}

const TEN_YEARS_MS = 10 * 365.25 * 24 * 3_600_000;
// Backdated a little so a verifier whose clock is slightly behind ours still finds the certificates valid.
const BACKDATE_MS = 3_600_000;

/** P-256: small and fast to generate, and verified by OpenSSL's `ts -verify` like RSA is. */
function keyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync("ec", { namedCurve: "prime256v1" });
}

export function createAuthorityMaterial(options: AuthorityMaterialOptions = {}): AuthorityMaterial {
  const at = options.at ?? now();
  const notBefore = new Date(at.getTime() - BACKDATE_MS);
  const notAfter = new Date(at.getTime() + TEN_YEARS_MS);
  const root = keyPair();
  const rootCertDer = createCertificate({
    commonName: "e-Onam Yerel Test Kök Sertifikası",
    publicKey: root.publicKey,
    signingKey: root.privateKey,
    notBefore,
    notAfter,
    ca: true,
  });

  const eku = options.signerEku ?? "critical";
  const signer = keyPair();
  const signerCertDer = createCertificate({
    commonName: "e-Onam Yerel Test Zaman Damgası",
    publicKey: signer.publicKey,
    issuerCertDer: rootCertDer,
    signingKey: root.privateKey,
    notBefore,
    notAfter,
    ca: false,
    extKeyUsage:
      eku === "absent"
        ? undefined
        : {
            purposes: eku === "with-other-purpose" ? [OID.kpTimeStamping, OID.kpClientAuth] : [OID.kpTimeStamping],
            critical: eku !== "non-critical",
          },
  });
  return { rootCertDer, rootKey: root.privateKey, signerCertDer, signerKey: signer.privateKey };
}
