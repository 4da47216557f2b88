// Unit tests of the built-in TSA: its answers to odd requests, and storing its keys once across processes.
import { createHash, randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import { AlgorithmIdentifier, MessageImprint, TimeStampReq, TimeStampResp } from "pkijs";
import { describe, expect, it } from "vitest";
import { keyRing } from "@/lib/encryption";
import { createAuthorityMaterial } from "@/lib/timestamping/authority-material";
import { LOCAL_TSA_POLICY } from "@/lib/timestamping/issue-timestamp";
import { loadOrCreateAuthorityMaterial, SECRET_NAMES, type SecretStore } from "@/lib/timestamping/load-authority-material";
import { createLocalAuthority } from "@/lib/timestamping/local-authority";
import { derSource, OID } from "@/lib/timestamping/tsa-asn1";
import { TimestampError } from "@/lib/timestamping/tsa-types";
import { verifyTimeStampResp } from "@/lib/timestamping/verify-response";

const tsa = createLocalAuthority(createAuthorityMaterial());
const digest = createHash("sha256").update("belge").digest();

function request(fields: { algorithm?: string; hash?: Buffer; policy?: string; certReq?: boolean; nonce?: Buffer }): Buffer {
  const req = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({
      hashAlgorithm: new AlgorithmIdentifier({ algorithmId: fields.algorithm ?? OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: fields.hash ?? digest }),
    }),
    ...(fields.policy ? { reqPolicy: fields.policy } : {}),
    ...(fields.nonce ? { nonce: new asn1js.Integer({ valueHex: fields.nonce }) } : {}),
    certReq: fields.certReq ?? true,
  });
  return Buffer.from(req.toSchema().toBER());
}

async function status(der: Buffer): Promise<{ status: number; failBits: string }> {
  const resp = TimeStampResp.fromBER(derSource(der));
  return { status: resp.status.status, failBits: Buffer.from(resp.status.failInfo?.valueBlock.valueHexView ?? []).toString("hex") };
}

describe("local authority: issue()", () => {
  it("rejects what is not a TimeStampReq with badDataFormat instead of throwing", async () => {
    for (const body of [Buffer.alloc(0), Buffer.from("hello"), Buffer.from("3003020101", "hex")]) {
      expect(await status(await tsa.issue(body))).toEqual({ status: 2, failBits: "04" });
    }
  });

  it("rejects an imprint that is not SHA-256 with badAlg, and a short one with badDataFormat", async () => {
    const sha1 = request({ algorithm: OID.sha1, hash: randomBytes(20) });
    expect(await status(await tsa.issue(sha1))).toEqual({ status: 2, failBits: "80" });
    expect(await status(await tsa.issue(request({ hash: randomBytes(20) })))).toEqual({ status: 2, failBits: "04" });
  });

  it("honours its own policy and rejects another with unacceptedPolicy", async () => {
    expect((await status(await tsa.issue(request({ policy: LOCAL_TSA_POLICY })))).status).toBe(0);
    expect(await status(await tsa.issue(request({ policy: "1.2.3.4" })))).toEqual({ status: 2, failBits: "0001" });
  });

  it("leaves the certificates out when certReq is false, as RFC 3161 requires", async () => {
    const nonce = randomBytes(8);
    const der = await tsa.issue(request({ certReq: false, nonce }));
    const err = await verifyTimeStampResp(der, { digest, nonce, trustedRoots: tsa.rootPem() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimestampError);
    expect((err as TimestampError).reason).toBe("certificate");
  });

  it("omits the nonce when the request had none", async () => {
    const der = await tsa.issue(request({}));
    const err = await verifyTimeStampResp(der, { digest, nonce: randomBytes(8), trustedRoots: tsa.rootPem() }).catch((e: unknown) => e);
    expect((err as TimestampError).reason).toBe("nonce");
  });
});

/** ServiceSecret in memory, with the unique names of the real table; reads yield so that callers interleave. */
function memoryStore(): SecretStore & { rows: Map<string, string> } {
  const rows = new Map<string, string>();
  return {
    rows,
    async read(names) {
      await new Promise((r) => setTimeout(r, 5));
      return new Map(names.flatMap((n) => (rows.has(n) ? [[n, rows.get(n)!] as const] : [])));
    },
    async insertAll(newRows) {
      if (newRows.some((r) => rows.has(r.name))) return "conflict";
      for (const r of newRows) rows.set(r.name, r.value);
      return "inserted";
    },
  };
}

describe("local authority: stored material", () => {
  const keys = keyRing(randomBytes(32).toString("base64"));

  it("creates the material once, even when two processes start together", async () => {
    const store = memoryStore();
    const [a, b] = await Promise.all([loadOrCreateAuthorityMaterial(store, keys), loadOrCreateAuthorityMaterial(store, keys)]);
    expect(a.signerCertDer.equals(b.signerCertDer)).toBe(true);
    expect(a.rootCertDer.equals(b.rootCertDer)).toBe(true);
    const again = await loadOrCreateAuthorityMaterial(store, keys);
    expect(again.rootCertDer.equals(a.rootCertDer)).toBe(true);

    // The loser signs with the winner's keys: its tokens verify against the stored root.
    const stored = createLocalAuthority(again);
    expect(stored.rootPem()).toBe(store.rows.get(SECRET_NAMES.rootCert));
    const loser = createLocalAuthority(b);
    const nonce = randomBytes(8);
    const der = await loser.issue(request({ nonce }));
    await expect(verifyTimeStampResp(der, { digest, nonce, trustedRoots: stored.rootPem() })).resolves.toBeTruthy();
  });

  it("stores private keys encrypted", async () => {
    const store = memoryStore();
    await loadOrCreateAuthorityMaterial(store, keys);
    expect(store.rows.size).toBe(4);
    for (const name of [SECRET_NAMES.rootKey, SECRET_NAMES.signerKey]) {
      expect(store.rows.get(name)).toMatch(/^v1:/);
      expect(store.rows.get(name)).not.toContain("PRIVATE KEY");
    }
    expect(store.rows.get(SECRET_NAMES.signerCert)).toContain("-----BEGIN CERTIFICATE-----");
  });

  it("refuses to paper over half-stored material", async () => {
    const store = memoryStore();
    await loadOrCreateAuthorityMaterial(store, keys);
    store.rows.delete(SECRET_NAMES.signerKey);
    await expect(loadOrCreateAuthorityMaterial(store, keys)).rejects.toThrow(/only part/);
  });
});
