import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyRing } from "@/lib/encryption";
import { openEventData, sealEventData } from "@/lib/evidence/event-data";

const keys = keyRing(randomBytes(32).toString("base64"));

describe("evidence data at rest", () => {
  it("seals the data and opens the same object", () => {
    const data = { reason: "Başka hastanede olacağım", n: 3, nested: { ok: true }, list: [1, "a"] };
    const sealed = sealEventData(data, keys);
    expect(JSON.stringify(sealed)).not.toContain("hastanede");
    expect(openEventData(sealed, keys)).toEqual(data);
  });

  it("reads plain data stored before, and gives back an altered row as stored (the chain then fails)", () => {
    expect(openEventData({ sms: true }, keys)).toEqual({ sms: true });
    expect(openEventData({}, keys)).toEqual({});
    expect(openEventData(null, keys)).toEqual({});
    const sealed = sealEventData({ sms: true }, keys);
    const altered = { ...sealed, sms: false };
    expect(openEventData(altered, keys)).toEqual(altered);
    const flipped = { enc: sealed.enc.slice(0, -2) + (sealed.enc.endsWith("A") ? "BB" : "AA") };
    expect(openEventData(flipped, keys)).toEqual(flipped);
    expect(openEventData({ enc: "not a ciphertext" }, keys)).toEqual({ enc: "not a ciphertext" });
  });
});
