// pretest: the browser and PDF tests need Debian's chromium, poppler-utils (pdftotext, pdfsig,
// pdfdetach) and libnss3-tools (certutil); the seal's PKCS#11 tests softhsm2 and opensc
// (pkcs11-tool). On a fresh machine they are installed here (as root, from apt), so `npm test` is
// all a newcomer runs.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const needed = [
  ["/usr/bin/chromium", "chromium"],
  ["/usr/bin/pdftotext", "poppler-utils"],
  // decisions §14: the sealed PDFs are checked with NSS's certutil (a fresh trust store for pdfsig)
  ["/usr/bin/certutil", "libnss3-tools"],
  // decisions §24: SEAL_DRIVER=pkcs11 is tested against SoftHSM2, a real PKCS#11 token
  ["/usr/lib/softhsm/libsofthsm2.so", "softhsm2"],
  ["/usr/bin/pkcs11-tool", "opensc"],
].filter(([file]) => !fs.existsSync(file));

if (needed.length > 0) {
  const packages = needed.map(([, pkg]) => pkg);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    console.error(`The browser and PDF tests need: ${packages.join(", ")}. Install them with apt-get (as root), then run npm test again.`);
    process.exit(1);
  }
  console.log(`Installing ${packages.join(", ")} from apt for the browser and PDF tests…`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}
