// A real test PKI, driven through openssl 3 as a certificate provider runs one: a root, one or more
// intermediates (`openssl ca` databases that issue and revoke), and under the last intermediate the
// seal, time-stamping, OCSP-responder and physician certificates, RSA-4096 unless asked otherwise.
// End-entity certificates name an OCSP responder (AIA) and a CRL (CRLDP) on 127.0.0.1 ports chosen
// here; `start()` runs a real `openssl ocsp` responder there and serves every CA's CRL over HTTP.
//
//   const pki = await createTestPki();        // keys cached per machine, certificates fresh per call
//   await pki.start();                        // OCSP responder + CRL server (stop() in afterAll)
//   pki.seal.key / pki.seal.chain             // a SealKey for lib/sealing
//   await pki.timestamp(sha256Hex)            // a TimeStampResp from `openssl ts -reply`
//   await pki.revoke(pki.seal, { at })        // then pki.ocspResponse(pki.seal) says revoked
import { createPrivateKey, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { cachedKey, caConfig, openssl, opensslDate, tsaConfig } from "./openssl";
import { startServices, type RunningServices } from "./services";
import type { PkiCertificate } from "./types";

export type { PkiCertificate } from "./types";

export type Profile = "seal" | "seal_qualified" | "tsa" | "ocsp" | "physician" | "physician_no_nr";


export interface IssueOptions {
  /** the subject's common name; organization and country follow the PKI's defaults */
  commonName?: string;
  subject?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** the PKI's key size unless said; the key is cached under `label` */
  bits?: number;
}

export interface TestPkiOptions {
  /** cache label prefix for the keys: another name, other keys (a forger's PKI under the same names) */
  keys?: string;
  /** CA names; a forger copies the real ones */
  rootSubject?: string;
  intermediateSubject?: string;
  /** intermediates between the root and the end-entity certificates (1 or 2: a chain of four with the seal) */
  intermediates?: number;
  /** where to build; a fresh temporary folder when omitted */
  dir?: string;
  /** RSA key size of every key but the OCSP responder's: 4096 unless said */
  bits?: number;
}

export interface TestPki {
  dir: string;
  root: PkiCertificate;
  /** the CAs under the root, the last one issuing every end-entity certificate */
  intermediates: PkiCertificate[];
  issuer: PkiCertificate;
  seal: PkiCertificate;
  tsa: PkiCertificate;
  ocspSigner: PkiCertificate;
  urls: { ocsp: string; crl: (ca: PkiCertificate) => string };
  /** the root's PEM, what a verifier is given with --trust */
  rootFile: string;
  issue(label: string, profile: Profile, options?: IssueOptions): Promise<PkiCertificate>;
  /** revokes (at `at`, default now) and publishes a new CRL; the OCSP responder answers `revoked` from then on */
  revoke(cert: PkiCertificate, options?: { at?: Date; reason?: "keyCompromise" | "superseded" | "cessationOfOperation" }): Promise<void>;
  /** the current CRL (DER) of a CA */
  crl(ca: PkiCertificate): Promise<Buffer>;
  /** an OCSP response (DER) from the running responder, as a seal would fetch it */
  ocspResponse(cert: PkiCertificate): Promise<Buffer>;
  /** a DER TimeStampResp over a SHA-256 digest, by this PKI's TSA (openssl ts -reply), chain included */
  timestamp(sha256Hex: string): Promise<Buffer>;
  /** a PKCS#12 of a certificate with its key and chain */
  p12(cert: PkiCertificate, password: string): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_SUBJECTS = {
  root: "/C=TR/O=Test Elektronik Sertifika Hizmet Sağlayıcısı/CN=Test ESHS Kök Sertifikası",
  intermediate: "/C=TR/O=Test Elektronik Sertifika Hizmet Sağlayıcısı/CN=Test ESHS Mali Mühür Sertifika Hizmetleri",
  seal: "/C=TR/O=Test Klinik A.Ş./CN=Test Klinik A.Ş. e-Mühür",
  tsa: "/C=TR/O=Test Elektronik Sertifika Hizmet Sağlayıcısı/CN=Test ESHS Zaman Damgası",
  ocsp: "/C=TR/O=Test Elektronik Sertifika Hizmet Sağlayıcısı/CN=Test ESHS OCSP",
} as const;

const HOUR = 3_600_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const pemToDer = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ""), "base64");

interface Ca {
  cert: PkiCertificate;
  dir: string;
  config: string;
}

export async function createTestPki(options: TestPkiOptions = {}): Promise<TestPki> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "eonam-pki-"));
  fs.mkdirSync(dir, { recursive: true });
  const keysLabel = options.keys ?? "pki";
  const [ocspPort, crlPort] = [await freePort(), await freePort()];
  const crlUrl = (ca: PkiCertificate) => `http://127.0.0.1:${crlPort}/${ca.label}.crl`;
  const ocspUrl = `http://127.0.0.1:${ocspPort}`;
  const backdated = () => new Date(Date.now() - HOUR);

  async function keyFile(label: string, bits: number, into: string): Promise<string> {
    const file = path.join(into, `${label}.key`);
    fs.copyFileSync(await cachedKey(`${keysLabel}-${label}`, bits), file);
    return file;
  }

  function certificate(label: string, subject: string, certFile: string, keyPath: string, issuer: PkiCertificate | null): PkiCertificate {
    const pem = fs.readFileSync(certFile, "utf8");
    const der = pemToDer(pem.slice(pem.indexOf("-----BEGIN CERTIFICATE-----")));
    const chain = [der, ...(issuer?.chain ?? [])];
    const chainPem = pem.slice(pem.indexOf("-----BEGIN CERTIFICATE-----")) + (issuer?.chainPem ?? "");
    const chainFile = path.join(path.dirname(certFile), `${label}-chain.pem`);
    fs.writeFileSync(chainFile, chainPem);
    const serialLine = /^[0-9A-F]+$/i;
    const serialText = fs.existsSync(`${certFile}.serial`) ? fs.readFileSync(`${certFile}.serial`, "utf8").trim() : "";
    return {
      label,
      subject,
      certFile,
      keyFile: keyPath,
      pem: chainPem.slice(0, chainPem.indexOf("-----END CERTIFICATE-----") + 26),
      der,
      key: createPrivateKey(fs.readFileSync(keyPath)),
      serial: serialLine.test(serialText) ? serialText.toUpperCase() : "",
      chain,
      chainPem,
      chainFile,
    };
  }

  function caDir(label: string): { dir: string; config: string } {
    const d = path.join(dir, label);
    fs.mkdirSync(path.join(d, "certs"), { recursive: true });
    fs.writeFileSync(path.join(d, "index.txt"), "");
    fs.writeFileSync(path.join(d, "index.txt.attr"), "unique_subject = no\n");
    // Random serials, as providers use: two runs never issue the same one.
    fs.writeFileSync(path.join(d, "serial"), `4${randomBytes(15).toString("hex").slice(1)}\n`);
    fs.writeFileSync(path.join(d, "crlnumber"), "1000\n");
    const config = path.join(d, "openssl.cnf");
    fs.writeFileSync(config, caConfig(d, { ocsp: ocspUrl, crl: `http://127.0.0.1:${crlPort}/${label}.crl` }));
    return { dir: d, config };
  }

  /** `openssl ca` signs a request for `subject` with `issuer`'s database. */
  async function signWith(issuer: Ca, label: string, subject: string, profile: string, bits: number, validity: { notBefore?: Date; notAfter?: Date }): Promise<PkiCertificate> {
    const out = path.join(dir, "issued");
    fs.mkdirSync(out, { recursive: true });
    const key = await keyFile(label, bits, out);
    const csr = path.join(out, `${label}.csr`);
    const certFile = path.join(out, `${label}.pem`);
    await openssl(["req", "-new", "-utf8", "-config", issuer.config, "-key", key, "-subj", subject, "-out", csr]);
    const serial = fs.readFileSync(path.join(issuer.dir, "serial"), "utf8").trim();
    await openssl([
      "ca", "-batch", "-utf8", "-notext", "-config", issuer.config, "-extensions", profile,
      "-startdate", opensslDate(validity.notBefore ?? backdated()),
      "-enddate", opensslDate(validity.notAfter ?? new Date(Date.now() + 5 * 365 * 24 * HOUR)),
      "-in", csr, "-out", certFile,
    ]);
    fs.writeFileSync(`${certFile}.serial`, serial);
    return certificate(label, subject, certFile, key, issuer.cert);
  }

  // The root: self-signed, and the database that issues the first intermediate.
  const rootDir = caDir("root");
  const bits = options.bits ?? 4096;
  const rootKey = await keyFile("root", bits, rootDir.dir);
  const rootSubject = options.rootSubject ?? DEFAULT_SUBJECTS.root;
  const rootFile = path.join(rootDir.dir, "root.pem");
  await openssl(["req", "-x509", "-new", "-utf8", "-config", rootDir.config, "-extensions", "root", "-key", rootKey, "-subj", rootSubject, "-days", "7300", "-set_serial", `0x${randomBytes(8).toString("hex")}`, "-out", rootFile]);
  const root: Ca = { ...rootDir, cert: certificate("root", rootSubject, rootFile, rootKey, null) };
  const installCa = (ca: Ca) => {
    fs.copyFileSync(ca.cert.certFile, path.join(ca.dir, "ca.pem"));
    fs.copyFileSync(ca.cert.keyFile, path.join(ca.dir, "ca.key"));
  };
  installCa(root);

  const cas: Ca[] = [];
  const count = Math.max(1, options.intermediates ?? 1);
  for (let i = 0; i < count; i++) {
    const label = count === 1 ? "intermediate" : `intermediate${i + 1}`;
    const base = options.intermediateSubject ?? DEFAULT_SUBJECTS.intermediate;
    const subject = count === 1 ? base : `${base} ${i + 1}`;
    const parent = cas.at(-1) ?? root;
    const cert = await signWith(parent, label, subject, "intermediate", bits, {});
    cas.push({ ...caDir(label), cert });
    installCa(cas.at(-1)!);
  }
  const issuing = cas.at(-1)!;

  const issue = (label: string, profile: Profile, o: IssueOptions = {}) =>
    signWith(issuing, label, o.subject ?? (o.commonName ? `/C=TR/O=Test Klinik A.Ş./CN=${o.commonName}` : `/C=TR/CN=${label}`), profile, o.bits ?? bits, o);

  const seal = await issue("seal", "seal", { subject: DEFAULT_SUBJECTS.seal });
  const tsa = await issue("tsa", "tsa", { subject: DEFAULT_SUBJECTS.tsa });
  const ocspSigner = await issue("ocsp", "ocsp", { subject: DEFAULT_SUBJECTS.ocsp, bits: 2048 });

  const tsaDir = path.join(dir, "tsa");
  fs.mkdirSync(tsaDir, { recursive: true });
  fs.writeFileSync(path.join(tsaDir, "tsaserial"), "01\n");
  const tsaChain = path.join(tsaDir, "issuers.pem");
  fs.writeFileSync(tsaChain, tsa.chainPem.slice(tsa.pem.length));
  const tsaCnf = path.join(tsaDir, "tsa.cnf");
  fs.writeFileSync(tsaCnf, tsaConfig(tsaDir, tsa.certFile, tsa.keyFile, tsaChain));

  const allCas = [root, ...cas];
  const caOf = (cert: PkiCertificate) => allCas.find((ca) => ca.cert.der.equals(cert.chain[1] ?? Buffer.alloc(0)));
  const crlFile = (ca: Ca) => path.join(ca.dir, "crl.der");

  async function publishCrl(ca: Ca): Promise<void> {
    const pem = path.join(ca.dir, "crl.pem");
    await openssl(["ca", "-gencrl", "-config", ca.config, "-out", pem]);
    await openssl(["crl", "-in", pem, "-outform", "DER", "-out", crlFile(ca)]);
  }
  for (const ca of allCas) await publishCrl(ca);

  let services: RunningServices | null = null;
  const serviceOptions = () => ({ ocspPort, crlPort, issuing: issuing.cert, ocspSigner, index: path.join(issuing.dir, "index.txt"), crls: () => new Map(allCas.map((ca) => [`/${ca.cert.label}.crl`, crlFile(ca)])) });

  let counter = 0;
  const scratch = (name: string) => path.join(dir, `${name}-${process.pid}-${++counter}`);

  return {
    dir,
    root: root.cert,
    intermediates: cas.map((ca) => ca.cert),
    issuer: issuing.cert,
    seal,
    tsa,
    ocspSigner,
    urls: { ocsp: ocspUrl, crl: crlUrl },
    rootFile,
    issue,
    async revoke(cert, o = {}) {
      const ca = caOf(cert);
      if (!ca) throw new Error(`${cert.label} was not issued by this PKI's CAs`);
      await openssl(["ca", "-config", ca.config, "-revoke", cert.certFile, "-crl_reason", o.reason ?? "keyCompromise"]);
      if (o.at) {
        // `openssl ca` revokes "now"; the index line's third field is the revocation time.
        const index = path.join(ca.dir, "index.txt");
        const lines = fs.readFileSync(index, "utf8").split("\n").map((line) => {
          const f = line.split("\t");
          if (f[0] !== "R" || f[3]?.toUpperCase() !== cert.serial) return line;
          f[2] = f[2]!.replace(/^\d{12}Z/, opensslDate(o.at!));
          return f.join("\t");
        });
        fs.writeFileSync(index, lines.join("\n"));
      }
      await publishCrl(ca);
      // The responder reads its index when it starts.
      if (services) {
        await services.stop();
        services = await startServices(serviceOptions());
      }
    },
    async crl(ca) {
      const found = allCas.find((c) => c.cert.der.equals(ca.der));
      if (!found) throw new Error(`${ca.label} is not a CA of this PKI`);
      return fs.readFileSync(crlFile(found));
    },
    async ocspResponse(cert) {
      const issuerFile = path.join(dir, "issued", `${cert.label}-issuer.pem`);
      fs.writeFileSync(issuerFile, cert.chainPem.slice(cert.pem.length));
      const out = scratch("ocsp.der");
      await openssl(["ocsp", "-issuer", issuerFile, "-cert", cert.certFile, "-url", ocspUrl, "-no_nonce", "-noverify", "-respout", out]);
      const der = fs.readFileSync(out);
      fs.rmSync(out);
      return der;
    },
    async timestamp(sha256Hex) {
      const query = scratch("req.tsq");
      const reply = scratch("resp.tsr");
      await openssl(["ts", "-query", "-digest", sha256Hex, "-sha256", "-cert", "-out", query]);
      await openssl(["ts", "-reply", "-config", tsaCnf, "-queryfile", query, "-out", reply]);
      const der = fs.readFileSync(reply);
      fs.rmSync(query);
      fs.rmSync(reply);
      return der;
    },
    async p12(cert, password) {
      const file = path.join(dir, "issued", `${cert.label}.p12`);
      const issuers = path.join(dir, "issued", `${cert.label}-issuers.pem`);
      fs.writeFileSync(issuers, cert.chainPem.slice(cert.pem.length));
      await openssl(["pkcs12", "-export", "-inkey", cert.keyFile, "-in", cert.certFile, "-certfile", issuers, "-out", file, "-passout", `pass:${password}`, "-name", cert.label]);
      return file;
    },
    async start() {
      services ??= await startServices(serviceOptions());
    },
    async stop() {
      await services?.stop();
      services = null;
    },
  };
}
