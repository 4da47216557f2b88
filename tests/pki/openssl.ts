// The openssl side of the test PKI: RSA keys generated once per machine and cached (a 4096-bit key
// takes seconds on these machines), and the configuration an `openssl ca` database needs, with one
// extension section per kind of certificate a Turkish certificate provider issues.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export async function openssl(args: string[], cwd?: string): Promise<string> {
  try {
    const { stdout } = await run("openssl", args, { cwd, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`openssl ${args.join(" ")}: ${e.stderr ?? e.message}`);
  }
}

/** Shared by every test run on this machine; a key is written under a temporary name, then renamed. */
export const KEY_CACHE = path.join(os.tmpdir(), "eonam-test-pki-keys");

/** An RSA private key file (PKCS#8 PEM) for `label`, made the first time it is asked for. */
export async function cachedKey(label: string, bits: number): Promise<string> {
  fs.mkdirSync(KEY_CACHE, { recursive: true });
  const file = path.join(KEY_CACHE, `${label.replace(/[^a-z0-9-]/gi, "_")}-rsa${bits}.key`);
  if (fs.existsSync(file)) return file;
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", `rsa_keygen_bits:${bits}`, "-out", tmp]);
  // Two workers making the same key: the last rename wins, and each copies what it reads at once.
  fs.renameSync(tmp, file);
  return file;
}

// ETSI EN 319 412-5 QCStatements: esi4-qcStatement-1 (QcCompliance), and QcType (esign or eseal).
const QC_COMPLIANCE = "3008060604008e460101";
const QC_TYPE = { esign: "3013060604008e4601063009060704008e46010601", eseal: "3013060604008e4601063009060704008e46010602" } as const;

function qcStatements(type: keyof typeof QC_TYPE): string {
  const body = QC_COMPLIANCE + QC_TYPE[type];
  return `1.3.6.1.5.5.7.1.3 = DER:30${(body.length / 2).toString(16).padStart(2, "0")}${body}`;
}

export interface CaUrls {
  /** the OCSP responder of the CA that issues end-entity certificates */
  ocsp: string;
  /** this CA's own CRL (its certificates' CRLDP) */
  crl: string;
}

/** An `openssl ca` configuration for the CA in `dir`, with its profiles. */
export function caConfig(dir: string, urls: CaUrls): string {
  const revocation = `authorityInfoAccess = OCSP;URI:${urls.ocsp}\ncrlDistributionPoints = URI:${urls.crl}`;
  const leaf = "basicConstraints = critical,CA:FALSE\nsubjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid";
  return `
[ca]
default_ca = ca_default

[ca_default]
dir = ${dir}
database = $dir/index.txt
certificate = $dir/ca.pem
private_key = $dir/ca.key
new_certs_dir = $dir/certs
serial = $dir/serial
crlnumber = $dir/crlnumber
default_md = sha256
default_days = 3650
default_crl_days = 7
policy = policy_any
unique_subject = no
email_in_dn = no
copy_extensions = none
name_opt = utf8,esc_ctrl,multiline,lname,align
utf8 = yes
string_mask = utf8only

[policy_any]
countryName = optional
organizationName = optional
organizationalUnitName = optional
serialNumber = optional
commonName = supplied

[req]
distinguished_name = req_dn
string_mask = utf8only
utf8 = yes

[req_dn]

[root]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash

[intermediate]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:${urls.crl}

[seal]
${leaf}
keyUsage = critical,digitalSignature,nonRepudiation
${revocation}

[seal_qualified]
${leaf}
keyUsage = critical,digitalSignature,nonRepudiation
${revocation}
${qcStatements("eseal")}

[physician]
${leaf}
keyUsage = critical,nonRepudiation
${revocation}
${qcStatements("esign")}

# a signature certificate without nonRepudiation: what a qualified countersignature refuses (decisions §24)
[physician_no_nr]
${leaf}
keyUsage = critical,digitalSignature
${revocation}
${qcStatements("esign")}

[tsa]
${leaf}
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = critical,timeStamping
${revocation}

[ocsp]
${leaf}
keyUsage = critical,digitalSignature
extendedKeyUsage = critical,OCSPSigning
# id-pkix-ocsp-nocheck: the responder's own certificate is not checked for revocation (RFC 6960 §4.2.2.2.1)
1.3.6.1.5.5.7.48.1.5 = ASN1:NULL
`;
}

/** An `openssl ts -reply` configuration: SHA-256, the ESS signing-certificate-v2, the chain in the token. */
export function tsaConfig(dir: string, signerCert: string, signerKey: string, chainFile: string): string {
  return `
[tsa]
default_tsa = tsa_default

[tsa_default]
dir = ${dir}
serial = $dir/tsaserial
crypto_device = builtin
signer_cert = ${signerCert}
certs = ${chainFile}
signer_key = ${signerKey}
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.7.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;
}

/** openssl's date for -startdate/-enddate, YYMMDDHHMMSSZ. */
export function opensslDate(d: Date): string {
  return d.toISOString().replace(/^\d\d(\d\d)-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d).*$/, "$1$2$3$4$5$6Z");
}
