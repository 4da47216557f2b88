// Is the signer a timestamping certificate (RFC 3161 §2.3), and does it chain to a root we were told to trust?
import { ExtKeyUsage } from "pkijs";
import { pemCertificates } from "@/lib/timestamping/pem";
import { parseCertificate, validAt, type ParsedCertificate } from "@/lib/timestamping/parsed-certificate";
import { OID } from "@/lib/timestamping/tsa-asn1";
import { TimestampError } from "@/lib/timestamping/tsa-types";

const MAX_CHAIN = 8;

/** RFC 3161 §2.3: the certificate MUST carry exactly one critical extendedKeyUsage, id-kp-timeStamping alone. */
function checkTimestampingUsage(signer: ParsedCertificate): void {
  const ekus = signer.cert.extensions?.filter((e) => e.extnID === OID.extKeyUsage) ?? [];
  const eku = ekus.length === 1 ? ekus[0] : undefined;
  if (!eku) throw new TimestampError("İmzalayan sertifika zaman damgası için yetkilendirilmemiş (id-kp-timeStamping yok).", "certificate");
  if (!eku.critical) {
    throw new TimestampError("İmzalayan sertifikanın zaman damgası kullanım amacı kritik olarak işaretlenmemiş.", "certificate");
  }
  let purposes: string[];
  try {
    purposes = ExtKeyUsage.fromBER(eku.extnValue.getValue()).keyPurposes;
  } catch {
    throw new TimestampError("İmzalayan sertifikanın kullanım amacı uzantısı çözümlenemedi.", "certificate");
  }
  if (purposes.length !== 1 || purposes[0] !== OID.kpTimeStamping) {
    throw new TimestampError("İmzalayan sertifika yalnızca zaman damgası için yetkilendirilmiş olmalı.", "certificate");
  }
}

/** The last bundle parsed: every token of a TSA is checked against the same TSA_CA_FILE (a third of a token's check). */
let parsedRoots: { bundle: string; roots: ParsedCertificate[] } | undefined;

function trustedRootsFrom(bundle: string): ParsedCertificate[] {
  if (parsedRoots?.bundle === bundle) return parsedRoots.roots;
  try {
    parsedRoots = { bundle, roots: pemCertificates(bundle).map((der) => parseCertificate(der)) };
    return parsedRoots.roots;
  } catch {
    throw new TimestampError("Güvenilen kök sertifika paketi okunamadı.", "chain");
  }
}

function signedBy(child: ParsedCertificate, issuer: ParsedCertificate): boolean {
  try {
    return child.x509.checkIssued(issuer.x509) && child.x509.verify(issuer.x509.publicKey);
  } catch {
    return false;
  }
}

/**
 * Walks from the signer to a trusted root, checking each signature and each validity period at
 * genTime (a token stays valid after its certificates expire). Intermediates come from the token.
 */
export function verifyTsaCertificate(
  signer: ParsedCertificate,
  tokenCertificates: ParsedCertificate[],
  trustedRootsPem: string | null,
  genTime: Date,
): void {
  checkTimestampingUsage(signer);
  if (!validAt(signer, genTime)) {
    throw new TimestampError("İmzalayan sertifika zaman damgasının verildiği anda geçerli değildi.", "certificate");
  }
  // No roots configured (TSA_CA_FILE unset): the TSA is trusted as the configured address.
  if (trustedRootsPem === null) return;
  const roots = trustedRootsFrom(trustedRootsPem);
  if (roots.length === 0) throw new TimestampError("Güvenilen kök sertifika yapılandırılmamış.", "chain");

  const chain = [signer];
  for (let current = signer; chain.length <= MAX_CHAIN; ) {
    if (roots.some((r) => r.der.equals(current.der))) return;
    const next =
      roots.find((r) => signedBy(current, r)) ??
      tokenCertificates.find((c) => c.x509.ca && !chain.includes(c) && signedBy(current, c));
    if (!next) break;
    if (!validAt(next, genTime)) {
      throw new TimestampError("Zaman damgası sertifika zincirindeki bir sertifika o anda geçerli değildi.", "chain");
    }
    chain.push(next);
    current = next;
  }
  throw new TimestampError("Zaman damgası sertifikası güvenilen bir kök sertifikaya bağlanamadı.", "chain");
}
