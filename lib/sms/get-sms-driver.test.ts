// Unit tests of SMS driver selection from settings.
import { describe, expect, it } from "vitest";
import { EnvError } from "@/lib/env";
import { createSmsDriver, type SmsSettings } from "@/lib/sms/get-sms-driver";

const base: SmsSettings = {
  SMS_DRIVER: "file",
  SMS_OUTBOX_PATH: "/tmp/e-onam-test/sms-outbox.jsonl",
  NETGSM_URL: "https://api.netgsm.com.tr",
  NETGSM_USERCODE: undefined,
  NETGSM_PASSWORD: undefined,
  NETGSM_HEADER: undefined,
};

describe("createSmsDriver", () => {
  it("gives the file driver for SMS_DRIVER=file", () => {
    expect(createSmsDriver(base).name).toBe("file");
  });

  it("refuses netgsm without its settings, naming each missing one", () => {
    const go = () => createSmsDriver({ ...base, SMS_DRIVER: "netgsm", NETGSM_PASSWORD: "p", NETGSM_HEADER: "" });
    expect(go).toThrow(EnvError);
    expect(go).toThrow("Invalid settings: SMS_DRIVER=netgsm needs NETGSM_USERCODE, NETGSM_HEADER");
  });

  it("gives the netgsm driver when usercode, password and header are set", () => {
    const d = createSmsDriver({ ...base, SMS_DRIVER: "netgsm", NETGSM_USERCODE: "8501234567", NETGSM_PASSWORD: "p", NETGSM_HEADER: "KLINIK" });
    expect(d.name).toBe("netgsm");
  });
});
