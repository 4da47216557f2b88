// Unit tests of token verification: genuine tokens pass, and each kind of bad token is refused for its own reason.
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAuthorityMaterial, type AuthorityMaterialOptions } from "@/lib/timestamping/authority-material";
import { buildTimeStampReq } from "@/lib/timestamping/build-request";
import { createCertificate } from "@/lib/timestamping/create-certificate";
import { createLocalAuthority, type LocalAuthority } from "@/lib/timestamping/local-authority";
import { derToPem } from "@/lib/timestamping/pem";
import { OID } from "@/lib/timestamping/tsa-asn1";
import { TimestampError, type TimestampFailure } from "@/lib/timestamping/tsa-types";
import { verifyTimeStampResp } from "@/lib/timestamping/verify-response";

const sha256 = (text: string) => createHash("sha256").update(text).digest();
const authority = (options?: AuthorityMaterialOptions) => createLocalAuthority(createAuthorityMaterial(options));

async function issue(tsa: LocalAuthority, digest = sha256("belge"), nonce = randomBytes(8)) {
  return { der: await tsa.issue(buildTimeStampReq(digest, nonce)), digest, nonce };
}

async function refusal(promise: Promise<unknown>): Promise<{ reason: TimestampFailure; message: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TimestampError);
  const { reason, message } = err as TimestampError;
  return { reason, message };
}

describe("verifyTimeStampResp", () => {
  const tsa = authority();
  const trustedRoots = tsa.rootPem();

  it("accepts a genuine token and reports its serial and time", async () => {
    const before = Date.now();
    const { der, digest, nonce } = await issue(tsa);
    const after = Date.now();
    const result = await verifyTimeStampResp(der, { digest, nonce, trustedRoots });
    expect(result.serial).toMatch(/^[0-9a-f]{32}$/);
    // Within the call (whole seconds, so from the second it began), however long a loaded host took.
    expect(result.genTime.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(result.genTime.getTime()).toBeLessThanOrEqual(after);
    expect(derToPem(result.signerDer)).toBe(tsa.certificateChainPem().split(/(?<=-----END CERTIFICATE-----\n)/)[0]);
    // Whole seconds, so the DER GeneralizedTime has no fraction.
    expect(result.genTime.getMilliseconds()).toBe(0);
  });

  it("gives every token its own serial", async () => {
    const serials = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { der, digest, nonce } = await issue(tsa);
      serials.add((await verifyTimeStampResp(der, { digest, nonce, trustedRoots })).serial);
    }
    expect(serials.size).toBe(5);
  });

  it("accepts a nonce whose top bit is set (sent with a sign byte) and one with leading zeros", async () => {
    for (const nonce of [Buffer.from("ff00000000000001", "hex"), Buffer.from("0000000000000000ab", "hex")]) {
      const t = await issue(tsa, sha256("x"), nonce);
      await expect(verifyTimeStampResp(t.der, { digest: t.digest, nonce, trustedRoots })).resolves.toBeTruthy();
    }
  });

  it("follows an intermediate CA carried in the token to the trusted root", async () => {
    const key = () => generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const validity = { notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 3_600_000) };
    const [root, intermediate, signer] = [key(), key(), key()];
    const rootDer = createCertificate({ commonName: "Kök", publicKey: root.publicKey, signingKey: root.privateKey, ca: true, ...validity });
    const intermediateDer = createCertificate({
      commonName: "Ara", publicKey: intermediate.publicKey, issuerCertDer: rootDer, signingKey: root.privateKey, ca: true, ...validity,
    });
    const signerDer = createCertificate({
      commonName: "TSA", publicKey: signer.publicKey, issuerCertDer: intermediateDer, signingKey: intermediate.privateKey, ca: false,
      extKeyUsage: { purposes: [OID.kpTimeStamping], critical: true }, ...validity,
    });
    // The token carries the signer and "root" of the material: here, the intermediate.
    const threeLevel = createLocalAuthority({
      rootCertDer: intermediateDer, rootKey: intermediate.privateKey, signerCertDer: signerDer, signerKey: signer.privateKey,
    });
    const { der, digest, nonce } = await issue(threeLevel);
    await expect(verifyTimeStampResp(der, { digest, nonce, trustedRoots: derToPem(rootDer) })).resolves.toBeTruthy();
    const other = derToPem(createAuthorityMaterial().rootCertDer);
    expect((await refusal(verifyTimeStampResp(der, { digest, nonce, trustedRoots: other }))).reason).toBe("chain");
  });

  it("refuses a token over another digest", async () => {
    const { der, nonce } = await issue(tsa);
    const r = await refusal(verifyTimeStampResp(der, { digest: sha256("başka"), nonce, trustedRoots }));
    expect(r).toEqual({ reason: "imprint", message: "Zaman damgası başka bir belgeye ait (özet eşleşmiyor)." });
  });

  it("refuses a token answering another request (nonce)", async () => {
    const { der, digest } = await issue(tsa);
    expect((await refusal(verifyTimeStampResp(der, { digest, nonce: randomBytes(8), trustedRoots }))).reason).toBe("nonce");
  });

  it("refuses a token whose signature was altered", async () => {
    const { der, digest, nonce } = await issue(tsa);
    const tampered = Buffer.from(der);
    // The SignerInfo's signature is the last element of every enclosing SEQUENCE: the last byte is its last byte.
    tampered[tampered.length - 1]! ^= 0x01;
    expect((await refusal(verifyTimeStampResp(tampered, { digest, nonce, trustedRoots }))).reason).toBe("signature");
  });

  it("refuses a token whose TSTInfo was altered after signing", async () => {
    const { der, digest, nonce } = await issue(tsa);
    const { serial } = await verifyTimeStampResp(der, { digest, nonce, trustedRoots });
    const at = der.indexOf(Buffer.from(serial, "hex"));
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(der);
    tampered[at + 5]! ^= 0x01;
    const r = await refusal(verifyTimeStampResp(tampered, { digest, nonce, trustedRoots }));
    expect(r.reason).toBe("signature");
  });

  it("refuses a signer certificate without the timeStamping extended key usage", async () => {
    const plain = authority({ signerEku: "absent" });
    const { der, digest, nonce } = await issue(plain);
    const r = await refusal(verifyTimeStampResp(der, { digest, nonce, trustedRoots: plain.rootPem() }));
    expect(r.reason).toBe("certificate");
    expect(r.message).toContain("id-kp-timeStamping");
  });

  it("refuses a timeStamping extended key usage that is not critical, or not the only purpose", async () => {
    for (const signerEku of ["non-critical", "with-other-purpose"] as const) {
      const variant = authority({ signerEku });
      const { der, digest, nonce } = await issue(variant);
      const r = await refusal(verifyTimeStampResp(der, { digest, nonce, trustedRoots: variant.rootPem() }));
      expect(r.reason).toBe("certificate");
    }
  });

  it("refuses a chain to a root that is not trusted", async () => {
    const { der, digest, nonce } = await issue(tsa);
    const r = await refusal(verifyTimeStampResp(der, { digest, nonce, trustedRoots: authority().rootPem() }));
    expect(r.reason).toBe("chain");
    expect((await refusal(verifyTimeStampResp(der, { digest, nonce, trustedRoots: "" }))).reason).toBe("chain");
  });

  it("refuses a token issued outside its certificate's validity", async () => {
    const expired = createLocalAuthority(createAuthorityMaterial({ at: new Date("2000-01-01T00:00:00Z") }));
    const { der, digest, nonce } = await issue(expired);
    const r = await refusal(verifyTimeStampResp(der, { digest, nonce, trustedRoots: expired.rootPem() }));
    expect(r.reason).toBe("certificate");
  });

  it("refuses a rejection, naming the failure", async () => {
    const request = buildTimeStampReq(sha256("belge"), randomBytes(8));
    // Turn the imprint's algorithm (SHA-256, …04 02 01) into SHA-384 (…04 02 02): the TSA answers badAlg.
    const sha384 = Buffer.from(request);
    sha384[sha384.indexOf(Buffer.from("608648016503040201", "hex")) + 8] = 0x02;
    const der = await tsa.issue(sha384);
    const r = await refusal(verifyTimeStampResp(der, { digest: sha256("belge"), nonce: randomBytes(8), trustedRoots }));
    expect(r).toEqual({ reason: "status", message: "Zaman damgası sunucusu isteği reddetti (rejection: badAlg)." });
  });

  it("refuses what is not a TimeStampResp, and a token without certificates", async () => {
    const r = await refusal(verifyTimeStampResp(Buffer.from("<html>"), { digest: sha256("a"), nonce: randomBytes(8), trustedRoots }));
    expect(r.reason).toBe("malformed");
    const { der, digest, nonce } = await issue(tsa);
    expect((await refusal(verifyTimeStampResp(der.subarray(0, 200), { digest, nonce, trustedRoots }))).reason).toBe("malformed");
  });
});
