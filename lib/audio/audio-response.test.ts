import { describe, expect, it } from "vitest";
import { audioResponse, byteRange } from "@/lib/audio/audio-response";

describe("byteRange", () => {
  it("reads one satisfiable range, open-ended and suffix forms included", () => {
    expect(byteRange("bytes=0-", 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange("bytes=10-19", 100)).toEqual({ start: 10, end: 19 });
    expect(byteRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
  });
  it("sends the whole file for none, several, unsatisfiable or malformed ranges", () => {
    for (const h of [null, "", "bytes=0-1,5-6", "bytes=100-", "bytes=5-1", "items=0-1", "bytes=-", "bytes=-0", "bytes=a-b"]) expect(byteRange(h, 100), String(h)).toBeNull();
  });
});

describe("audioResponse", () => {
  const rec = { bytes: Buffer.from("0123456789"), contentType: "audio/mpeg", sha256: "ab" };
  it("answers 200 with every byte and Accept-Ranges, or 206 with the part and Content-Range", async () => {
    const full = audioResponse(rec, null);
    expect(full.status).toBe(200);
    expect(full.headers.get("accept-ranges")).toBe("bytes");
    expect(full.headers.get("content-length")).toBe("10");
    expect(await full.text()).toBe("0123456789");
    const part = audioResponse(rec, "bytes=2-4");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-4/10");
    expect(await part.text()).toBe("234");
  });
});
