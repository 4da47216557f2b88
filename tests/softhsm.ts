// A real PKCS#11 token for the seal's tests (decisions §24): SoftHSM2 (Debian's softhsm2) with a token
// of its own in a temporary folder, the seal's key imported as a sensitive, non-extractable object
// (softhsm2-util), and its certificate chain written beside it (pkcs11-tool, from opensc) — how an
// HSM or a smart card holds an institution's e-seal. SOFTHSM2_CONF must reach the process that loads
// the module: `env` for a server, process.env for a test in this process (before the module loads).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const SOFTHSM_MODULE = "/usr/lib/softhsm/libsofthsm2.so";

export interface SoftHsmToken {
  module: string;
  tokenLabel: string;
  keyLabel: string;
  pin: string;
  conf: string;
  /** the settings of a server that seals with this token */
  env: Record<string, string>;
}

/**
 * A token holding `keyFile` (PKCS#8 PEM) under `keyLabel` with the certificate `chain[0]` (same
 * CKA_ID) and its issuers.
 */
export function softHsmToken(dir: string, keyFile: string, chain: Buffer[], o: { tokenLabel?: string; keyLabel?: string; pin?: string } = {}): SoftHsmToken {
  const tokenLabel = o.tokenLabel ?? "e-Onam Test HSM";
  const keyLabel = o.keyLabel ?? "muhur";
  const pin = o.pin ?? "1234";
  const tokens = path.join(dir, "tokens");
  fs.mkdirSync(tokens, { recursive: true });
  const conf = path.join(dir, "softhsm2.conf");
  fs.writeFileSync(conf, `directories.tokendir = ${tokens}\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n`);
  const env = { ...process.env, SOFTHSM2_CONF: conf };
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  run("softhsm2-util", ["--init-token", "--free", "--label", tokenLabel, "--pin", pin, "--so-pin", "87654321"]);
  run("softhsm2-util", ["--import", keyFile, "--token", tokenLabel, "--label", keyLabel, "--id", "01", "--pin", pin]);
  chain.forEach((der, i) => {
    const file = path.join(dir, `cert-${i}.der`);
    fs.writeFileSync(file, der);
    const [id, label] = i === 0 ? ["01", keyLabel] : [`0${i + 1}`, `issuer-${i}`];
    run("pkcs11-tool", ["--module", SOFTHSM_MODULE, "--token-label", tokenLabel, "--login", "--pin", pin, "--write-object", file, "--type", "cert", "--id", id, "--label", label]);
  });
  return {
    module: SOFTHSM_MODULE,
    tokenLabel,
    keyLabel,
    pin,
    conf,
    env: { SEAL_DRIVER: "pkcs11", PKCS11_MODULE: SOFTHSM_MODULE, PKCS11_TOKEN_LABEL: tokenLabel, PKCS11_KEY_LABEL: keyLabel, PKCS11_PIN: pin, SOFTHSM2_CONF: conf },
  };
}
