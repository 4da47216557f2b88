import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { MAX_BODY_BYTES, MAX_DEPTH, parseJsonObject, readRawBody, readRawBytes } from "@/lib/api/read-body";

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as AppError).code;
  }
  return "none";
};

describe("parseJsonObject", () => {
  it("accepts JSON objects declared as JSON", () => {
    expect(parseJsonObject('{"a":1}', "application/json; charset=utf-8", false)).toEqual({ a: 1 });
  });
  it("maps bad bodies to 400/415", () => {
    expect(codeOf(() => parseJsonObject("{", "application/json", false))).toBe("bad_request");
    expect(codeOf(() => parseJsonObject("[1]", "application/json", false))).toBe("bad_request");
    expect(codeOf(() => parseJsonObject("null", "application/json", false))).toBe("bad_request");
    expect(codeOf(() => parseJsonObject("", "application/json", false))).toBe("bad_request");
    expect(codeOf(() => parseJsonObject('{"a":1}', "text/plain", false))).toBe("unsupported_media_type");
    expect(codeOf(() => parseJsonObject('{"a":1}', null, false))).toBe("unsupported_media_type");
    expect(codeOf(() => parseJsonObject('{"a":1}', "application/merge-patch+json", false))).toBe("unsupported_media_type");
  });
  it("refuses a body nested deeper than MAX_DEPTH with 400, however it nests, and takes one at the limit", () => {
    const arrays = (n: number) => `{"a":${"[".repeat(n)}${"]".repeat(n)}}`;
    const objects = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;
    for (const raw of [arrays(5000), objects(5000), arrays(MAX_DEPTH)]) {
      expect(codeOf(() => parseJsonObject(raw, "application/json", false))).toBe("bad_request");
    }
    expect(codeOf(() => parseJsonObject(arrays(MAX_DEPTH - 1), "application/json", false))).toBe("none");
    expect(codeOf(() => parseJsonObject(objects(MAX_DEPTH), "application/json", false))).toBe("none");
  });
  it("replaces lone UTF-16 surrogates, which no UTF-8 text can hold, with U+FFFD, and keeps real pairs", () => {
    const raw = '{"reason":"a \\ud800 b","n":{"\\udc00k":["\\ud83d\\ude00 \\ud83d"]}}';
    expect(parseJsonObject(raw, "application/json", false)).toEqual({ reason: "a \ufffd b", n: { "\ufffdk": ["😀 \ufffd"] } });
  });

  it("treats an empty optional body as {}", () => {
    expect(parseJsonObject("", null, true)).toEqual({});
  });
});

describe("readRawBody", () => {
  it("refuses bodies over 1 MiB even without a Content-Length", async () => {
    const big = new ReadableStream({
      start(c) {
        c.enqueue(new Uint8Array(MAX_BODY_BYTES));
        c.enqueue(new Uint8Array(10));
        c.close();
      },
    });
    const req = new Request("http://x/", { method: "POST", body: big, duplex: "half" } as RequestInit);
    await expect(readRawBody(req)).rejects.toMatchObject({ code: "payload_too_large" });
  });
  it("refuses bytes that are not UTF-8 with 400, and reads real UTF-8", async () => {
    const bad = new Request("http://x/", { method: "POST", body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });
    await expect(readRawBody(bad)).rejects.toMatchObject({ code: "bad_request" });
    expect(await readRawBody(new Request("http://x/", { method: "POST", body: '{"ad":"Ayşe Iğdır"}' }))).toBe('{"ad":"Ayşe Iğdır"}');
  });
  it("reads a body at the limit", async () => {
    const req = new Request("http://x/", { method: "POST", body: "a".repeat(MAX_BODY_BYTES) });
    expect((await readRawBody(req)).length).toBe(MAX_BODY_BYTES);
  });
});

describe("readRawBytes with an endpoint's own limit", () => {
  const streamed = (sizes: number[]) =>
    new Request("http://x/", {
      method: "PUT",
      body: new ReadableStream({
        start(c) {
          for (const n of sizes) c.enqueue(new Uint8Array(n));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
  it("takes more than 1 MiB up to the limit and refuses one byte past it, counted as it arrives", async () => {
    const limit = 3 * 1024 * 1024;
    expect((await readRawBytes(streamed([limit - 10, 10]), limit)).length).toBe(limit);
    await expect(readRawBytes(streamed([limit, 1]), limit)).rejects.toMatchObject({ code: "payload_too_large", message: expect.stringContaining("3 MiB") });
    const declared = new Request("http://x/", { method: "PUT", body: "x", headers: { "Content-Length": String(limit + 1) } });
    await expect(readRawBytes(declared, limit)).rejects.toMatchObject({ code: "payload_too_large" });
  });
});
