import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyRing } from "@/lib/encryption";
import { decryptEventData, encryptEventData } from "@/lib/evidence/event-data";

const keys = keyRing(randomBytes(32).toString("base64"));

describe("evidence data at rest", () => {
  it("seals the data and opens the same object", () => {
    const data = { reason: "Başka hastanede olacağım", n: 3, nested: { ok: true }, list: [1, "a"] };
    const ciphertext = encryptEventData(data, keys);
    expect(JSON.stringify(ciphertext)).not.toContain("hastanede");
    expect(decryptEventData(ciphertext, keys)).toEqual(data);
  });

  it("reads plain data stored before, and gives back an altered row as stored (the chain then fails)", () => {
    expect(decryptEventData({ sms: true }, keys)).toEqual({ sms: true });
    expect(decryptEventData({}, keys)).toEqual({});
    expect(decryptEventData(null, keys)).toEqual({});
    const ciphertext = encryptEventData({ sms: true }, keys);
    const altered = { ...ciphertext, sms: false };
    expect(decryptEventData(altered, keys)).toEqual(altered);
    const flipped = { enc: ciphertext.enc.slice(0, -2) + (ciphertext.enc.endsWith("A") ? "BB" : "AA") };
    expect(decryptEventData(flipped, keys)).toEqual(flipped);
    expect(decryptEventData({ enc: "not a ciphertext" }, keys)).toEqual({ enc: "not a ciphertext" });
  });
});
