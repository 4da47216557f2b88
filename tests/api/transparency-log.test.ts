// The transparency log against the real server (decisions §20): the checkpoint is a C2SP signed note
// that the served key verifies, a signed consent's PDF carries the inclusion proof of its last
// record against such a checkpoint, proofs and consistency answer as RFC 9162 verifies them (checked
// with tests/api/log-helpers.ts, written from the RFC), the time-stamped checkpoint verifies with
// OpenSSL, the offline verifier accepts the sealed PDF and refuses a changed one, and the log keeps
// its key and its tree across a restart.
import { spawnSync } from "node:child_process";
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, eventually, run, setServerClock } from "./client";
import { consentBody, createConsent, createTestTemplate, eventsOf, type Consent } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { detach } from "./pdf-seal";
import { ownDatabase, startSeededServer, startServer, type RunningServer } from "./server";
import { verifyPdf } from "@/lib/verifier/verify-pdf";
import { verifyKanit } from "@/lib/verifier/verify-kanit";
import { parseVerifierKey } from "@/lib/transparency/note";
import { eOnamVerify, leafOf, noteVerifies, parseNote, rfcConsistency, rfcInclusion, withKanit } from "./log-helpers";

type Documented = Consent & { document: { sha256: string; pdf_url: string } };
interface KanitLog { checkpoint: string; leaf_index: number; inclusion: string[] }
interface Kanit { consent_id: string; events: { event: string; hash: string }[]; log: KanitLog }

const work = path.join(run.dataDir, `tlog-${randomBytes(3).toString("hex")}`);
fs.mkdirSync(work, { recursive: true });
const get = (p: string, base = run.url) => fetch(`${base}${p}`);
const b64s = (xs: string[]) => xs.map((x) => Buffer.from(x, "base64"));

let consent: Documented;
let pdfFile: string;
let pdf: Buffer;
let kanit: Kanit;
let vkey: string;
let keyFile: string;

beforeAll(async () => {
  const c = await createConsent(consentBody(await createTestTemplate()));
  const cookie = await verifiedSession(tokenOf(c), c.id);
  expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
  consent = (await call<Documented>("GET", `/v1/consents/${c.id}`)).body;
  pdf = Buffer.from(await (await fetch(consent.document.pdf_url)).arrayBuffer());
  pdfFile = path.join(work, `${c.id}.pdf`);
  fs.writeFileSync(pdfFile, pdf);
  kanit = JSON.parse(detach(pdfFile, path.join(work, "detached"))["kanit.json"]!.toString("utf8")) as Kanit;
  const key = await get("/log/key");
  expect(key.status).toBe(200);
  vkey = (await key.text()).trim();
  keyFile = path.join(work, "log.key");
  fs.writeFileSync(keyFile, `${vkey}\n`);
});

describe("GET /log/checkpoint and /log/key", () => {
  it("serves a C2SP checkpoint signed by the key that /log/key serves", async () => {
    expect(vkey).toMatch(/^127\.0\.0\.1:\d+\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    const res = await get("/log/checkpoint");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    const note = parseNote(text);
    expect(note.origin).toBe(vkey.split("+")[0]);
    expect(note.size).toBeGreaterThan(0);
    expect(note.root).toHaveLength(32);
    expect(text).toMatch(/^\S+\n\d+\n[A-Za-z0-9+/]{43}=\n\n— \S+ [A-Za-z0-9+/]{91}=\n$/);
    expect(noteVerifies(text, vkey)).toBe(true);
    expect(noteVerifies(text.replace(`\n${note.size}\n`, `\n${note.size + 1}\n`), vkey)).toBe(false);
    // a kept checkpoint is served by its size; none at a size never signed
    expect(await (await get(`/log/checkpoint?size=${note.size}`)).text()).toBe(text);
    expect((await get("/log/checkpoint?size=-1")).status).toBe(422);
  });
});

describe("kanit.json in the sealed PDF", () => {
  it("proves its last record, the imzalandi record served by …/events, in the embedded checkpoint's tree", async () => {
    const served = (await eventsOf(consent.id)).data.find((e) => e.event === "imzalandi")!;
    const last = kanit.events.at(-1)!;
    expect(last).toMatchObject({ event: "imzalandi", hash: served.hash });
    expect(Object.keys(kanit.log).sort()).toEqual(["checkpoint", "inclusion", "leaf_index"]);
    const cp = parseNote(kanit.log.checkpoint);
    expect(noteVerifies(kanit.log.checkpoint, vkey)).toBe(true);
    expect(rfcInclusion(kanit.log.leaf_index, cp.size, leafOf(last.hash), b64s(kanit.log.inclusion), cp.root)).toBe(true);
    // the service answers the same proof
    const proof = await get(`/log/proof?hash=${last.hash}&size=${cp.size}`);
    expect(proof.status).toBe(200);
    expect(await proof.json()).toEqual({ leaf_index: kanit.log.leaf_index, tree_size: cp.size, inclusion: kanit.log.inclusion });
  });

  it("every record of the consent is in the log, and the latest checkpoint is consistent with the embedded one", async () => {
    const now = parseNote(await (await get("/log/checkpoint")).text());
    const cp = parseNote(kanit.log.checkpoint);
    expect(now.size).toBeGreaterThanOrEqual(cp.size);
    const res = await get(`/log/consistency?first=${cp.size}&second=${now.size}`);
    expect(res.status).toBe(200);
    const { consistency } = (await res.json()) as { consistency: string[] };
    expect(rfcConsistency(cp.size, now.size, cp.root, now.root, b64s(consistency))).toBe(true);
    for (const e of kanit.events) {
      const p = (await (await get(`/log/proof?hash=${e.hash}&size=${now.size}`)).json()) as { leaf_index: number; inclusion: string[] };
      expect(rfcInclusion(p.leaf_index, now.size, leafOf(e.hash), b64s(p.inclusion), now.root)).toBe(true);
    }
  });
});

describe("GET /log/proof and /log/consistency refuse what they cannot answer", () => {
  it("404 for an unknown hash or a size beyond the tree, 422 for malformed input, as problem+json", async () => {
    const size = parseNote(await (await get("/log/checkpoint")).text()).size;
    const cases: [string, number, string][] = [
      [`/log/proof?hash=${"ab".repeat(32)}&size=${size}`, 404, "not_found"],
      [`/log/proof?hash=${kanit.events[0]!.hash}&size=${size + 10_000_000}`, 404, "not_found"],
      [`/log/proof?hash=xyz&size=1`, 422, "validation_failed"],
      [`/log/proof?hash=${kanit.events[0]!.hash}&size=${"9".repeat(5000)}`, 422, "validation_failed"],
      [`/log/proof?hash=${kanit.events[0]!.hash}`, 422, "validation_failed"],
      [`/log/consistency?first=2&second=${size + 10_000_000}`, 404, "not_found"],
      [`/log/consistency?first=5&second=2`, 422, "validation_failed"],
      [`/log/consistency?first=abc&second=2`, 422, "validation_failed"],
      [`/log/consistency`, 422, "validation_failed"],
    ];
    for (const [p, status, code] of cases) {
      const res = await get(p);
      expect(res.status, p).toBe(status);
      expect(res.headers.get("content-type"), p).toBe("application/problem+json");
      expect(((await res.json()) as { code: string }).code, p).toBe(code);
    }
  });
});

describe("GET /log/checkpoint.tsr", () => {
  it("is an RFC 3161 reply over the SHA-256 of the checkpoint it names, which OpenSSL verifies", async () => {
    const res = await get("/log/checkpoint.tsr");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/timestamp-reply");
    const size = Number(res.headers.get("log-checkpoint-size"));
    const tsrFile = path.join(work, "checkpoint.tsr");
    fs.writeFileSync(tsrFile, Buffer.from(await res.arrayBuffer()));
    const note = await (await get(`/log/checkpoint?size=${size}`)).text();
    const caFile = path.join(work, "tsa.pem");
    fs.writeFileSync(caFile, await (await get("/tsa/certificate.pem")).text());
    const digest = createHash("sha256").update(note).digest("hex");
    const reply = spawnSync("openssl", ["ts", "-verify", "-in", tsrFile, "-digest", digest, "-CAfile", caFile], { encoding: "utf8" });
    expect(reply.stdout + reply.stderr).toContain("Verification: OK");
    // at most one a minute: asked again at once, the same reply
    expect(Buffer.from(await (await get("/log/checkpoint.tsr")).arrayBuffer()).equals(fs.readFileSync(tsrFile))).toBe(true);
  });
});

describe("npx e-onam-verify", () => {
  it("accepts the sealed PDF with the log's key: every verdict holds, exit 0", () => {
    const r = eOnamVerify([pdfFile, "--key", vkey], { npx: true });
    // decisions §24 rule 5: every signature, with its role; the service's certificates pinned by the
    // trust statement kanit.json carries, which the log's key signs
    expect(r.out).toMatch(/✓ seal\s+e-Onam Yerel Test Mührü — valid, trusted, not qualified/);
    expect(r.out).toMatch(/✓ timestamp\s+e-Onam Yerel Test Zaman Damgası — valid, trusted/);
    // decisions §20: the document time-stamp over the whole file, DSS included (B-LTA)
    expect(r.out).toMatch(/✓ document-timestamp\s+e-Onam Yerel Test Zaman Damgası — valid, trusted/);
    expect(r.out).toMatch(/✓ trust statement: signed by \S+: 1 seal and 1 time-stamping certificate/);
    expect(r.out).toMatch(/✓ changes after the seal: 2 revision\(s\) adding only validation data/);
    expect(r.out).toContain(`✓ evidence chain: ${consent.id}`);
    expect(r.out).toContain(`✓ log inclusion: the last record is leaf ${kanit.log.leaf_index}`);
    expect(r.out).toContain("✓ checkpoint signature");
    expect(r.out).toContain("level: B-LTA");
    // decisions §25: where the status is looked up, and that it may have changed since signing
    expect(r.out).toMatch(new RegExp(`status: https?://\\S+/dogrula/${consent.id} — the consent may have been withdrawn or superseded since it was signed`));
    expect(r.out).not.toContain("✗");
    expect(r.out.trimEnd().split("\n").at(-1)).toBe("VALID");
    expect(r.status, r.out).toBe(0);
    // the key from a file, from another directory; without a key nothing is pinned: INVALID (1)
    expect(eOnamVerify([pdfFile, `--key=${keyFile}`], { cwd: work }).status).toBe(0);
    const nokey = eOnamVerify([pdfFile]);
    expect(nokey.out).toContain("! checkpoint signature: not checked");
    expect(nokey.out).toMatch(/INVALID: seal "Signature1": e-Onam Yerel Test Mührü is not trusted/);
    expect(nokey.status).toBe(1);
  });

  it("refuses a changed byte, a removed or altered record, another log's key", async () => {
    // One through the bin for its exit status; the rest in-process (the same verifyPdf), as each
    // bin start costs seconds of TypeScript loading on a busy CI machine.
    const flipped = Buffer.from(pdf);
    flipped[Math.floor(pdf.length / 3)]! ^= 0x01;
    fs.writeFileSync(path.join(work, "flipped.pdf"), flipped);
    const a = eOnamVerify([path.join(work, "flipped.pdf"), "--key", vkey]);
    expect(a.status).toBe(1);
    expect(a.out).toMatch(/✗ (seal|document-timestamp|PDF structure)/);
    expect(a.out).toContain("INVALID: ");

    const failing = async (bytes: Buffer, key = vkey) => verifyPdf(bytes, { key: parseVerifierKey(key) }).checks.filter((v) => v.outcome !== "ok").map((v) => `${v.check}: ${v.detail}`);
    // kanit.json rewritten by a tool that rewrites the file: the seal no longer frames a revision
    const removed = await failing(await withKanit(pdf, (k) => ({ ...k, events: (k.events as unknown[]).slice(0, -1) })));
    expect(removed).toEqual([expect.stringMatching(/^PDF structure: the file cannot be read as a signed PDF: the \/ByteRange of signature "Signature1" does not /)]);
    // and the records themselves, as the verifier checks kanit.json
    const kanitFailing = (change: (k: Kanit) => unknown) =>
      verifyKanit(change(structuredClone(kanit)) as never, parseVerifierKey(vkey)).filter((v) => v.outcome !== "ok").map((v) => `${v.check}: ${v.detail}`);
    expect(kanitFailing((k) => ({ ...k, events: k.events.slice(0, -1) }))).toContainEqual(expect.stringMatching(/^log inclusion: /));
    expect(kanitFailing((k) => ({ ...k, events: k.events.map((e, i) => (i === 0 ? { ...e, ip: "198.51.100.7" } : e)) }))).toContain("evidence chain: record 1 does not recompute (seq, prev_hash or hash)");
    expect(kanitFailing((k) => ({ ...k, log: { ...k.log, leaf_index: k.log.leaf_index + 1 } }))).toContainEqual(expect.stringMatching(/^log inclusion: /));

    // a key of another log with the same name
    const pub = generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "der" }).subarray(12);
    const name = vkey.split("+")[0]!;
    const id = createHash("sha256").update(`${name}\n`).update(Buffer.of(1)).update(pub).digest().subarray(0, 4).toString("hex");
    // it signed neither the checkpoint nor the trust statement, so nothing of the service's is pinned either
    const otherKey = await failing(pdf, `${name}+${id}+${Buffer.concat([Buffer.of(1), pub]).toString("base64")}`);
    expect(otherKey[0]).toBe("trust statement: the trust statement is not signed by the given key");
    expect(otherKey).toContain("checkpoint signature: no valid signature by this key");
    expect(await failing(pdf)).toEqual([]);
  });
});

describe("across a restart", () => {
  const dataDir = path.join(work, "restart");
  const own = ownDatabase(dataDir, "tlog");
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await own.drop();
  });

  it("keeps its key and a tree whose checkpoints before and after are consistent", async () => {
    const env: Record<string, string> = { ...run.env, ...own.env, RUNNER_INTERVAL: "1h" };
    let key: { id: string; secret: string };
    ({ server, key } = await startSeededServer(env, path.join(dataDir, "server.log")));
    const create = () => call("POST", "/v1/consents", { key, baseUrl: server!.url, body: { ...consentBody("genel-tibbi-mudahale"), sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" } } });
    expect((await create()).status).toBe(201);
    // A minute later (the clock of the test build), the grown tree is signed. Under CI's load a read
    // has once answered the empty tree's checkpoint, kept for a minute: read until one covers the
    // records, a minute later each time.
    let minutes = 0;
    const checkpointOf = (url: string, atLeast: number) =>
      eventually(async () => {
        minutes += 2;
        await setServerClock(minutes * 60_000, url, env.APP_SECRET!);
        const note = await (await get("/log/checkpoint", url)).text();
        return parseNote(note).size >= atLeast ? note : null;
      }, 30_000);
    const before = await checkpointOf(server.url, 1);
    const vkeyBefore = await (await get("/log/key", server.url)).text();
    await server.stop();
    server = await startServer(env, path.join(dataDir, "server.log"));
    for (let i = 0; i < 3; i++) expect((await create()).status).toBe(201);
    const after = await checkpointOf(server.url, parseNote(before).size + 3);
    expect(await (await get("/log/key", server.url)).text()).toBe(vkeyBefore);
    const [a, b] = [parseNote(before), parseNote(after)];
    expect(b.size).toBeGreaterThanOrEqual(a.size + 3);
    expect(noteVerifies(after, vkeyBefore.trim())).toBe(true);
    const res = await get(`/log/consistency?first=${a.size}&second=${b.size}`, server.url);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(rfcConsistency(a.size, b.size, a.root, b.root, b64s((JSON.parse(text) as { consistency: string[] }).consistency))).toBe(true);
  });
});
