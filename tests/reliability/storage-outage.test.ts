// The object storage goes away (FILE_STORAGE=s3, the bucket's server not answering): a patient who
// signs is told that they signed — the signature is recorded before the document is stored — and
// the document is produced by the background work once the bucket answers again; a download while
// it is gone answers 503 with Retry-After, not 500.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../api/client";
import type { Consent } from "../api/consent-helpers";
import { freePort } from "../api/server";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";
import { demoConsent, ownServer, type OwnServer } from "./harness";

const BUCKET = "eonam-outage";
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-outage-"));
let port: number;
let bucket: S3rver | null = null;
let own: OwnServer;

async function bucketUp(): Promise<void> {
  bucket = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await bucket.run();
}
async function bucketDown(): Promise<void> {
  await bucket?.close();
  bucket = null;
}

beforeAll(async () => {
  port = await freePort();
  own = await ownServer("storage-outage", {
    FILE_STORAGE: "s3",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1",
  });
});

afterAll(async () => {
  await own?.close();
  await bucketDown();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("object storage that goes away", () => {
  it("a signature made while the bucket does not answer is kept, and its document produced once it does", async () => {
    const created = await own.api<Consent>("POST", "/v1/consents", demoConsent());
    expect(created.status, created.text).toBe(201);
    const c = created.body;
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id, { url: own.server.url, dataDir: own.dataDir });

    const signed = await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, own.server.url, { waitForDocument: false });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({ status: "completed" });
    // The read waits for the document a while (lib/consents/await-document.ts), then answers without it.
    const read = await own.api<Consent>("GET", `/v1/consents/${c.id}`);
    expect(read.body).toMatchObject({ status: "completed", document: null });
    // The completion, started by the signature's job event after the answer (or by the runner's round,
    // should that come first), failed at the document step; the round takes it on. A first document's
    // render takes tens of seconds on a loaded host before the store is tried.
    const failed = (line: string) => line.includes('"advance-completions"') && /job event not handled now|background job failed/.test(line);
    await eventually(async () => fs.readFileSync(own.server.logFile, "utf8").split("\n").some(failed), 90_000);
    // The person's own copy from the page is not there yet either: 503, to be asked for again later.
    const ownCopy = () => fetch(`${own.server.url}/s/${token}/document`, { headers: { Cookie: cookie } });
    const notYet = await ownCopy();
    expect(notYet.status).toBe(503);
    expect(notYet.headers.get("retry-after")).toBe("30");
    expect(await notYet.json()).toMatchObject({ code: "service_unavailable" });

    await bucketUp();
    // The runner's round finds the completed consent without a document once the outage's retry is due.
    const pdfUrl = await eventually(async () => {
      const r = await own.api<{ document: { pdf_url: string } | null }>("GET", `/v1/consents/${c.id}`);
      return r.body.document?.pdf_url;
    }, 90_000);
    const pdf = await fetch(pdfUrl);
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const copy = await ownCopy();
    expect(copy.status).toBe(200);
    expect(Buffer.from(await copy.arrayBuffer()).equals(bytes)).toBe(true);

    // A download while the bucket is gone again: 503 with Retry-After, not 500.
    await bucketDown();
    const gone = await fetch(pdfUrl);
    expect(gone.status).toBe(503);
    expect(gone.headers.get("retry-after")).toBe("5");
    expect(gone.headers.get("content-type")).toBe("application/problem+json");
    const copyGone = await ownCopy();
    expect(copyGone.status).toBe(503);
    expect(copyGone.headers.get("retry-after")).toBe("5");
  }, 150_000);
});
