// For the seal tests: an institution's e-seal as a certificate provider would hand it over, made with
// the openssl command line (a CA, a seal certificate under it, both in a password-protected PKCS#12).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface TestP12 {
  file: string;
  password: string;
  caPem: string;
  commonName: string;
}

export function makeP12(dir: string, options: { keyType?: "rsa" | "ec"; commonName?: string; withKey?: boolean } = {}): TestP12 {
  fs.mkdirSync(dir, { recursive: true });
  const f = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "pipe", "pipe"] });
  const keyArgs = options.keyType === "ec" ? ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"] : ["-newkey", "rsa:2048"];
  const commonName = options.commonName ?? "Test Klinik A.Ş. e-Mühür";
  openssl("req", "-utf8", "-x509", ...keyArgs, "-nodes", "-keyout", f("ca.key"), "-out", f("ca.pem"), "-days", "3650", "-subj", "/C=TR/O=Test Sertifika Hizmet Sağlayıcısı/CN=Test SHS Kök", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
  openssl("req", "-utf8", "-new", ...keyArgs, "-nodes", "-keyout", f("seal.key"), "-out", f("seal.csr"), "-subj", `/C=TR/O=Test Klinik A.Ş./CN=${commonName}`);
  fs.writeFileSync(f("ext.cnf"), "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n");
  openssl("x509", "-req", "-in", f("seal.csr"), "-CA", f("ca.pem"), "-CAkey", f("ca.key"), "-CAcreateserial", "-out", f("seal.pem"), "-days", "365", "-extfile", f("ext.cnf"));
  const password = "muhur-parolasi-1";
  const file = f("seal.p12");
  const keyPart = options.withKey === false ? ["-nokeys", "-in", f("seal.pem")] : ["-inkey", f("seal.key"), "-in", f("seal.pem")];
  openssl("pkcs12", "-export", ...keyPart, "-certfile", f("ca.pem"), "-out", file, "-passout", `pass:${password}`, "-name", commonName);
  return { file, password, caPem: fs.readFileSync(f("ca.pem"), "utf8"), commonName };
}
