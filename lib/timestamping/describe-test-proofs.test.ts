import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { describeTestProofs } from "./describe-test-proofs";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

function withSettings(settings: Record<string, string>) {
  process.env = { ...saved, APP_SECRET: "s".repeat(40), ...settings };
  resetEnvForTests();
  return describeTestProofs();
}

describe("describeTestProofs", () => {
  it("names the test seal, the test time-stamp, both, or neither", () => {
    expect(withSettings({ SEAL_DRIVER: "local", TSA_DRIVER: "local" })).toBe("both");
    expect(withSettings({ SEAL_DRIVER: "p12", SEAL_P12_FILE: "/x.p12", TSA_DRIVER: "local" })).toBe("tsa");
    expect(withSettings({ SEAL_DRIVER: "local", TSA_DRIVER: "rfc3161", TSA_URL: "https://tsa.example", TSA_LEGALLY_VALID: "1" })).toBe("seal");
    expect(withSettings({ SEAL_DRIVER: "p12", SEAL_P12_FILE: "/x.p12", TSA_DRIVER: "rfc3161", TSA_URL: "https://tsa.example", TSA_LEGALLY_VALID: "1" })).toBeNull();
    // A provider not marked legally valid is no better than the test one.
    expect(withSettings({ SEAL_DRIVER: "p12", SEAL_P12_FILE: "/x.p12", TSA_DRIVER: "rfc3161", TSA_URL: "https://tsa.example" })).toBe("tsa");
  });
});
