import { describe, expect, it } from "vitest";
import { namesPhysician } from "@/lib/consents/physician-match";

describe("namesPhysician", () => {
  it("matches the user's name within the field, titles, case and Turkish marks aside", () => {
    expect(namesPhysician("Dr. Zeynep Öztürk", "Zeynep Öztürk")).toBe(true);
    expect(namesPhysician("Uzm. Dr. ZEYNEP ÖZTÜRK (Ortodonti)", "Dr. Zeynep Ozturk")).toBe(true);
    expect(namesPhysician("Doç. Dr. İsmail Işık", "ismail isik")).toBe(true);
  });
  it("does not match another name, a part of the name, or nothing", () => {
    expect(namesPhysician("Dr. Zeynep Kaya", "Zeynep Öztürk")).toBe(false);
    expect(namesPhysician("Dr. Öztürk", "Zeynep Öztürk")).toBe(false);
    expect(namesPhysician(null, "Zeynep Öztürk")).toBe(false);
    expect(namesPhysician("Dr. Zeynep Öztürk", null)).toBe(false);
    expect(namesPhysician("Dr. Zeynep Öztürk", "Dr.")).toBe(false);
  });
});
