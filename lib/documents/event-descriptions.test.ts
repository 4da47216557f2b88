import { describe, expect, it } from "vitest";
import { describeActor, describeEvent } from "@/lib/documents/event-descriptions";

describe("describeActor", () => {
  it("names each kind of actor in words and keeps the key or user id apart", () => {
    expect(describeActor("signer")).toEqual({ label: "İmzalayan kişi", id: null });
    expect(describeActor("system")).toEqual({ label: "Sistem", id: null });
    expect(describeActor("api:ak_lbncz71sttc0pt14udg9")).toEqual({ label: "API anahtarı", id: "ak_lbncz71sttc0pt14udg9" });
    expect(describeActor("panel:usr_bk5mkgnqd2itcfzng8d8", { panel: "Panel user" })).toEqual({ label: "Panel user", id: "usr_bk5mkgnqd2itcfzng8d8" });
  });

  it("shows an unknown kind as it is", () => {
    expect(describeActor("cron")).toEqual({ label: "cron", id: null });
  });
});

describe("describeEvent", () => {
  it("says how much of the recording was listened to (decisions §22)", () => {
    expect(describeEvent("metin_dinlendi", { percent: 75 })).toBe("Metin sesli dinlendi: %75");
    expect(describeEvent("imzalandi", { method: "drawn" })).toBe("Kişi onayladı ve imzaladı");
  });
});
