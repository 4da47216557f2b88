// Unit tests of the `file` SMS driver: the §13 line format and whole lines under concurrent sends.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFileDriver, readOutbox } from "@/lib/sms/file-driver";
import { SmsSendError } from "@/lib/sms/sms-driver";

const dirs: string[] = [];
function tmpFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sms-outbox-"));
  dirs.push(dir);
  // A directory that does not exist yet: the driver makes it.
  return path.join(dir, "nested", "deeper", "sms-outbox.jsonl");
}

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("createFileDriver", () => {
  it("appends one line with exactly to, body, kind, consent_id and at", async () => {
    const file = tmpFile();
    const driver = createFileDriver(file);
    expect(driver.name).toBe("file");

    const before = Date.now();
    const result = await driver.send({
      to: "+905321234567",
      body: "Onam formunuz: https://onam.example/s/abc — İğüşöç",
      kind: "link",
      consentId: "cns_1",
    });
    await driver.send({ to: "+905329876543", body: "Kodunuz: 123456", kind: "otp", consentId: null });
    expect(result).toEqual({ providerRef: null });

    const raw = fs.readFileSync(file, "utf8");
    expect(raw.endsWith("\n")).toBe(true);
    const lines = raw.trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(Object.keys(line).sort()).toEqual(["at", "body", "consent_id", "kind", "to"]);

    expect(lines[0]).toMatchObject({
      to: "+905321234567",
      body: "Onam formunuz: https://onam.example/s/abc — İğüşöç",
      kind: "link",
      consent_id: "cns_1",
    });
    expect(lines[1]).toMatchObject({ kind: "otp", consent_id: null });
    const at = String(lines[0]?.at);
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1);

    expect(await readOutbox(file)).toEqual(lines);
  });

  it("writes a tenant's own sender name as `header` when the message has one (issue #42)", async () => {
    const file = tmpFile();
    await createFileDriver(file).send({ to: "+905321234567", body: "Kodunuz: 123456", kind: "otp", consentId: "cns_2", header: "SIFA KLNK" });
    expect(await readOutbox(file)).toEqual([expect.objectContaining({ consent_id: "cns_2", header: "SIFA KLNK" })]);
  });

  it("keeps 50 concurrent sends as 50 whole lines", async () => {
    const file = tmpFile();
    const a = createFileDriver(file);
    const b = createFileDriver(file); // a second instance on the same file must not interleave either
    const long = "ş".repeat(3000);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? a : b).send({ to: `+9053212345${String(i).padStart(2, "0")}`, body: `${i} ${long}`, kind: "otp", consentId: `c${i}` }),
      ),
    );
    const raw = fs.readFileSync(file, "utf8").trimEnd().split("\n");
    expect(raw).toHaveLength(50);
    const parsed = raw.map((l) => JSON.parse(l) as { consent_id: string; body: string });
    expect(new Set(parsed.map((p) => p.consent_id)).size).toBe(50);
    for (const p of parsed) expect(p.body.endsWith(long)).toBe(true);
    expect(await readOutbox(file)).toHaveLength(50);
  });

  it("fails with a path-free SmsSendError when the file cannot be written", async () => {
    const file = tmpFile();
    fs.mkdirSync(file, { recursive: true }); // a directory where the file should be
    const err = await createFileDriver(file)
      .send({ to: "+905321234567", body: "x", kind: "otp", consentId: null })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as SmsSendError).message).toBe("file: EISDIR");
    expect((err as SmsSendError).retryable).toBe(false);
  });
});

describe("readOutbox", () => {
  it("reads a missing file as empty and skips torn lines", async () => {
    const file = tmpFile();
    expect(await readOutbox(file)).toEqual([]);
    await createFileDriver(file).send({ to: "+905321234567", body: "a", kind: "link", consentId: "c1" });
    fs.appendFileSync(file, '{"to":"+90532","bo\n');
    await createFileDriver(file).send({ to: "+905321234568", body: "b", kind: "otp", consentId: null });
    expect((await readOutbox(file)).map((l) => l.body)).toEqual(["a", "b"]);
  });

  it("reads only the whole lines within the last bytes when asked for the tail", async () => {
    const file = tmpFile();
    for (const body of ["first", "second", "third"]) await createFileDriver(file).send({ to: "+905321234567", body, kind: "link", consentId: "c1" });
    const lastLine = fs.readFileSync(file, "utf8").trimEnd().split("\n").at(-1)!;
    expect((await readOutbox(file, lastLine.length + 10)).map((l) => l.body)).toEqual(["third"]);
    expect((await readOutbox(file, 1_000_000)).map((l) => l.body)).toEqual(["first", "second", "third"]);
  });
});
