// Sealed documents (decisions §14) checked with the tools of their readers: pdfsig says the seal is
// valid and, with the seal's root trusted, trusted; the embedded timestamp and the document time-stamp
// (B-LTA, decisions §20) verify with OpenSSL; pdfdetach extracts the evidence whose chain recomputes;
// one changed byte breaks the seal and the document time-stamp.
import { createHash, randomBytes } from "node:crypto";
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashRecord, type EvidenceRecord } from "@/lib/evidence/chain";
import { call, run } from "./client";
import { consentBody, createConsent, createTestTemplate, eventsOf, type Consent } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { makeP12 } from "@/tests/fixtures/seal-p12";
import { pemCertificates } from "@/lib/timestamping/pem";
import { ownDatabase, startSeededServer, type RunningServer } from "./server";
import { detach, DOC_TIMESTAMP_IN_PDFSIG, docTimestampOf, opensslTsVerify, opensslTsVerifyData, pdfsig, pdfsigEntries, signatureOf, signatureTimestamp, trustStore } from "./pdf-seal";
import { verifyPdf } from "@/lib/verifier/verify-pdf";
import { createTestPki, type TestPki } from "@/tests/pki";
import { softHsmToken } from "@/tests/softhsm";

type Documented = Consent & { document: { sha256: string; pdf_url: string; evidence_url: string } | null; timestamp: { status: string } };

const work = path.join(run.dataDir, `seal-${randomBytes(3).toString("hex")}`);
fs.mkdirSync(work, { recursive: true });

async function signedConsent(kod: string): Promise<Documented> {
  const c = await createConsent(consentBody(kod));
  const cookie = await verifiedSession(tokenOf(c), c.id);
  expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
  const r = await call<Documented>("GET", `/v1/consents/${c.id}`);
  expect(r.body.document?.sha256).toMatch(/^[0-9a-f]{64}$/);
  return r.body;
}

async function download(url: string, name: string): Promise<{ bytes: Buffer; file: string }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = path.join(work, name);
  fs.writeFileSync(file, bytes);
  return { bytes, file };
}

describe("the sealed consent document", () => {
  let consent: Documented;
  let pdf: { bytes: Buffer; file: string };
  let sealChain: string;
  let nss: string;

  beforeAll(async () => {
    consent = await signedConsent(await createTestTemplate());
    pdf = await download(consent.document!.pdf_url, `${consent.id}.pdf`);
    const pem = await fetch(`${run.url}/seal/certificate.pem`);
    expect(pem.status).toBe(200);
    expect(pem.headers.get("content-type")).toBe("application/x-pem-file");
    sealChain = await pem.text();
    nss = trustStore(path.join(work, "nss"), sealChain);
  });

  it("is the file whose digest is document.sha256", () => {
    expect(createHash("sha256").update(pdf.bytes).digest("hex")).toBe(consent.document!.sha256);
  });

  it("carries a PAdES signature that pdfsig reports valid, and trusted once the seal's root is, then a document time-stamp (B-LTA)", () => {
    const plain = pdfsig(pdf.file);
    const [seal, stamp] = pdfsigEntries(plain);
    expect(pdfsigEntries(plain)).toHaveLength(2);
    expect(seal).toContain("Signature Type: ETSI.CAdES.detached");
    expect(seal).toContain("Signing Hash Algorithm: SHA-256");
    expect(seal).toContain("Signer Certificate Common Name: e-Onam Yerel Test Mührü");
    expect(seal).toContain("Signature Validation: Signature is Valid.");
    expect(plain).not.toContain("Certificate is Trusted");
    expect(pdfsigEntries(pdfsig(pdf.file, nss))[0]).toContain("Certificate Validation: Certificate is Trusted.");
    // decisions §20: the second covers the whole file; poppler 22.12 (Debian 12) does not know the
    // ETSI.RFC3161 sub-filter and leaves it unchecked, a later one names and checks it. OpenSSL
    // checks it in the next test either way.
    expect(stamp).toContain("Signer Certificate Common Name: e-Onam Yerel Test Zaman Damgası");
    expect(stamp).toContain("Total document signed");
    expect(stamp).toMatch(DOC_TIMESTAMP_IN_PDFSIG);
  });

  it("carries a document time-stamp that OpenSSL verifies over every byte but its own /Contents", async () => {
    const stamp = docTimestampOf(pdf.bytes);
    expect(stamp.range[0]).toBe(0);
    expect(stamp.range[2]! + stamp.range[3]!).toBe(pdf.bytes.length);
    const files = { token: path.join(work, "doc-ts.der"), data: path.join(work, "doc-ts.data"), ca: path.join(work, "tsa-lta.pem") };
    fs.writeFileSync(files.token, stamp.cms);
    fs.writeFileSync(files.data, stamp.covered);
    fs.writeFileSync(files.ca, await (await fetch(`${run.url}/tsa/certificate.pem`)).text());
    const v = opensslTsVerifyData(files.token, files.data, files.ca);
    expect(v.stdout + v.stderr).toContain("Verification: OK");
    fs.writeFileSync(files.data, Buffer.concat([stamp.covered.subarray(1), Buffer.from("%")]));
    expect(opensslTsVerifyData(files.token, files.data, files.ca).status).not.toBe(0);
  });

  it("embeds a signature-time-stamp that OpenSSL verifies against the TSA's chain", async () => {
    const { cms } = signatureOf(pdf.bytes, 0);
    const stamp = signatureTimestamp(cms);
    expect(stamp).not.toBeNull();
    const tokenFile = path.join(work, "signature-timestamp.der");
    fs.writeFileSync(tokenFile, stamp!.token);
    const caFile = path.join(work, "tsa.pem");
    fs.writeFileSync(caFile, await (await fetch(`${run.url}/tsa/certificate.pem`)).text());
    const v = opensslTsVerify(tokenFile, stamp!.digest, caFile);
    expect(v.stdout + v.stderr).toContain("Verification: OK");
    // The token covers this signature and no other.
    const other = opensslTsVerify(tokenFile, "0".repeat(64), caFile);
    expect(other.status).not.toBe(0);
  });

  it("is PDF/A-3b with every font embedded, and its Document Security Store holds the chains and the CRL", () => {
    const meta = execFileSync("pdfinfo", ["-meta", pdf.file], { encoding: "utf8" });
    expect(meta).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(meta).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    expect(execFileSync("pdfinfo", [pdf.file], { encoding: "utf8" })).toMatch(/PDF version:\s+1\.7/);
    const fonts = execFileSync("pdffonts", [pdf.file], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line.split(/\s+/).at(-5), line).toBe("yes");
    const text = pdf.bytes.toString("latin1");
    expect(text).toMatch(/\/OutputIntents\s*\[\s*<<[^]*?\/S \/GTS_PDFA1/);
    expect(text).toMatch(/\/DSS\s+\d+ 0 R|\/DSS\s*<</);
    expect(text).toMatch(/\/CRLs\s*\[/);
  });

  it("carries the evidence up to the signature as kanit.json, whose chain recomputes to the served imzalandi record", async () => {
    const files = detach(pdf.file, path.join(work, "detached"));
    expect(Object.keys(files)).toEqual(["kanit.json"]);
    const kanit = JSON.parse(files["kanit.json"]!.toString("utf8")) as { consent_id: string; events: EvidenceRecord[] };
    expect(kanit.consent_id).toBe(consent.id);
    expect(kanit.events.at(-1)!.event).toBe("imzalandi");
    let prev: string | null = null;
    kanit.events.forEach((r, i) => {
      expect(r.seq).toBe(i + 1);
      expect(r.prev_hash).toBe(prev);
      const { hash, ...rest } = r;
      expect(hashRecord(rest)).toBe(hash);
      prev = hash;
    });
    const served = (await eventsOf(consent.id)).data.find((e) => e.event === "imzalandi")!;
    expect(kanit.events.at(-1)!.hash).toBe(served.hash);
    expect(kanit.events.at(-1)).toEqual(served);
    const made = (await eventsOf(consent.id)).data.find((e) => e.event === "belge_olusturuldu")!;
    expect(made.data).toEqual({ sha256: consent.document!.sha256 });
  });

  it("is reported invalid by pdfsig when one byte inside the signed range changes", () => {
    const { range } = signatureOf(pdf.bytes, 0);
    const tampered = Buffer.from(pdf.bytes);
    const at = tampered.indexOf("<pdf:Producer>e-Onam", 0, "latin1") + "<pdf:Producer>".length;
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(range[1]!);
    tampered[at] = "E".charCodeAt(0);
    const file = path.join(work, "tampered.pdf");
    fs.writeFileSync(file, tampered);
    const out = pdfsig(file, nss);
    expect(out).not.toContain("Signature is Valid");
    expect(out).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
    // The document time-stamp covers that byte too.
    const stamp = docTimestampOf(tampered);
    const files = { token: path.join(work, "tampered-ts.der"), data: path.join(work, "tampered-ts.data"), ca: path.join(work, "tsa-lta.pem") };
    fs.writeFileSync(files.token, stamp.cms);
    fs.writeFileSync(files.data, stamp.covered);
    expect(opensslTsVerifyData(files.token, files.data, files.ca).status).not.toBe(0);
  });

  it("is reported by the offline verifier as broken when one byte after the seal (the DSS revision) changes", () => {
    const { range } = signatureOf(pdf.bytes, 0);
    const tampered = Buffer.from(pdf.bytes);
    const at = tampered.indexOf("/Type /DSS", range[2]! + range[3]!, "latin1");
    expect(at).toBeGreaterThan(range[2]! + range[3]!);
    tampered[at + "/Type /D".length] = "X".charCodeAt(0);
    const broken = verifyPdf(tampered).signatures.filter((s) => !s.valid);
    expect(broken).toEqual([expect.objectContaining({ role: "document-timestamp", problem: "the token's imprint does not match what it should cover" })]);
  });

  it("reports the seal in /v1/me, /v1/verify and the public verify endpoint", async () => {
    const me = await call<{ sealing: Record<string, unknown> }>("GET", "/v1/me");
    expect(me.body.sealing).toEqual({
      driver: "local",
      subject: "CN=e-Onam Yerel Test Mührü, O=e-Onam, C=TR",
      legally_valid: false,
      warning: expect.stringContaining("yasal geçerliliği yoktur"),
    });
    const body = { id: consent.id, sha256: consent.document!.sha256 };
    const verified = await call<{ match: boolean; seal: unknown }>("POST", "/v1/verify", { body });
    expect(verified.body).toMatchObject({ match: true, seal: { valid: true, signer: "e-Onam Yerel Test Mührü", level: "B-LTA" } });
    const pub = await fetch(`${run.url}/api/public/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(((await pub.json()) as { seal: unknown }).seal).toEqual({ valid: true, signer: "e-Onam Yerel Test Mührü", level: "B-LTA" });
    // A consent without a document has no seal to report.
    const unsigned = await createConsent(consentBody(consent.template.code));
    const none = await call<{ seal: unknown }>("POST", "/v1/verify", { body: { id: unsigned.id, sha256: "0".repeat(64) } });
    expect(none.body.seal).toEqual({ valid: false, signer: null, level: null });
  });

  it("seals the evidence report the same way", async () => {
    const report = await download(consent.document!.evidence_url, `${consent.id}-kanit.pdf`);
    const out = pdfsig(report.file, nss);
    expect(pdfsigEntries(out)).toHaveLength(2);
    expect(pdfsigEntries(out)[0]).toContain("Signature is Valid");
    expect(pdfsigEntries(out)[0]).toContain("Certificate is Trusted");
    expect(pdfsigEntries(out)[1]).toMatch(DOC_TIMESTAMP_IN_PDFSIG);
    expect(execFileSync("pdfinfo", ["-meta", report.file], { encoding: "utf8" })).toContain("<pdfaid:part>3</pdfaid:part>");
  });

  it("keeps the evidence report while the chain has not grown, and renders one per tenant at a time", async () => {
    // Asked for again, the same report: not rendered, sealed and time-stamped anew for every request.
    const first = await download(consent.document!.evidence_url, `${consent.id}-kanit-1.pdf`);
    const again = await download(consent.document!.evidence_url, `${consent.id}-kanit-2.pdf`);
    expect(again.bytes.equals(first.bytes)).toBe(true);

    // Two reports of one tenant asked for at once: one is rendered, the other told when to ask again.
    const [a, b] = [await signedConsent(consent.template.code), await signedConsent(consent.template.code)];
    const answers = await Promise.all([a, b].map((c) => fetch(c.document!.evidence_url)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429]);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: "rate_limited", reason: "evidence_report_busy" });
    for (const c of [a, b]) expect((await fetch(c.document!.evidence_url)).status).toBe(200);

    // Once the chain grows (the consent is withdrawn), the report is made anew.
    expect((await call("POST", `/v1/consents/${consent.id}/withdraw`, { body: { reason: "Rapor sınaması" } })).status).toBe(200);
    const after = await download(consent.document!.evidence_url, `${consent.id}-kanit-3.pdf`);
    expect(after.bytes.equals(first.bytes)).toBe(false);
  });
});

/** A consent signed on a server of its own (the demo tenant's template), as the person signs it. */
async function signedOn(server: RunningServer, key: { id: string; secret: string }, dataDir: string): Promise<Documented> {
  const opts = { key, baseUrl: server.url };
  const created = await call<Consent>("POST", "/v1/consents", { ...opts, body: { ...consentBody("genel-tibbi-mudahale"), degiskenler: { girisim_tarihi: "2026-12-01" } } });
  expect(created.status, created.text).toBe(201);
  const token = tokenOf(created.body);
  const cookie = await verifiedSession(token, created.body.id, { url: server.url, dataDir });
  expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, server.url)).status).toBe(200);
  return (await call<Documented>("GET", `/v1/consents/${created.body.id}`, opts)).body;
}

describe("SEAL_DRIVER=p12: an e-seal made with openssl pkcs12", () => {
  const dataDir = path.join(work, "p12");
  const own = ownDatabase(dataDir, "p12");
  const p12 = makeP12(path.join(dataDir, "seal"), { keyType: "rsa", commonName: "Test Klinik A.Ş. e-Mühür" });
  let server: RunningServer | undefined;
  let key: { id: string; secret: string };

  beforeAll(async () => {
    ({ server, key } = await startSeededServer(
      { ...run.env, ...own.env, SEAL_DRIVER: "p12", SEAL_P12_FILE: p12.file, SEAL_P12_PASSWORD: p12.password },
      path.join(dataDir, "server.log"),
    ));
  });

  afterAll(async () => {
    await server?.stop();
    await own.drop();
  }, 60_000);

  it("seals every document with it, and pdfsig trusts it once the provider's root is trusted", async () => {
    const opts = { key, baseUrl: server!.url };
    const me = await call<{ sealing: unknown }>("GET", "/v1/me", opts);
    expect(me.body.sealing).toEqual({ driver: "p12", subject: "CN=Test Klinik A.Ş. e-Mühür, O=Test Klinik A.Ş., C=TR", legally_valid: true, warning: null });
    const chain = await (await fetch(`${server!.url}/seal/certificate.pem`)).text();
    expect(pemCertificates(chain)).toHaveLength(2);
    expect(pemCertificates(chain)[1]).toEqual(pemCertificates(p12.caPem)[0]);

    const c = await signedOn(server!, key, dataDir);
    const pdf = await download(c.document!.pdf_url, "p12-sealed.pdf");
    const out = pdfsig(pdf.file, trustStore(path.join(dataDir, "nss"), p12.caPem));
    expect(out).toContain("Signer Certificate Common Name: Test Klinik A.Ş. e-Mühür");
    expect(out).toContain("Signature Type: ETSI.CAdES.detached");
    expect(out).toContain("Signature Validation: Signature is Valid.");
    expect(out).toContain("Certificate Validation: Certificate is Trusted.");
    const verdict = await call<{ match: boolean; seal: unknown }>("POST", "/v1/verify", { ...opts, body: { id: c.id, sha256: c.document!.sha256 } });
    // decisions §24: the level is what the file holds; this provider's certificates name no OCSP
    // responder or CRL, so the DSS has no revocation data for the seal's chain: B-T, not B-LT(A).
    expect(verdict.body).toMatchObject({ match: true, seal: { valid: true, signer: "Test Klinik A.Ş. e-Mühür", level: "B-T" } });
  });
  // A p12 that cannot be opened is refused at start: lib/start-server.test.ts.
});

describe("SEAL_DRIVER=pkcs11: an RSA-4096 e-seal on a token (SoftHSM2), four certificates long, with a TSA of its own chain and OCSP (decisions §24)", () => {
  const dataDir = path.join(work, "pkcs11");
  const own = ownDatabase(dataDir, "pkcs11");
  let pki: TestPki;
  let tsa: { url: string; close(): Promise<void> };
  let server: RunningServer | undefined;
  let key: { id: string; secret: string };

  beforeAll(async () => {
    pki = await createTestPki({ intermediates: 2, dir: path.join(dataDir, "pki") });
    await pki.start();
    tsa = await httpTsa(pki);
    const token = softHsmToken(path.join(dataDir, "hsm"), pki.seal.keyFile, pki.seal.chain);
    ({ server, key } = await startSeededServer(
      { ...run.env, ...own.env, ...token.env, TSA_DRIVER: "rfc3161", TSA_URL: tsa.url, TSA_CA_FILE: pki.rootFile },
      path.join(dataDir, "server.log"),
    ));
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await tsa?.close();
    await pki?.stop();
    await own.drop();
  }, 60_000);

  it("seals every document with it at B-LTA, the DSS holding the OCSP responses a validator needs, and pdfsig trusts it once the provider's root is trusted", async () => {
    const opts = { key, baseUrl: server!.url };
    const me = await call<{ sealing: unknown }>("GET", "/v1/me", opts);
    expect(me.body.sealing).toEqual({ driver: "pkcs11", subject: "CN=Test Klinik A.Ş. e-Mühür, O=Test Klinik A.Ş., C=TR", legally_valid: true, warning: null });
    expect(pemCertificates(await (await fetch(`${server!.url}/seal/certificate.pem`)).text())).toEqual(pki.seal.chain);

    const c = await signedOn(server!, key, dataDir);
    const pdf = await download(c.document!.pdf_url, "pkcs11-sealed.pdf");
    const out = pdfsigEntries(pdfsig(pdf.file, trustStore(path.join(dataDir, "nss"), pki.root.pem)));
    expect(out).toHaveLength(2);
    expect(out[0]).toContain("Signer Certificate Common Name: Test Klinik A.Ş. e-Mühür");
    expect(out[0]).toContain("Signature Validation: Signature is Valid.");
    expect(out[0]).toContain("Certificate Validation: Certificate is Trusted.");
    expect(out[1]).toContain("Signer Certificate Common Name: Test ESHS Zaman Damgası");

    // The DSS after the seal: an OCSP response for the seal's and the TSA's certificates, made after the signature.
    const text = pdf.bytes.toString("latin1");
    expect(text).toMatch(/\/OCSPs\s*\[\s*\d+ 0 R\s+\d+ 0 R\s*\]/);
    expect(text).toMatch(/\/VRI\s*<<\s*\/[0-9A-F]{40}\s*<</);
    const verdict = await call<{ match: boolean; seal: unknown }>("POST", "/v1/verify", { ...opts, body: { id: c.id, sha256: c.document!.sha256 } });
    expect(verdict.body).toMatchObject({ match: true, seal: { valid: true, signer: "Test Klinik A.Ş. e-Mühür", level: "B-LTA" } });
  });
});

/** The test PKI's TSA over HTTP (RFC 3161 §3.4): each query answered by `openssl ts -reply`, its nonce kept. */
async function httpTsa(pki: TestPki): Promise<{ url: string; close(): Promise<void> }> {
  const config = path.join(pki.dir, "tsa", "tsa.cnf");
  let n = 0;
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const query = path.join(pki.dir, `http-${++n}.tsq`);
      fs.writeFileSync(query, Buffer.concat(chunks));
      execFile("openssl", ["ts", "-reply", "-config", config, "-queryfile", query, "-out", `${query}.tsr`], (err) => {
        if (err) return void res.writeHead(500).end();
        res.writeHead(200, { "Content-Type": "application/timestamp-reply" }).end(fs.readFileSync(`${query}.tsr`));
      });
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", () => resolve()));
  return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`, close: () => new Promise<void>((r) => srv.close(() => r())) };
}
