// decisions §22 with FILE_STORAGE=s3 (decisions §16): a recording is kept in the bucket like a
// document, encrypted before upload, served back whole and by Range to the API and to the signing
// page, its object replaced and removed with it. A server of its own on s3rver (an S3-protocol server
// in Node).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, run } from "./client";
import { testPhone, type Consent } from "./consent-helpers";
import { ownDatabase, startSeededServer, type RunningServer } from "./server";
import { tokenOf, verifiedSession } from "./signing-helpers";
import { audioCall, signingAudio } from "./read-aloud-helpers";
import { silentMp3 } from "@/tests/fixtures/audio";

const BUCKET = "eonam-audio";
const dataDir = path.join(run.dataDir, "read-aloud-s3");
const own = ownDatabase(dataDir, "audio_s3");
const bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-audio-"));
let s3: S3rver;
let s3Url: string;
let server: RunningServer;
let key: { id: string; secret: string };

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: bucketDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  s3Url = `http://127.0.0.1:${(await s3.run()).port}`;
  const env: Record<string, string> = {
    ...run.env,
    ...own.env,
    FILE_STORAGE: "s3",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3Url,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1",
  };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  ({ server, key } = await startSeededServer(env, path.join(dataDir, "server.log")));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await own.drop();
  await s3?.close();
  fs.rmSync(bucketDir, { recursive: true, force: true });
});

async function objects(): Promise<string[]> {
  const listing = await (await fetch(`${s3Url}/${BUCKET}?list-type=2&prefix=audio/`)).text();
  return [...listing.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!);
}

describe("read-aloud recordings in an S3 bucket", () => {
  it("are stored encrypted, served whole and by Range, replaced and removed with their objects", async () => {
    const kod = "genel-tibbi-mudahale";
    const first = silentMp3(2);
    expect((await audioCall("PUT", kod, "tr", { body: first, type: "audio/mpeg", key, baseUrl: server.url })).status).toBe(200);
    const [objectKey, ...more] = await objects();
    expect(more).toEqual([]);
    const raw = Buffer.from(await (await fetch(`${s3Url}/${BUCKET}/${objectKey}`)).arrayBuffer());
    expect(raw.length).toBeGreaterThan(first.length);
    expect(raw.includes(first.subarray(0, 104))).toBe(false);

    const got = await audioCall("GET", kod, "tr", { key, baseUrl: server.url });
    expect(got.bytes.equals(first)).toBe(true);
    const part = await audioCall("GET", kod, "tr", { key, baseUrl: server.url, headers: { Range: "bytes=0-103" } });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(first.subarray(0, 104))).toBe(true);

    // The signing page of a consent of that text hears it from the bucket.
    const created = await fetch(`${server.url}/v1/consents`, {
      method: "POST",
      headers: { Authorization: basic(key), "Content-Type": "application/json" },
      body: JSON.stringify({ sablon_kod: kod, adsoyad: "Ayşe Yılmaz", telefon: testPhone(), sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" } }),
    });
    expect(created.status).toBe(201);
    const c = (await created.json()) as Consent;
    const cookie = await verifiedSession(tokenOf(c), c.id, { url: server.url, dataDir });
    const heard = await signingAudio(tokenOf(c), cookie, "bytes=0-", server.url);
    expect(heard.status).toBe(206);
    expect(heard.bytes.equals(first)).toBe(true);

    const second = silentMp3(3, { id3: true });
    expect((await audioCall("PUT", kod, "tr", { body: second, type: "audio/mpeg", key, baseUrl: server.url })).status).toBe(200);
    const afterReplace = await objects();
    expect(afterReplace).toHaveLength(1);
    expect(afterReplace[0]).not.toBe(objectKey);
    expect((await audioCall("GET", kod, "tr", { key, baseUrl: server.url })).bytes.equals(second)).toBe(true);

    expect((await audioCall("DELETE", kod, "tr", { key, baseUrl: server.url })).status).toBe(204);
    expect(await objects()).toEqual([]);
  });
});
