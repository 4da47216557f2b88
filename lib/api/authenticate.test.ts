import { describe, expect, it } from "vitest";
import { parseBasic } from "@/lib/api/authenticate";

const b64 = (s: string) => Buffer.from(s).toString("base64");

describe("parseBasic", () => {
  it("splits at the first colon", () => {
    expect(parseBasic(`Basic ${b64("ak_1:sk_a:b")}`)).toEqual({ id: "ak_1", secret: "sk_a:b" });
    expect(parseBasic(`basic ${b64("ak_1:s")}`)).toEqual({ id: "ak_1", secret: "s" });
  });
  it("rejects anything else", () => {
    expect(parseBasic(null)).toBeNull();
    expect(parseBasic("Bearer x")).toBeNull();
    expect(parseBasic(`Basic ${b64("nocolon")}`)).toBeNull();
    expect(parseBasic(`Basic ${b64(":secret")}`)).toBeNull();
    expect(parseBasic("Basic !!!")).toBeNull();
  });
});
