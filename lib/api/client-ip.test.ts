import { describe, expect, it } from "vitest";
import { clientIpFrom } from "@/lib/api/client-ip";

describe("clientIpFrom", () => {
  it("takes the address the nearest proxy appended, not one the client wrote first", () => {
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "1.2.3.4, 85.105.12.34" }))).toBe("85.105.12.34");
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe("::ffff:127.0.0.1");
    expect(clientIpFrom(new Headers({ "x-real-ip": "10.0.0.9" }))).toBe("10.0.0.9");
    expect(clientIpFrom(new Headers())).toBe("unknown");
  });
});
