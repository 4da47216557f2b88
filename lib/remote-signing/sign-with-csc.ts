// Signs a consent's CMS signed attributes (decisions §24: what countersign/prepare answers) with a
// physician's credential on the institution's CSC v2 service (issue #48 part 3): credentials/info for
// the certificate, credentials/authorize with the PIN/OTP the physician typed for exactly this one
// hash (the SAD), signatures/signHash over SHA-256(signed_attributes). The value is checked against
// the certificate here before it goes on to countersign, so a service that signs with another key or
// answers garbage is named now, not as a refused countersignature later.
import { createHash, verify, X509Certificate } from "node:crypto";
import { AppError } from "@/lib/errors";
import { ecdsaSigValue } from "@/lib/sealing/ecdsa-sig-value";
import { readCscCredential } from "@/lib/remote-signing/csc-credential";
import { cscCall } from "@/lib/remote-signing/csc-http";
import type { CscSettings } from "@/lib/remote-signing/csc-settings";
import { getCscCredentialInfo } from "@/lib/remote-signing/list-csc-credentials";

export const OID = {
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  sha256WithRSAEncryption: "1.2.840.113549.1.1.11",
  ecPublicKey: "1.2.840.10045.2.1",
  ecdsaWithSHA256: "1.2.840.10045.4.3.2",
} as const;

export interface CscSignature {
  /** base64: RSA PKCS#1 v1.5 over SHA-256, or a DER ECDSA-Sig-Value over SHA-256 — `imza_degeri` */
  signature: string;
  signature_algorithm: "rsa-pkcs1v15-sha256" | "ecdsa-sha256";
  /** base64 DER — `sertifika` at countersign/prepare */
  certificate: string;
  /** base64 DER, nearest issuer first — `zincir` */
  chain: string[];
}

export interface SignWithCscInput {
  credentialId: string;
  /** the DER bytes of signed_attributes */
  signedAttributes: Buffer;
  pin?: string;
  otp?: string;
  /** base64 DER of the certificate given to countersign/prepare: refused when the credential now has another */
  certificate?: string;
}

function signAlgo(keyType: "rsa" | "ec", offered: string[]): string {
  const pick = keyType === "rsa" ? [OID.rsaEncryption, OID.sha256WithRSAEncryption] : [OID.ecdsaWithSHA256, OID.ecPublicKey];
  // A service that lists nothing is asked for the plain algorithm (the spec's usual one).
  const found = offered.length ? pick.find((o) => offered.includes(o)) : pick[0];
  if (!found) throw new AppError("validation_failed", "Bu kimlik bilgisi SHA-256 ile RSA ya da ECDSA imzası atamıyor.", { credential_id: [`desteklenen algoritmalar: ${offered.join(", ")}`] });
  return found === OID.ecPublicKey ? OID.ecdsaWithSHA256 : found;
}

export async function signWithCsc(s: CscSettings, input: SignWithCscInput): Promise<CscSignature> {
  const credential = readCscCredential(input.credentialId, await getCscCredentialInfo(s, input.credentialId));
  if (input.certificate && !Buffer.from(input.certificate, "base64").equals(Buffer.from(credential.certificate, "base64"))) {
    throw new AppError("validation_failed", "Kimlik bilgisinin sertifikası, imzanın hazırlandığı sertifika değil.", { credential_id: ["sertifika hazırlıktan bu yana değişti"] });
  }
  if (credential.needs_pin && !input.pin) throw new AppError("validation_failed", "Bu imza için PIN gerekli.", { pin: ["PIN gerekli"] });
  if (credential.needs_otp && !input.otp) throw new AppError("validation_failed", "Bu imza için tek kullanımlık kod (OTP) gerekli.", { otp: ["OTP gerekli"] });
  const algo = signAlgo(credential.key_type, credential.key_algorithms);
  const hash = createHash("sha256").update(input.signedAttributes).digest("base64");

  const authData = [...(input.pin ? [{ id: "PIN", value: input.pin }] : []), ...(input.otp ? [{ id: "OTP", value: input.otp }] : [])];
  const authorized = await cscCall(
    s,
    "credentials/authorize",
    // authData is CSC v2's form; PIN/OTP the v1 form many services still read.
    { credentialID: input.credentialId, numSignatures: 1, hashes: [hash], hashAlgorithmOID: OID.sha256, description: "e-Onam: onam karşı imzası", ...(authData.length ? { authData } : {}), ...(input.pin ? { PIN: input.pin } : {}), ...(input.otp ? { OTP: input.otp } : {}) },
    "pin",
  );
  if (typeof authorized.SAD !== "string" || !authorized.SAD) throw new AppError("service_unavailable", "Uzaktan imza hizmeti: credentials/authorize bir SAD vermedi.");

  const signed = await cscCall(s, "signatures/signHash", { credentialID: input.credentialId, SAD: authorized.SAD, hashes: [hash], hashAlgorithmOID: OID.sha256, signAlgo: algo, operationMode: "S" }, "credential_id");
  const [value] = Array.isArray(signed.signatures) ? signed.signatures : [];
  if (typeof value !== "string" || !value) throw new AppError("service_unavailable", "Uzaktan imza hizmeti: signatures/signHash bir imza vermedi.");
  let signature: Buffer = Buffer.from(value, "base64");
  const key = new X509Certificate(Buffer.from(credential.certificate, "base64")).publicKey;
  const checks = (sig: Buffer) => {
    try {
      return verify("sha256", input.signedAttributes, key, sig);
    } catch {
      return false;
    }
  };
  if (credential.key_type === "ec" && !checks(signature)) {
    // Some services answer ECDSA as r ‖ s (IEEE P1363); CMS wants the DER ECDSA-Sig-Value.
    try {
      const der = ecdsaSigValue(signature);
      if (checks(der)) signature = der;
    } catch {
      // not r ‖ s either: refused below
    }
  }
  if (!checks(signature)) throw new AppError("validation_failed", "Uzaktan imza hizmetinin verdiği imza, kimlik bilgisinin sertifikasıyla doğrulanmadı.", { credential_id: ["imza sertifikayla doğrulanmadı"] });
  return {
    signature: signature.toString("base64"),
    signature_algorithm: credential.key_type === "rsa" ? "rsa-pkcs1v15-sha256" : "ecdsa-sha256",
    certificate: credential.certificate,
    chain: credential.chain,
  };
}
