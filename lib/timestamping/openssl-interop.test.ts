// Tokens of the built-in TSA checked by an independent implementation: OpenSSL's `ts` command.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAuthorityMaterial } from "@/lib/timestamping/authority-material";
import { buildTimeStampReq } from "@/lib/timestamping/build-request";
import { LOCAL_TSA_POLICY } from "@/lib/timestamping/issue-timestamp";
import { createLocalAuthority } from "@/lib/timestamping/local-authority";

const OPENSSL = "/usr/bin/openssl";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tsa-openssl-"));
const file = (name: string, data?: string | Buffer) => {
  const p = path.join(dir, name);
  if (data !== undefined) fs.writeFileSync(p, data);
  return p;
};
const openssl = (...args: string[]) => spawnSync(OPENSSL, args, { encoding: "utf8" });

describe.skipIf(!fs.existsSync(OPENSSL))("OpenSSL interoperability", () => {
  const authority = createLocalAuthority(createAuthorityMaterial());
  const digest = createHash("sha256").update("onam belgesi").digest();
  const nonce = Buffer.from("00f1e2d3c4b5a69788", "hex");
  const chain = file("chain.pem", authority.certificateChainPem());
  const root = file("root.pem", authority.rootPem());

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("verifies a token with `ts -verify -digest` against the chain and against the root alone", async () => {
    const tsr = file("x.tsr", await authority.issue(buildTimeStampReq(digest, nonce)));
    for (const caFile of [chain, root]) {
      const ok = openssl("ts", "-verify", "-digest", digest.toString("hex"), "-in", tsr, "-CAfile", caFile);
      expect(ok.stdout + ok.stderr).toContain("Verification: OK");
      expect(ok.status).toBe(0);
    }
    const other = createHash("sha256").update("başka belge").digest("hex");
    const bad = openssl("ts", "-verify", "-digest", other, "-in", tsr, "-CAfile", chain);
    expect(bad.status).not.toBe(0);
    expect(bad.stdout + bad.stderr).toContain("Verification: FAILED");
  });

  it("prints policy, serial, accuracy, nonce and TSA name with `ts -reply -text`", async () => {
    const tsr = file("y.tsr", await authority.issue(buildTimeStampReq(digest, nonce)));
    const text = openssl("ts", "-reply", "-in", tsr, "-text");
    expect(text.status).toBe(0);
    expect(text.stdout).toContain("Status: Granted.");
    expect(text.stdout).toContain(`Policy OID: ${LOCAL_TSA_POLICY}`);
    expect(text.stdout).toMatch(/Serial number: 0x[0-9A-F]{32}/);
    expect(text.stdout).toContain("Accuracy: 0x01 seconds");
    expect(text.stdout).toContain("Nonce: 0xF1E2D3C4B5A69788");
    expect(text.stdout).toContain(digest.toString("hex").toUpperCase().slice(0, 2));
    expect(text.stdout).toMatch(/TSA: DirName:.*e-Onam Yerel Test Zaman Damgas/);
  });

  it("answers a query made by `openssl ts -query`, and OpenSSL checks its nonce and policy", async () => {
    const data = file("doc.bin", randomBytes(1000));
    const tsq = file("q.tsq");
    execFileSync(OPENSSL, ["ts", "-query", "-data", data, "-sha256", "-cert", "-out", tsq], { stdio: "pipe" });
    const tsr = file("q.tsr", await authority.issue(fs.readFileSync(tsq)));
    const ok = openssl("ts", "-verify", "-queryfile", tsq, "-in", tsr, "-CAfile", root);
    expect(ok.stdout + ok.stderr).toContain("Verification: OK");
    expect(ok.status).toBe(0);
  });

  it("issues certificates OpenSSL reads as a CA and a critical timeStamping-only signer", () => {
    const signerPem = authority.certificateChainPem().split(/(?<=-----END CERTIFICATE-----\n)/)[0]!;
    const text = openssl("x509", "-in", file("signer.pem", signerPem), "-noout", "-text", "-nameopt", "utf8");
    expect(text.stdout).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping\n/);
    expect(text.stdout).toContain("e-Onam Yerel Test Zaman Damgası");
    const rootText = openssl("x509", "-in", root, "-noout", "-text", "-nameopt", "utf8");
    expect(rootText.stdout).toMatch(/Basic Constraints: critical\s+CA:TRUE/);
    expect(rootText.stdout).toContain("e-Onam Yerel Test Kök Sertifikası");
    const purpose = openssl("verify", "-CAfile", root, "-purpose", "timestampsign", file("signer2.pem", signerPem));
    expect(purpose.stdout + purpose.stderr).toContain("OK");
    expect(purpose.status).toBe(0);
  });
});
