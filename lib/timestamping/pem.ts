// PEM armour for certificates: the format of TSA_CA_FILE and of /tsa/certificate.pem.

export function derToPem(der: Uint8Array, label = "CERTIFICATE"): string {
  const body = Buffer.from(der).toString("base64").replace(/.{1,64}/g, "$&\n");
  return `-----BEGIN ${label}-----\n${body}-----END ${label}-----\n`;
}

/** Every certificate in a PEM bundle, as DER; text between the blocks (comments) is ignored. */
export function pemCertificates(bundle: string): Buffer[] {
  const blocks = bundle.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g);
  return Array.from(blocks, (m) => Buffer.from((m[1] ?? "").replace(/\s+/g, ""), "base64"));
}
