// A credential of a CSC v2 service as the panel shows it: read from its certificate (not from the
// DN strings the service sends beside it), with what the physician must type to authorize a signature.
import { createHash, X509Certificate } from "node:crypto";
import { AppError } from "@/lib/errors";

export interface CscCredential {
  credential_id: string;
  subject: string;
  issuer: string;
  serial: string;
  not_before: string;
  not_after: string;
  key_type: "rsa" | "ec";
  /** OIDs the credential's key signs with, as the service lists them */
  key_algorithms: string[];
  /** base64 DER */
  certificate: string;
  /** base64 DER of the issuers the service sent, nearest first */
  chain: string[];
  /** hex SHA-256 of the certificate */
  certificate_sha256: string;
  /** whether credentials/authorize needs a PIN, an OTP */
  needs_pin: boolean;
  needs_otp: boolean;
}

const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The credential from a credentials/info answer (or one item of credentials/list's credentialInfos). */
export function readCscCredential(credentialId: string, info: Record<string, unknown>): CscCredential {
  const cert = (info.cert ?? {}) as Record<string, unknown>;
  const key = (info.key ?? {}) as Record<string, unknown>;
  const [leaf, ...chain] = asStrings(cert.certificates);
  let x: X509Certificate;
  try {
    x = new X509Certificate(Buffer.from(leaf ?? "", "base64"));
  } catch {
    throw new AppError("service_unavailable", `Uzaktan imza hizmeti ${credentialId} için okunabilir bir sertifika vermedi.`);
  }
  const type = x.publicKey.asymmetricKeyType;
  // CSC v2: auth.objects [{ id: "PIN" | "OTP", … }]; v1 style: PIN / OTP objects with `presence`.
  const auth = (info.auth ?? {}) as Record<string, unknown>;
  const objects = Array.isArray(auth.objects) ? (auth.objects as Record<string, unknown>[]) : [];
  const needs = (id: "PIN" | "OTP") => {
    if (objects.some((o) => String(o.id).toUpperCase() === id)) return true;
    const legacy = info[id] as Record<string, unknown> | undefined;
    return legacy !== undefined && legacy.presence !== "false";
  };
  return {
    credential_id: credentialId,
    subject: x.subject.replace(/\n/g, ", "),
    issuer: x.issuer.replace(/\n/g, ", "),
    serial: x.serialNumber.toUpperCase(),
    not_before: new Date(x.validFrom).toISOString(),
    not_after: new Date(x.validTo).toISOString(),
    key_type: type === "ec" ? "ec" : "rsa",
    key_algorithms: asStrings(key.algo),
    certificate: x.raw.toString("base64"),
    chain,
    certificate_sha256: createHash("sha256").update(x.raw).digest("hex"),
    needs_pin: needs("PIN"),
    needs_otp: needs("OTP"),
  };
}
